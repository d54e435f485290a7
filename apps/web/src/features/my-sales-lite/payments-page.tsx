import { Alert, Snackbar, Stack } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../lib/i18n/t';
import { MslFrame } from './components/msl-frame';
import { EligibleSection } from './payments/eligible-section';
import { RequestsSection } from './payments/requests-section';

/**
 * /my-sales-lite/payments: what the farmer may ask to be paid for (final settlements, with the totals per crop and
 * year), the Request payment flow (choose, confirm ACH or check, submit), and their requests with status and history.
 */
export function MslPaymentsPage() {
  const t = useT();
  const [done, setDone] = useState(false);
  return (
    <MslFrame title="msl.title.payments">
      <Stack spacing={4}>
        <EligibleSection onRequested={() => setDone(true)} />
        <RequestsSection />
      </Stack>
      <Snackbar
        open={done}
        autoHideDuration={4000}
        onClose={(_e, reason) => reason !== 'clickaway' && setDone(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" onClose={() => setDone(false)}>
          {t('payments.msl.done')}
        </Alert>
      </Snackbar>
    </MslFrame>
  );
}
