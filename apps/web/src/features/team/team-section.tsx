import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import type { EnterpriseAccessFlag, EnterpriseRole } from '@granary/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDates } from '../../lib/i18n/use-dates';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { ConfirmDialog } from '../../lib/ui/confirm-dialog';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { InviteDialog } from './invite-dialog';
import {
  useCancelInvitation,
  useRemoveMember,
  useResendInvitation,
  useTeam,
  useTeamRoles,
  useUpdateMember,
  type TeamInvitation,
  type TeamMember,
  type TeamRoles,
  type TeamView,
} from './team-api';
import { ALL_FLAGS, TeamLoadError, flagMessageId, personName, roleMessageId } from './team-parts';

/**
 * A farm business's team (issue 16; platform.md 2.3 /enterprise/:id/team and the enterprise pages' Team tab): the
 * members with their role and access flags — switches and a role menu for those who manage the team — the pending
 * invitations (resend, cancel) and the invite dialog. The server decides who may do what (decision 052); the page
 * offers only what it would allow.
 */
export function TeamSection({ enterprisePublicId }: { enterprisePublicId: string }) {
  const team = useTeam(enterprisePublicId);
  const roles = useTeamRoles(enterprisePublicId, team.data?.canManage === true);
  const [inviting, setInviting] = useState(false);

  if (team.isPending) return <PageSpinner />;
  if (team.isError) return <TeamLoadError error={team.error} onRetry={() => void team.refetch()} />;
  const view = team.data;

  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="team-members">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 1.5, mb: 1.5 }}
        >
          <Box>
            <Typography variant="h3" component="h2" id="team-members">
              <T id="team.members" />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <T id="team.membersCount" values={{ count: view.members.length }} />
            </Typography>
          </Box>
          {view.canManage && roles.data ? (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1OutlinedIcon />}
              onClick={() => setInviting(true)}
              sx={{ alignSelf: { xs: 'stretch', sm: 'auto' } }}
            >
              <T id="team.invite" />
            </Button>
          ) : null}
        </Stack>
        {view.canManage ? null : (
          <Alert severity="info" sx={{ mb: 2 }}>
            <T id="team.viewOnly" />
          </Alert>
        )}
        <Stack spacing={1.5}>
          {view.members.map((member) => (
            <MemberCard key={member.userPublicId} view={view} member={member} roles={roles.data ?? null} />
          ))}
        </Stack>
      </Box>
      {view.canManage ? <Invitations view={view} enterprisePublicId={enterprisePublicId} /> : null}
      {inviting && roles.data ? (
        <InviteDialog
          enterprisePublicId={enterprisePublicId}
          enterpriseName={view.enterprise.name}
          roles={roles.data}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </Stack>
  );
}

function MemberCard({ view, member, roles }: { view: TeamView; member: TeamMember; roles: TeamRoles | null }) {
  const t = useT();
  const name = personName(member);
  const update = useUpdateMember(view.enterprise.publicId);
  const [confirming, setConfirming] = useState(false);
  // A toggled flag shows at once; the team's answer replaces it when it comes (or puts it back on a refusal).
  const [draft, setDraft] = useState<EnterpriseAccessFlag[] | null>(null);
  const shown = draft ?? member.permissions;
  const youOwner = view.yourRole === 'owner';
  // What the page offers mirrors the server's rule: not one's own, an owner only by an owner.
  const editable = view.canManage && !member.isYou && (youOwner || member.role !== 'owner');
  const grantable = new Set(roles?.flags.filter((f) => f.grantable).map((f) => f.flag) ?? []);
  const assignable = roles?.roles.filter((r) => r.assignable).map((r) => r.role) ?? [];
  // The last owner cannot leave (the server answers 409 last_owner): the card says why instead of offering it.
  const soleOwner =
    member.isYou && member.role === 'owner' && view.members.filter((m) => m.role === 'owner').length <= 1;
  const removable = (member.isYou && !soleOwner) || editable;

  const setFlag = (flag: EnterpriseAccessFlag, on: boolean) => {
    const permissions = on ? [...shown, flag] : shown.filter((f) => f !== flag);
    setDraft(permissions);
    update.mutate(
      { userId: member.userPublicId, permissions },
      {
        onSuccess: () => showToast({ messageId: 'team.saved', values: { name } }, { severity: 'success' }),
        onSettled: () => setDraft(null),
      },
    );
  };
  const setRole = (role: EnterpriseRole) =>
    update.mutate(
      { userId: member.userPublicId, role },
      { onSuccess: () => showToast({ messageId: 'team.roleSaved', values: { name, role } }, { severity: 'success' }) },
    );

  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 2.5 } }} aria-label={name}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, gap: 1.5 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            {member.isYou ? <Chip size="small" label={t('team.you')} /> : null}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[member.email, member.phoneNumber].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexShrink: 0 }}>
          {editable && assignable.length > 0 ? (
            <TextField
              select
              size="small"
              label={t('team.role')}
              value={member.role}
              onChange={(e) => setRole(e.target.value as EnterpriseRole)}
              sx={{ minWidth: 150 }}
              disabled={update.isPending}
            >
              {(['owner', 'subaccount', 'professional'] as const)
                .filter((r) => r === member.role || assignable.includes(r))
                .map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(roleMessageId(r))}
                  </MenuItem>
                ))}
            </TextField>
          ) : (
            <Chip
              label={t(roleMessageId(member.role))}
              color={member.role === 'owner' ? 'primary' : 'default'}
              variant={member.role === 'owner' ? 'filled' : 'outlined'}
            />
          )}
          {removable ? (
            <Button color="error" size="small" onClick={() => setConfirming(true)}>
              {member.isYou ? <T id="team.leave" /> : <T id="team.remove" />}
            </Button>
          ) : null}
        </Stack>
      </Stack>

      <Box sx={{ mt: 1.5 }}>
        {member.role === 'owner' ? (
          <>
            <Typography variant="body2" color="text.secondary">
              <T id="team.allAccess" />
            </Typography>
            {soleOwner ? (
              <Typography variant="body2" color="text.secondary">
                <T id="team.soleOwner" />
              </Typography>
            ) : null}
          </>
        ) : editable ? (
          <Box
            role="group"
            aria-label={t('team.editAccess', { name })}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}
          >
            {ALL_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                label={t(flagMessageId(flag))}
                disabled={update.isPending || !grantable.has(flag)}
                control={
                  <Switch
                    size="small"
                    checked={shown.includes(flag)}
                    onChange={(e) => setFlag(flag, e.target.checked)}
                  />
                }
                slotProps={{ typography: { variant: 'body2' } }}
              />
            ))}
          </Box>
        ) : member.permissions.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            <T id="team.noAccess" />
          </Typography>
        ) : (
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
            {member.permissions.map((flag) => (
              <Chip key={flag} size="small" variant="outlined" label={t(flagMessageId(flag))} />
            ))}
          </Stack>
        )}
        {editable ? (
          <Button
            component={RouterLink}
            to={`/permissions/${member.userPublicId}?enterprise=${view.enterprise.publicId}`}
            size="small"
            sx={{ mt: 0.5, px: 0 }}
          >
            <T id="team.permissionsLink" />
          </Button>
        ) : null}
      </Box>

      {confirming ? (
        <RemoveDialog view={view} member={member} name={name} onClose={() => setConfirming(false)} />
      ) : null}
    </Paper>
  );
}

