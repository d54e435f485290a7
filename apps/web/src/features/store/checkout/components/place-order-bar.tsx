import { Button, Typography } from '@mui/material';
import { T } from '../../../../lib/i18n/t';

/** The one primary action: place the order (busy while placing; off when the cart has nothing to ship). */
export function PlaceOrderBar({
  placing,
  disabled,
  onPlace,
}: {
  placing: boolean;
  disabled: boolean;
  onPlace: () => void;
}) {
  return (
    <>
      <Button
        fullWidth
        variant="contained"
        size="large"
        sx={{ py: 1.4, fontSize: 16, fontWeight: 700 }}
        disabled={placing || disabled}
        onClick={onPlace}
      >
        {placing ? <T id="store.checkout.placing" /> : <T id="store.checkout.place" />}
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1, textAlign: 'center' }}>
        <T id="store.checkout.placeHint" />
      </Typography>
    </>
  );
}
