import { imageSources, type StoreImage as Image } from '@granary/domain';
import { Box } from '@mui/material';

/** A product image at a display size: sized URL, 2x (and 3x on the product page) per platform.md 5.8. */
export function StoreImage({
  image,
  size,
  with3x = false,
  alt,
}: {
  image: Image | null;
  size: number;
  with3x?: boolean;
  alt: string;
}) {
  if (!image) return <Box sx={{ width: '100%', aspectRatio: '1', bgcolor: 'grey.100', borderRadius: 1 }} />;
  const height = Math.round((size * image.height) / image.width);
  const { src, srcSet } = imageSources(image.url, { width: size, height }, { with3x });
  return (
    <Box
      component="img"
      src={src}
      srcSet={srcSet}
      alt={alt}
      loading="lazy"
      width={size}
      height={height}
      sx={{
        width: '100%',
        height: 'auto',
        aspectRatio: `${image.width} / ${image.height}`,
        display: 'block',
        borderRadius: 1,
        bgcolor: 'grey.50',
      }}
    />
  );
}