function Invitations({ view, enterprisePublicId }: { view: TeamView; enterprisePublicId: string }) {
  return (
    <Box component="section" aria-labelledby="team-invitations">
      <Typography variant="h3" component="h2" id="team-invitations" sx={{ mb: 1.5 }}>
        <T id="team.invitations" />
      </Typography>
      {view.invitations.length === 0 ? (
        <Typography color="text.secondary">
          <T id="team.noInvitations" />
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {view.invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} enterprisePublicId={enterprisePublicId} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function InvitationRow({ invitation, enterprisePublicId }: { invitation: TeamInvitation; enterprisePublicId: string }) {
  const t = useT();
  const dates = useDates();
  const resend = useResendInvitation(enterprisePublicId);
  const cancel = useCancelInvitation(enterprisePublicId);
  const [confirming, setConfirming] = useState(false);
  const who = invitation.email ?? invitation.phoneNumber ?? '';
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 2.5 } }} aria-label={who}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, gap: 1.5 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{who}</Typography>
            <Chip size="small" variant="outlined" label={t(roleMessageId(invitation.role))} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            <T
              id="team.invitationSent"
              values={{ date: dates.instant(invitation.sentAt), expires: dates.instant(invitation.expiresAt) }}
            />
          </Typography>
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexShrink: 0 }}>
          <Button
            size="small"
            variant="outlined"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => showToast({ messageId: 'team.resent', values: { who } }, { severity: 'success' }),
              })
            }
          >
            <T id="team.resend" />
          </Button>
          <Button size="small" color="error" onClick={() => setConfirming(true)}>
            <T id="team.cancelInvitation" />
          </Button>
        </Stack>
      </Stack>
      {confirming ? (
        <ConfirmDialog
          title={<T id="team.cancelTitle" values={{ who }} />}
          body={<T id="team.cancelBody" />}
          confirmLabel={<T id="team.cancelConfirm" />}
          cancelLabel={<T id="team.keep" />}
          busy={cancel.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(invitation.id, {
              onSuccess: () => {
                setConfirming(false);
                showToast({ messageId: 'team.canceled', values: { who } }, { severity: 'success' });
              },
              onError: () => setConfirming(false),
            })
          }
        />
      ) : null}
    </Paper>
  );
}

/** Remove a member, or leave: confirmed first. */
function RemoveDialog({
  view,
  member,
  name,
  onClose,
}: {
  view: TeamView;
  member: TeamMember;
  name: string;
  onClose: () => void;
}) {
  const remove = useRemoveMember(view.enterprise.publicId);
  return (
    <ConfirmDialog
      title={
        member.isYou ? (
          <T id="team.leaveTitle" values={{ enterprise: view.enterprise.name }} />
        ) : (
          <T id="team.removeTitle" values={{ name }} />
        )
      }
      body={
        member.isYou ? (
          <T id="team.leaveBody" values={{ enterprise: view.enterprise.name }} />
        ) : (
          <T id="team.removeBody" values={{ name, enterprise: view.enterprise.name }} />
        )
      }
      confirmLabel={member.isYou ? <T id="team.leave" /> : <T id="team.confirmRemove" />}
      cancelLabel={<T id="team.cancel" />}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(member.userPublicId, {
          onSuccess: () => {
            onClose();
            showToast({ messageId: 'team.removed', values: { name } }, { severity: 'success' });
          },
          onError: onClose,
        })
      }
    />
  );
}
