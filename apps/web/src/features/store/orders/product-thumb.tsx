import { Box } from '@mui/material';

/** A product's square picture in the order and purchase lists (64 px drawn, 128 px fetched); grey when it has none. */
export function ProductThumb({
  imageUrl,
  size = 64,
}: {
  imageUrl: string | null;
  /** The box's width and height: a number of pixels or, by breakpoint, several. */
  size?: number | { xs: number; sm: number };
}) {
  return (
    <Box sx={{ width: size, height: size, bgcolor: 'grey.100', borderRadius: 1, overflow: 'hidden' }}>
      {imageUrl ? (
        <img
          src={`${imageUrl}?w=128&h=128`}
          alt=""
          width={64}
          height={64}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </Box>
  );
}
