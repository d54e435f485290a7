import CreditCardRoundedIcon from '@mui/icons-material/CreditCardRounded';
import { Box, Chip, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import type { CheckoutView } from '@granary/domain';
import { T, useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';

/** The test card provider's cards (decision 021): tokens only, never a card number. */
export const TEST_CARDS = [
  { token: 'tok_test_visa', brand: 'Visa', last4: '4242', outcome: 'approved' },
  { token: 'tok_test_declined', brand: 'Visa', last4: '0002', outcome: 'declined' },
] as const;

/** The built-in test card provider's form: looks like a card form, takes a test card's token, never a card number. */
export function TestCardForm({
  view,
  token,
  onChoose,
}: {
  view: CheckoutView;
  token: string;
  onChoose: (token: string) => void;
}) {
  const t = useT();
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, mt: 1, mb: 1, bgcolor: 'background.default' }}
      role="group"
      aria-label={t('store.checkout.card.title')}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <CreditCardRoundedIcon color="action" />
        <Typography sx={{ fontWeight: 700, flex: 1 }}>
          <T id="store.checkout.card.title" />
        </Typography>
        {view.cardProvider === 'test' ? (
          <Chip size="small" color="info" label={t('store.checkout.card.testBadge')} />
        ) : null}
      </Stack>
      {view.cardProvider === 'test' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          <T id="store.checkout.card.testHint" />
        </Typography>
      ) : null}
      <RadioGroup
        value={token}
        onChange={(e) => onChoose(e.target.value)}
        aria-label={t('store.checkout.card.choose')}
        sx={{ gap: 1 }}
      >
        {TEST_CARDS.map((c) => (
          <FormControlLabel
            key={c.token}
            value={c.token}
            control={<Radio size="small" />}
            sx={{
              m: 0,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1.5,
              px: 1,
              py: 0.5,
              bgcolor: 'background.paper',
              '&:has(input:checked)': { borderColor: 'primary.main' },
            }}
            label={
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Box sx={{ fontFamily: 'monospace', letterSpacing: 1, whiteSpace: 'nowrap' }}>
                  <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    {'•••• •••• '}
                  </Box>
                  {`•••• ${c.last4}`}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {t(`store.checkout.card.${c.outcome}` as MessageId, { brand: c.brand })}
                </Typography>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
