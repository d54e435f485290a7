import CreditCardRoundedIcon from '@mui/icons-material/CreditCardRounded';
import { Box, Chip, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { T, useT } from '../i18n/t';
import type { MessageId } from '../i18n/messages';

/**
 * The test card provider's cards (decision 021): tokens only, never a card number. The store's checkout pays with one
 * and billing saves one (decision 056), through this one form.
 */
export const TEST_CARDS = [
  { token: 'tok_test_visa', brand: 'Visa', last4: '4242', outcome: 'approved' },
  { token: 'tok_test_declined', brand: 'Visa', last4: '0002', outcome: 'declined' },
] as const;

/** The built-in test card provider's form: looks like a card form, takes a test card's token, never a card number. */
export function TestCardForm({
  provider,
  token,
  onChoose,
}: {
  /** The card provider configured (CARD_PROVIDER): 'test' shows the test badge and hint. */
  provider: string | null;
  token: string;
  onChoose: (token: string) => void;
}) {
  const t = useT();
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, mt: 1, mb: 1, bgcolor: 'background.default' }}
      role="group"
      aria-label={t('payments.card.title')}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <CreditCardRoundedIcon color="action" />
        <Typography sx={{ fontWeight: 700, flex: 1 }}>
          <T id="payments.card.title" />
        </Typography>
        {provider === 'test' ? <Chip size="small" color="info" label={t('payments.card.testBadge')} /> : null}
      </Stack>
      {provider === 'test' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          <T id="payments.card.testHint" />
        </Typography>
      ) : null}
      <RadioGroup
        value={token}
        onChange={(e) => onChoose(e.target.value)}
        aria-label={t('payments.card.choose')}
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
                  {t(`payments.card.${c.outcome}` as MessageId, { brand: c.brand })}
                </Typography>
              </Stack>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
