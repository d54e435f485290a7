import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { CheckoutSection, CheckoutView } from '@granary/domain';
import { T } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';
import type { SectionError } from '../checkout-errors';
import { visuallyHidden } from '../../../../lib/ui/visually-hidden';

/** A card's errors, one alert each (`mb`: the space below each). */
export function SectionAlerts({ errors, mb }: { errors: SectionError[]; mb: number }) {
  return errors.map((e, i) => (
    <Alert key={i} severity="error" sx={{ mb }} data-section={e.section}>
      {e.message}
    </Alert>
  ));
}

/** A numbered step of the checkout: its title, its state (done, or required), its errors and its content. */
export function SectionCard({
  id,
  step,
  view,
  errors,
  children,
}: {
  id: CheckoutSection;
  step: number;
  view: CheckoutView;
  errors: SectionError[];
  children: ReactNode;
}) {
  const state = view.sections[id];
  return (
    <Paper
      component="section"
      aria-labelledby={`checkout-${id}`}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, mb: 2, borderRadius: 2, position: 'relative' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
            fontWeight: 700,
            fontSize: 14,
            bgcolor: state.filled ? 'success.main' : 'action.selected',
            color: state.filled ? 'success.contrastText' : 'text.primary',
          }}
        >
          {state.filled ? <CheckRoundedIcon sx={{ fontSize: 18 }} /> : step}
        </Box>
        <Typography
          id={`checkout-${id}`}
          component="h2"
          variant="h6"
          sx={{ fontWeight: 700, flex: 1, lineHeight: 1.3 }}
        >
          <T id={`store.checkout.section.${id}` as MessageId} />
        </Typography>
        {state.required && !state.filled ? (
          <Chip size="small" color="warning" variant="outlined" label={<T id="store.checkout.required" />} />
        ) : null}
        <Typography variant="caption" sx={visuallyHidden} data-testid={`section-${id}-state`}>
          <T id={state.filled ? 'store.checkout.filled' : 'store.checkout.todo'} />
        </Typography>
      </Stack>
      <SectionAlerts errors={errors} mb={2} />
      {children}
    </Paper>
  );
}
