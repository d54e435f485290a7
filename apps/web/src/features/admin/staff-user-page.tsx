import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { Alert, Box, Button, Chip, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import {
  LIFECYCLE_PERMISSION,
  STAFF_AREA_PERMISSIONS,
  holdsAdminPermission,
  type UserLifecycleAction,
} from '@granary/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { showToast } from '../../lib/toast/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { AccountStatusChip, personName } from './account-status';
import { ActAsPanel } from './act-as-panel';
import { AdminFrame } from './admin-frame';
import { AdminPermissionsCard, ResourcePermissionsCard, RolesCard } from './staff-user-permissions';
import { NotificationPreferencesCard } from './staff-notifications';
import { Section, failureText } from './staff-user-page-parts';
import { staffLabel } from './staff-labels';
import { useLifecycleAction, useStaffUser, type UserDetail } from './staff-admin-api';

type Action = UserLifecycleAction | 'endSessions' | 'resetPassword';

/** The actions a status allows (platform.md 4.1), in the order the card shows them. */
function actionsFor(user: UserDetail): UserLifecycleAction[] {
  const unlock: UserLifecycleAction[] = user.locked ? ['unlock'] : [];
  if (user.status === 'active') return [...unlock, 'suspend', 'delete'];
  if (user.status === 'suspended') return [...unlock, 'unsuspend', 'delete'];
  return ['recover'];
}

const DANGEROUS: readonly Action[] = ['suspend', 'delete', 'endSessions', 'resetPassword'];

/** The account's actions a status allows and the admin may use (their permission of 6.5). */
function AccountActions({ user, onAsk }: { user: UserDetail; onAsk: (action: Action) => void }) {
  const t = useT();
  const { data } = useBootstrap();
  const me = data?.user;
  // Nobody suspends, deletes or resets themself (the server refuses it: admin_self_change), so their own page offers none.
  if (!me || me.id === user.id) return null;
  const allowed = actionsFor(user).filter((a) => holdsAdminPermission(me, LIFECYCLE_PERMISSION[a]));
  const canReset = user.status === 'active' && holdsAdminPermission(me, STAFF_AREA_PERMISSIONS.resetPassword);
  if (allowed.length === 0 && !canReset) return null;
  return (
    <Section title={<T id="staffAdmin.actions.title" />}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {allowed.map((action) => (
          <Button
            key={action}
            variant={DANGEROUS.includes(action) ? 'outlined' : 'contained'}
            color={DANGEROUS.includes(action) ? 'error' : 'primary'}
            onClick={() => onAsk(action)}
          >
            {t(`staffAdmin.actions.${action}`)}
          </Button>
        ))}
        {canReset ? (
          <Button variant="outlined" onClick={() => onAsk('resetPassword')}>
            {t('staffAdmin.actions.resetPassword')}
          </Button>
        ) : null}
      </Stack>
    </Section>
  );
}

/** Each action confirmed in a dialog; done or refused, a toast says so (8.4's words on a refusal). */
function ActionDialog({
  user,
  name,
  action,
  onClose,
}: {
  user: UserDetail;
  name: string;
  action: Action;
  onClose: () => void;
}) {
  const t = useT();
  const mutation = useLifecycleAction(user.id);
  const ids =
    action === 'endSessions'
      ? {
          title: 'staffAdmin.user.endSessions.title',
          body: 'staffAdmin.user.endSessions.body',
          confirm: 'staffAdmin.user.endSessions',
        }
      : ({
          title: `staffAdmin.confirm.${action}.title`,
          body: `staffAdmin.confirm.${action}.body`,
          confirm: `staffAdmin.actions.${action}`,
        } as const);
  const run = () =>
    mutation.mutate(action, {
      onSuccess: () => {
        onClose();
        showToast(
          action === 'endSessions'
            ? { messageId: 'staffAdmin.user.endSessions.done', values: { name } }
            : action === 'resetPassword'
              ? { messageId: 'staffAdmin.done.resetPassword', values: { email: user.email } }
              : { messageId: `staffAdmin.done.${action}`, values: { name } },
          { severity: 'success' },
        );
      },
      onError: (error) => {
        onClose();
        showToast({ text: failureText(t('staffAdmin.error.userNotSaved'), error) }, { severity: 'error' });
      },
    });
  return (
    <ConfirmDialog
      title={t(ids.title as MessageId, { name })}
      body={t(ids.body as MessageId)}
      confirmLabel={t(ids.confirm as MessageId)}
      cancelLabel={t('staffAdmin.cancel')}
      busy={mutation.isPending}
      onConfirm={run}
      onClose={onClose}
    />
  );
}

function Facts({ rows }: { rows: [ReactNode, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.25, sm: 1 },
        '& dt': { color: 'text.secondary', fontSize: 14, mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([label, value], index) => (
        <Box key={index} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function ProfileCard({ user }: { user: UserDetail }) {
  const dates = useDates();
  const t = useT();
  return (
    <Section title={<T id="staffAdmin.user.profile" />}>
      <Facts
        rows={[
          [t('staffAdmin.user.email'), user.email],
          [t('staffAdmin.user.phone'), user.phoneNumber ?? '—'],
          [t('staffAdmin.user.legacyId'), user.legacyId],
          [t('staffAdmin.user.publicId'), <code key="id">{user.id}</code>],
          [t('staffAdmin.user.verification'), staffLabel(t, 'verification', user.verificationStatus)],
          [t('staffAdmin.user.partner'), user.partnerId ?? '—'],
          [t('staffAdmin.user.created'), dates.dateTime(user.createdAt)],
          [
            t('staffAdmin.user.lastSignIn'),
            user.lastLoginAt ? dates.dateTime(user.lastLoginAt) : t('staffAdmin.never'),
          ],
        ]}
      />
    </Section>
  );
}

function EnterprisesCard({ user }: { user: UserDetail }) {
  const t = useT();
  return (
    <Section title={<T id="staffAdmin.user.enterprises" />}>
      {user.enterprises.length === 0 ? (
        <Typography color="text.secondary">
          <T id="staffAdmin.user.noEnterprises" />
        </Typography>
      ) : (
        <List disablePadding>
          {user.enterprises.map((e, i) => (
            <ListItem key={e.id} disableGutters divider={i < user.enterprises.length - 1}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{e.name}</span>
                    <Chip size="small" label={t(`staffAdmin.user.role.${e.role as 'owner'}`)} />
                  </Stack>
                }
                secondary={
                  e.permissions.length > 0
                    ? t('staffAdmin.user.flags', {
                        flags: e.permissions.map((f) => staffLabel(t, 'flag', f)).join(', '),
                      })
                    : null
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

function SessionsCard({ user, onEnd }: { user: UserDetail; onEnd: (() => void) | null }) {
  const t = useT();
  const dates = useDates();
  return (
    <Section
      title={<T id="staffAdmin.user.sessions" />}
      action={
        onEnd && user.sessions.length > 0 ? (
          <Button size="small" color="error" variant="outlined" onClick={onEnd}>
            <T id="staffAdmin.user.endSessions" />
          </Button>
        ) : null
      }
    >
      {user.sessions.length === 0 ? (
        <Typography color="text.secondary">
          <T id="staffAdmin.user.noSessions" />
        </Typography>
      ) : (
        <List disablePadding>
          {user.sessions.map((s, i) => (
            <ListItem key={s.id} disableGutters divider={i < user.sessions.length - 1}>
              <ListItemText
                primary={t('staffAdmin.user.session', {
                  when: dates.dateTime(s.createdAt),
                  method: s.method,
                  seen: dates.relative(s.lastSeenAt),
                })}
                secondary={[s.ip, s.userAgent, s.actingAs ? t('staffAdmin.user.sessionActing') : null]
                  .filter(Boolean)
                  .join(' · ')}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

function AuditCard({ user }: { user: UserDetail }) {
  const t = useT();
  const dates = useDates();
  return (
    <Section title={<T id="staffAdmin.user.audit" />}>
      {user.audit.length === 0 ? (
        <Typography color="text.secondary">
          <T id="staffAdmin.user.noAudit" />
        </Typography>
      ) : (
        <List disablePadding dense>
          {user.audit.map((a, i) => (
            <ListItem key={a.id} disableGutters divider={i < user.audit.length - 1}>
              <ListItemText
                primary={
                  a.targetName && a.relation !== 'target'
                    ? t('staffAdmin.user.audit.on', { action: staffLabel(t, 'audit', a.action), target: a.targetName })
                    : staffLabel(t, 'audit', a.action)
                }
                secondary={[
                  dates.dateTime(a.at),
                  a.relation === 'actor'
                    ? t('staffAdmin.user.audit.self')
                    : a.relation === 'acted_as'
                      ? t('staffAdmin.user.audit.actedAs', { name: a.actorName ?? '—' })
                      : t('staffAdmin.user.audit.actor', { name: a.actorName ?? '—' }),
                ].join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Section>
  );
}

function UserView({ user }: { user: UserDetail }) {
  const t = useT();
  const localized = useLocalizedPath();
  const { data } = useBootstrap();
  const me = data?.user;
  const name = personName(user) ?? user.email;
  const [asked, setAsked] = useState<Action | null>(null);
  return (
    <Stack spacing={3}>
      <Box>
        <Link
          component={RouterLink}
          to={localized('/admin/users')}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
        >
          <ArrowBackRoundedIcon fontSize="small" />
          <T id="staffAdmin.user.back" />
        </Link>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <AccountStatusChip status={user.status} />
          {user.locked ? <Chip size="small" color="warning" label={t('staffAdmin.status.locked')} /> : null}
          {user.isSuperAdmin ? <Chip size="small" color="primary" label={t('staffAdmin.user.superAdmin')} /> : null}
        </Stack>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </Box>
      {user.status !== 'active' ? (
        <Alert severity={user.status === 'deleted' ? 'error' : 'warning'}>
          {t(`staffAdmin.status.${user.status}`)}
        </Alert>
      ) : null}
      {/* On a phone the account's actions come first, then the record, then the grants. */}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gridTemplateAreas: { xs: '"actions" "record" "grants"', md: '"record actions" "record grants"' },
          gridTemplateRows: { md: 'auto 1fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3} sx={{ minWidth: 0, gridArea: 'record' }}>
          <ProfileCard user={user} />
          <EnterprisesCard user={user} />
          <NotificationPreferencesCard userId={user.id} />
          <SessionsCard
            user={user}
            onEnd={
              me && holdsAdminPermission(me, STAFF_AREA_PERMISSIONS.endSessions) ? () => setAsked('endSessions') : null
            }
          />
          <AuditCard user={user} />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0, gridArea: 'actions' }}>
          <AccountActions user={user} onAsk={setAsked} />
          {/* H5's act-as panel (issue 16): shown to holders of act-as; the server checks reach and permission. */}
          {user.status === 'active' ? <ActAsPanel userId={user.id} name={name} /> : null}
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0, gridArea: 'grants' }}>
          <RolesCard user={user} />
          <AdminPermissionsCard user={user} />
          <ResourcePermissionsCard user={user} />
        </Stack>
      </Box>
      {asked ? <ActionDialog user={user} name={name} action={asked} onClose={() => setAsked(null)} /> : null}
    </Stack>
  );
}

/** /admin/users/:userId: one user for staff — profile, enterprises and roles, sessions, audit, and what staff do. */
export function StaffUserPage() {
  const t = useT();
  const { userId = '' } = useParams();
  const query = useStaffUser(userId);
  return (
    <AdminFrame
      title={query.data ? (personName(query.data) ?? query.data.email) : t('staffAdmin.nav.users')}
      permission={STAFF_AREA_PERMISSIONS.users}
    >
      {query.data ? (
        <UserView user={query.data} />
      ) : query.error ? (
        <LoadErrorAlert
          error={query.error}
          fallback={t('staffAdmin.loadFailed')}
          retryLabel={<T id="staffAdmin.retry" />}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PageSpinner />
      )}
    </AdminFrame>
  );
}
