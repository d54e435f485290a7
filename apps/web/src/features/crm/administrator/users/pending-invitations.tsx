import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { InvitationRow } from '@granary/domain';
import { useState } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { showToast } from '../../../../lib/toast/toast-store';
import { useResendInvitation, useRevokeInvitation } from './admin-users-api';
import { AdminRoles } from './user-chips';

function failed(error: unknown, fallback: string) {
  showToast({ text: isApiError(error) ? error.message : fallback }, { severity: 'error' });
}

/** The partner's pending invitations: who, when sent, until when the link works; resend or revoke. */
export function PendingInvitations({ invitations }: { invitations: readonly InvitationRow[] }) {
  const t = useT();
  const dates = useDates();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<InvitationRow | null>(null);
  return (
    <Paper variant="outlined" component="section" aria-label={t('adminUsers.invitations.label')} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
        {t('adminUsers.invitations.title')}
      </Typography>
      <Stack spacing={1.5} component="ul" sx={{ p: 0, m: 0 }}>
        {invitations.map((i) => (
          <Stack
            key={i.id}
            component="li"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 1, sm: 2 }}
            sx={{ listStyle: 'none', alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
              <MailOutlineRoundedIcon color="action" fontSize="small" sx={{ mt: 0.25 }} aria-hidden />
              <div style={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {`${i.firstName} ${i.lastName}`} · {i.email}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('adminUsers.markets.count', { count: i.marketsCount })} · <AdminRoles roles={i.adminPermissions} />{' '}
                  · {t('adminUsers.invitations.sent', { when: dates.relative(i.sentAt) })}
                </Typography>
                {i.expired ? (
                  <Chip size="small" color="warning" label={t('adminUsers.invitations.expired')} sx={{ mt: 0.5 }} />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    {t('adminUsers.invitations.expires', { day: dates.instant(i.expiresAt) })}
                  </Typography>
                )}
              </div>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0, pl: { xs: 4, sm: 0 } }}>
              <Button
                size="small"
                variant="outlined"
                disabled={resend.isPending}
                aria-label={`${t('adminUsers.invitations.resend')} ${i.email}`}
                onClick={() =>
                  resend.mutate(i.id, {
                    onSuccess: () =>
                      showToast(
                        { messageId: 'adminUsers.invitations.resent', values: { email: i.email } },
                        { severity: 'success' },
                      ),
                    onError: (e) => failed(e, t('adminUsers.invitations.failed')),
                  })
                }
              >
                {t('adminUsers.invitations.resend')}
              </Button>
              <Button
                size="small"
                color="error"
                aria-label={`${t('adminUsers.invitations.revoke')} ${i.email}`}
                onClick={() => setRevoking(i)}
              >
                {t('adminUsers.invitations.revoke')}
              </Button>
            </Stack>
          </Stack>
        ))}
      </Stack>
      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} maxWidth="xs" fullWidth>
        <DialogContent>
          <DialogContentText>
            {revoking ? t('adminUsers.invitations.revokeConfirm', { email: revoking.email }) : null}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>{t('adminUsers.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={revoke.isPending}
            onClick={() => {
              const target = revoking;
              if (!target) return;
              revoke.mutate(target.id, {
                onSuccess: () => {
                  setRevoking(null);
                  showToast(
                    { messageId: 'adminUsers.invitations.revoked', values: { email: target.email } },
                    { severity: 'success' },
                  );
                },
                onError: (e) => failed(e, t('adminUsers.invitations.failed')),
              });
            }}
          >
            {t('adminUsers.invitations.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
