import { Alert, Button, Snackbar } from '@mui/material';
import { T } from '../../../../lib/i18n/t';

/** A line under the grid after an action; a deletion's offers Undo (and stays longer). */
export type Notice = { message: string; undo?: () => void; severity?: 'success' | 'error' | 'info' };

export function BidsNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={notice?.undo ? 8000 : 4000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert
          severity={notice.severity ?? 'info'}
          variant="filled"
          onClose={onClose}
          action={
            notice.undo ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  const undo = notice.undo;
                  onClose();
                  undo?.();
                }}
              >
                <T id="crm.bids.undo" />
              </Button>
            ) : undefined
          }
        >
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
