import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DEFAULT_ROLE_FLAGS, isValidEmail, type EnterpriseAccessFlag, type EnterpriseRole } from '@granary/domain';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { useInvite, type TeamRoles } from './team-api';
import { flagMessageId, roleMessageId } from './team-parts';

/**
 * The invite dialog: by e-mail or text message, a role (each with what it is for) and the access flags, ticked as the
 * role's defaults and changeable; only what the inviter may hand out is offered (the server checks it again).
 */
export function InviteDialog({
  enterprisePublicId,
  enterpriseName,
  roles,
  onClose,
}: {
  enterprisePublicId: string;
  enterpriseName: string;
  roles: TeamRoles;
  onClose: () => void;
}) {
  const t = useT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const invite = useInvite(enterprisePublicId);
  const assignable = roles.roles.filter((r) => r.assignable).map((r) => r.role);
  const grantable = new Set(roles.flags.filter((f) => f.grantable).map((f) => f.flag));
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const [contact, setContact] = useState('');
  const [role, setRole] = useState<EnterpriseRole>(assignable.includes('subaccount') ? 'subaccount' : assignable[0]!);
  const [flags, setFlags] = useState<EnterpriseAccessFlag[]>(() =>
    DEFAULT_ROLE_FLAGS[role].filter((f) => grantable.has(f)),
  );
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const contactProblem =
    contact.trim() === ''
      ? t('teamInvitation.required')
      : by === 'email' && !isValidEmail(contact.trim())
        ? t('team.emailInvalid')
        : by === 'phone' && contact.replace(/\D/g, '').length < 7
          ? t('team.phoneInvalid')
          : null;

  const chooseRole = (next: EnterpriseRole) => {
    setRole(next);
    setFlags(DEFAULT_ROLE_FLAGS[next].filter((f) => grantable.has(f)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (contactProblem) return;
    const value = contact.trim();
    invite.mutate(
      { ...(by === 'email' ? { email: value } : { phoneNumber: value }), role, permissions: flags },
      {
        onSuccess: () => {
          showToast({ messageId: 'team.invited', values: { who: value } }, { severity: 'success' });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'phone_invalid') setServerError(t('team.phoneInvalid'));
          else setServerError(error instanceof Error ? error.message : t('team.loadFailed'));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          <T id="team.inviteTitle" values={{ enterprise: enterpriseName }} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            {serverError ? (
              <Alert severity="error" role="alert">
                {serverError}
              </Alert>
            ) : null}
            <Stack spacing={1}>
              <Typography variant="subtitle2" component="p" id={`${titleId}-by`}>
                <T id="team.inviteBy" />
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={by}
                aria-labelledby={`${titleId}-by`}
                onChange={(_e, next: 'email' | 'phone' | null) => {
                  if (next) {
                    setBy(next);
                    setContact('');
                    setTouched(false);
                  }
                }}
              >
                <ToggleButton value="email">
                  <T id="team.byEmail" />
                </ToggleButton>
                <ToggleButton value="phone">
                  <T id="team.byPhone" />
                </ToggleButton>
              </ToggleButtonGroup>
              <TextField
                label={by === 'email' ? t('team.email') : t('team.phone')}
                type={by === 'email' ? 'email' : 'tel'}
                autoComplete="off"
                value={contact}
                onChange={(e) => setContact(e.target.value)}
                onBlur={() => setTouched(true)}
                error={touched && contactProblem !== null}
                helperText={touched ? contactProblem : null}
                required
                fullWidth
                autoFocus
              />
            </Stack>
            <RoleAndAccess
              titleId={titleId}
              roles={roles}
              role={role}
              flags={flags}
              onRole={chooseRole}
              onFlags={setFlags}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>
            <T id="team.cancel" />
          </Button>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending ? <T id="team.sending" /> : <T id="team.send" />}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The role (each with what it is for) and, but for an owner, the flags: only what the inviter may hand out. */
function RoleAndAccess({
  titleId,
  roles,
  role,
  flags,
  onRole,
  onFlags,
}: {
  titleId: string;
  roles: TeamRoles;
  role: EnterpriseRole;
  flags: EnterpriseAccessFlag[];
  onRole: (role: EnterpriseRole) => void;
  onFlags: (update: (now: EnterpriseAccessFlag[]) => EnterpriseAccessFlag[]) => void;
}) {
  const t = useT();
  const assignable = roles.roles.filter((r) => r.assignable).map((r) => r.role);
  const grantable = new Set(roles.flags.filter((f) => f.grantable).map((f) => f.flag));
  return (
    <>
      <FormControl>
        <FormLabel id={`${titleId}-role`}>
          <T id="team.inviteRole" />
        </FormLabel>
        <RadioGroup
          aria-labelledby={`${titleId}-role`}
          value={role}
          onChange={(e) => onRole(e.target.value as EnterpriseRole)}
        >
          {assignable.map((r) => (
            <FormControlLabel
              key={r}
              value={r}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mt: 0.5, '& .MuiRadio-root': { pt: 0.25 } }}
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                    <T id={roleMessageId(r)} />
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    <T id={`team.roleHelp.${r}`} />
                  </Typography>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {role === 'owner' ? (
        <Typography variant="body2" color="text.secondary">
          <T id="team.allAccess" />
        </Typography>
      ) : (
        <FormControl component="fieldset">
          <FormLabel component="legend">
            <T id="team.inviteAccess" />
          </FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {roles.flags.map(({ flag }) => (
              <FormControlLabel
                key={flag}
                label={t(flagMessageId(flag))}
                disabled={!grantable.has(flag)}
                control={
                  <Checkbox
                    checked={flags.includes(flag)}
                    onChange={(e) =>
                      onFlags((now) => (e.target.checked ? [...now, flag] : now.filter((f) => f !== flag)))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
      )}
    </>
  );
}
