import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { AdminUser } from '@granary/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../../../lib/routing/route-handle';
import { showToast } from '../../../../lib/toast/toast-store';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { CrmErrorState, CrmPageFrame } from '../../components/crm-page-frame';
import { AdminSectionGate, AdminTabs } from '../admin-tabs';
import { useAdminUser, usePatchAdminUser, useUserPermissions } from './admin-users-api';
import { EditUserDialog } from './edit-user-dialog';
import { PermissionMatrix } from './permission-matrix';
import { AdminRoles, StatusChip } from './user-chips';
import { fullName } from './user-names';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Suspend or unsuspend, after a confirmation that says what it does. */
function SuspendButton({ user, onDone }: { user: AdminUser; onDone: () => Promise<unknown> }) {
  const t = useT();
  const patch = usePatchAdminUser(user.userId);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const suspending = user.status === 'active';
  const name = fullName(user);
  const confirm = async () => {
    setFailure(null);
    try {
      await patch.mutateAsync({ patch: { status: suspending ? 'suspended' : 'active' }, version: user.version });
      setOpen(false);
      showToast(
        { messageId: suspending ? 'adminUsers.suspended' : 'adminUsers.unsuspended', values: { name } },
        { severity: 'success' },
      );
      await onDone();
    } catch (error) {
      if (isApiError(error) && error.code === 'precondition_failed') {
        setFailure(t('adminUsers.error.conflict'));
        await onDone();
      } else if (isApiError(error) && error.code === 'admin_self_change') setFailure(error.message);
      else setFailure(t('adminUsers.error.userNotSaved'));
    }
  };
  return (
    <>
      <Button
        variant={suspending ? 'outlined' : 'contained'}
        color={suspending ? 'warning' : 'primary'}
        disabled={user.isSelf}
        onClick={() => setOpen(true)}
      >
        {t(suspending ? 'adminUsers.suspend' : 'adminUsers.unsuspend')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="suspend-title">
        <DialogTitle id="suspend-title">
          {t(suspending ? 'adminUsers.suspend.title' : 'adminUsers.unsuspend.title', { name })}
        </DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <DialogContentText>
            {t(suspending ? 'adminUsers.suspend.body' : 'adminUsers.unsuspend.body')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('adminUsers.cancel')}</Button>
          <Button
            variant="contained"
            color={suspending ? 'warning' : 'primary'}
            disabled={patch.isPending}
            onClick={() => void confirm()}
          >
            {t(suspending ? 'adminUsers.suspend' : 'adminUsers.unsuspend')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Profile({ user, onChanged }: { user: AdminUser; onChanged: () => Promise<unknown> }) {
  const t = useT();
  const dates = useDates();
  const [editing, setEditing] = useState(false);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('adminUsers.profile.label')}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.35rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {fullName(user)}
          </Typography>
          <StatusChip status={user.status} />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            {t('adminUsers.profile.edit')}
          </Button>
          <SuspendButton user={user} onDone={onChanged} />
        </Stack>
      </Stack>
      <EditUserDialog user={user} open={editing} onClose={() => setEditing(false)} onSaved={onChanged} />
      {user.isSelf ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('adminUsers.self')}
        </Alert>
      ) : null}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, minmax(0, 1fr))' }, gap: 2, m: 0 }}
      >
        <Fact label={t('adminUsers.profile.email')}>{user.email}</Fact>
        <Fact label={t('adminUsers.profile.phone')}>{user.phoneNumber ?? '—'}</Fact>
        <Fact label={t('adminUsers.col.adminRoles')}>
          <AdminRoles roles={user.adminPermissions} />
        </Fact>
        <Fact label={t('adminUsers.profile.lastSignIn')}>
          {user.lastSignInAt ? dates.dateTime(user.lastSignInAt) : t('adminUsers.never')}
        </Fact>
        <Fact label={t('adminUsers.profile.created')}>{dates.instant(user.createdAt)}</Fact>
      </Box>
    </Paper>
  );
}

function UserBody({ userId }: { userId: number }) {
  const user = useAdminUser(userId);
  const matrix = useUserPermissions(userId);
  const reload = () => Promise.all([user.refetch(), matrix.refetch()]);
  if (user.error) return <CrmErrorState error={user.error} onRetry={() => void user.refetch()} />;
  if (matrix.error) return <CrmErrorState error={matrix.error} onRetry={() => void matrix.refetch()} />;
  if (!user.data || !matrix.data) return <PageSpinner />;
  return (
    <Stack spacing={3}>
      <Profile user={user.data} onChanged={reload} />
      <PermissionMatrix matrix={matrix.data} isSelf={user.data.isSelf} onReload={reload} />
    </Stack>
  );
}

/** /crm/administrator/users/:userId: the user's facts, suspend/unsuspend, and their permission matrix. */
export function AdminUserPage() {
  const t = useT();
  const localized = useLocalizedPath();
  const { userId } = useParams();
  const id = Number(userId);
  return (
    <AdminSectionGate section="users">
      <CrmPageFrame title={t('adminUsers.user.title')}>
        {() => (
          <>
            <AdminTabs />
            <Button
              component={RouterLink}
              to={localized('/crm/administrator/users')}
              startIcon={<ArrowBackRoundedIcon />}
              sx={{ mb: 2 }}
            >
              {t('adminUsers.back')}
            </Button>
            {Number.isSafeInteger(id) && id > 0 ? (
              <UserBody key={id} userId={id} />
            ) : (
              <CrmErrorState error={new Error(t('crm.loadFailed'))} />
            )}
          </>
        )}
      </CrmPageFrame>
    </AdminSectionGate>
  );
}
