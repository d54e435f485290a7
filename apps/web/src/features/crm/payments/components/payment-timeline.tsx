import type { PaymentEvent } from '@granary/domain';
import { Box, Stack, Typography } from '@mui/material';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';

const PAYMENT_EVENT_LABEL: Record<PaymentEvent['action'], MessageId> = {
  request: 'payments.event.request',
  approve: 'payments.event.approve',
  reject: 'payments.event.reject',
  send: 'payments.event.send',
  settle: 'payments.event.settle',
  return: 'payments.event.return',
};

/** A payment request's events, oldest first: what happened, who (or 'automatically'), when, and the note. */
export function PaymentTimeline({ events }: { events: readonly PaymentEvent[] }) {
  const t = useT();
  const dates = useDates();
  return (
    <Stack component="ol" spacing={0} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => (
        <Box
          component="li"
          key={e.id}
          sx={{
            position: 'relative',
            pl: 3,
            pb: i === events.length - 1 ? 0 : 2,
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 6,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: e.toStatus === 'rejected' || e.toStatus === 'returned' ? 'error.main' : 'primary.main',
            },
            '&::after':
              i === events.length - 1
                ? {}
                : { content: '""', position: 'absolute', left: 9, top: 18, bottom: 0, width: 2, bgcolor: 'divider' },
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(PAYMENT_EVENT_LABEL[e.action])}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              {e.actor ? t('payments.event.by', { actor: e.actor }) : t('payments.event.system')}
            </Typography>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {dates.dateTime(e.at)}
          </Typography>
          {e.note ? (
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {e.note}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
