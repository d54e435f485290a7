import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Drawer,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState } from '../components/crm-page-frame';
import { statementHref, useSettlementDetail, useSettlementStatus } from './settlements-api';
import { SettlementHeading, SettlementView } from '../../../lib/trading/settlement-view';

function VoidDialog({
  open,
  onClose,
  onConfirm,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  busy: boolean;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('settlements.void.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('settlements.void.body')}</Typography>
        <TextField
          label={t('settlements.void.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('settlements.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => onConfirm(reason.trim())}>
          {t('settlements.void.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A settlement opened from the list: its figures, the statement, Finalize and Void. */
export function SettlementDrawer({ settlementId, onClose }: { settlementId: number | null; onClose: () => void }) {
  const t = useT();
  const detail = useSettlementDetail(settlementId);
  const status = useSettlementStatus();
  const [voiding, setVoiding] = useState(false);
  const s = detail.data;

  const act = (action: 'finalize' | 'void', reason?: string) => {
    if (!s || s.id === null) return;
    status.mutate(
      { id: s.id, version: s.version, action, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setVoiding(false);
          showToast(
            { messageId: action === 'finalize' ? 'settlements.finalized' : 'settlements.voided' },
            { severity: 'success' },
          );
        },
        onError: (error) => {
          setVoiding(false);
          if (isApiError(error) && error.status === 412) void detail.refetch();
          showToast(isApiError(error) ? { text: error.message } : { messageId: 'crm.loadFailed' }, {
            severity: 'error',
          });
        },
      },
    );
  };

  return (
    <Drawer
      anchor="right"
      open={settlementId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: 880 }, maxWidth: '100%' } } }}
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }} role="region" aria-label={t('settlements.detail')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          {s ? <SettlementHeading settlement={s} /> : <Box />}
          <IconButton aria-label={t('settlements.close')} onClick={onClose} edge="end">
            <CloseRoundedIcon />
          </IconButton>
        </Stack>
        {detail.isPending ? <PageSpinner /> : null}
        {detail.isError ? <CrmErrorState error={detail.error} onRetry={() => void detail.refetch()} /> : null}
        {s && s.id !== null ? (
          <>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 2 }} useFlexGap>
              <Button
                variant="outlined"
                component="a"
                href={statementHref(s.id)}
                target="_blank"
                rel="noopener"
                startIcon={<FileDownloadOutlinedIcon />}
              >
                {t('settlements.download')}
              </Button>
              {s.status === 'draft' ? (
                <Button variant="contained" disabled={status.isPending} onClick={() => act('finalize')}>
                  {t('settlements.finalize')}
                </Button>
              ) : null}
              {s.status === 'draft' || s.status === 'final' ? (
                <Button color="error" disabled={status.isPending} onClick={() => setVoiding(true)}>
                  {t('settlements.void')}
                </Button>
              ) : null}
            </Stack>
            {s.status === 'void' && s.voidReason ? (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('settlements.voidedBecause', { reason: s.voidReason })}
              </Alert>
            ) : null}
            <SettlementView settlement={s} />
            <VoidDialog
              open={voiding}
              onClose={() => setVoiding(false)}
              onConfirm={(reason) => act('void', reason)}
              busy={status.isPending}
            />
          </>
        ) : null}
      </Box>
    </Drawer>
  );
}
