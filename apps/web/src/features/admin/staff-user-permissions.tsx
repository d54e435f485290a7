import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import {
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  IconButton,
  InputLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  COMMUNITY_BUILDER_ROLES,
  EMPLOYEE_ROLES,
  ENTERPRISE_ACCESS_FLAGS,
  STAFF_ADMIN_PERMISSIONS,
  STAFF_AREA_PERMISSIONS,
  holdsAdminPermission,
  type StaffAdminPermission,
} from '@granary/domain';
import { useId, useState } from 'react';
import { useBootstrap } from '../../lib/api/bootstrap';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import {
  useGrantAdminPermission,
  useManualPermission,
  usePutRoles,
  useResourcePermissions,
  useRevokeAdminPermission,
  type UserDetail,
} from './staff-admin-api';
import { EnterprisePicker, type PickedEnterprise } from './enterprise-picker';
import { Section, failureText } from './staff-user-page-parts';
import { staffLabel } from './staff-labels';

const NOT_EMPLOYEE = '';

/** The employee role of 6.4 and the community-builder roles of 6.2 (grant-permissions). */
export function RolesCard({ user }: { user: UserDetail }) {
  const t = useT();
  const { data } = useBootstrap();
  const labelId = useId();
  const [employeeRole, setEmployeeRole] = useState(user.employeeRole ?? NOT_EMPLOYEE);
  const [builderRoles, setBuilderRoles] = useState<string[]>(user.communityBuilderRoles);
  const save = usePutRoles(user.id);
  const me = data?.user;
  if (!me || !holdsAdminPermission(me, STAFF_AREA_PERMISSIONS.roles) || user.isSuperAdmin) return null;
  const toggle = (role: string) =>
    setBuilderRoles((roles) => (roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role]));
  const submit = () =>
    save.mutate(
      {
        employeeRole: (employeeRole || null) as (typeof EMPLOYEE_ROLES)[number] | null,
        communityBuilderRoles: builderRoles as (typeof COMMUNITY_BUILDER_ROLES)[number][],
      },
      {
        onSuccess: () => showToast({ messageId: 'staffAdmin.roles.saved' }, { severity: 'success' }),
        onError: (error) =>
          showToast({ text: failureText(t('staffAdmin.error.userNotSaved'), error) }, { severity: 'error' }),
      },
    );
  return (
    <Section title={<T id="staffAdmin.roles.title" />}>
      <Stack spacing={2}>
        <FormControl fullWidth size="small">
          <InputLabel id={labelId} shrink>
            {t('staffAdmin.roles.employee')}
          </InputLabel>
          <Select
            labelId={labelId}
            label={t('staffAdmin.roles.employee')}
            displayEmpty
            notched
            value={employeeRole}
            onChange={(e) => setEmployeeRole(e.target.value)}
          >
            <MenuItem value={NOT_EMPLOYEE}>{t('staffAdmin.roles.notEmployee')}</MenuItem>
            {EMPLOYEE_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {staffLabel(t, 'employeeRole', role)}
              </MenuItem>
            ))}
          </Select>
          <FormHelperText>{t('staffAdmin.roles.employeeHelp')}</FormHelperText>
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">{t('staffAdmin.roles.communityBuilder')}</FormLabel>
          <FormGroup>
            {COMMUNITY_BUILDER_ROLES.map((role) => (
              <FormControlLabel
                key={role}
                control={<Checkbox checked={builderRoles.includes(role)} onChange={() => toggle(role)} />}
                label={staffLabel(t, 'builderRole', role)}
              />
            ))}
          </FormGroup>
        </FormControl>
        <div>
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {t('staffAdmin.roles.save')}
          </Button>
        </div>
      </Stack>
    </Section>
  );
}

function valueText(t: ReturnType<typeof useT>, value: true | 'all' | string[]): string {
  if (value === true || value === 'all' || value.includes('all')) return t('staffAdmin.perms.everywhere');
  return t('staffAdmin.perms.partners', { ids: value.join(', ') });
}

/** The admin permissions of 6.5 (manage-admins): each granted everywhere or for some partners; grant and revoke. */
export function AdminPermissionsCard({ user }: { user: UserDetail }) {
  const t = useT();
  const { data } = useBootstrap();
  const labelId = useId();
  const grant = useGrantAdminPermission(user.id);
  const revoke = useRevokeAdminPermission(user.id);
  const [permission, setPermission] = useState<StaffAdminPermission>('act-as');
  const [scope, setScope] = useState<'all' | 'ids'>('all');
  const [ids, setIds] = useState('');
  const me = data?.user;
  if (!me || !holdsAdminPermission(me, STAFF_AREA_PERMISSIONS.adminPermissions)) return null;
  const entries = Object.entries(user.adminPermissions);
  const failed = (error: unknown) =>
    showToast({ text: failureText(t('staffAdmin.error.permissionsNotSaved'), error) }, { severity: 'error' });
  const idList = ids
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const submit = () =>
    grant.mutate(
      { permission, value: scope === 'all' ? 'all' : idList },
      {
        onSuccess: () =>
          showToast(
            { messageId: 'staffAdmin.perms.granted', values: { permission: staffLabel(t, 'permission', permission) } },
            { severity: 'success' },
          ),
        onError: failed,
      },
    );
  return (
    <Section title={<T id="staffAdmin.perms.title" />}>
      {user.isSuperAdmin ? (
        <Typography color="text.secondary">
          <T id="staffAdmin.perms.superAdmin" />
        </Typography>
      ) : (
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            <T id="staffAdmin.perms.help" />
          </Typography>
          {entries.length === 0 ? (
            <Typography color="text.secondary">
              <T id="staffAdmin.perms.none" />
            </Typography>
          ) : (
            <List disablePadding dense>
              {entries.map(([name, value]) => (
                <ListItem
                  key={name}
                  disableGutters
                  divider
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('staffAdmin.perms.revoke', { permission: staffLabel(t, 'permission', name) })}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(name, {
                          onSuccess: () =>
                            showToast(
                              {
                                messageId: 'staffAdmin.perms.revoked',
                                values: { permission: staffLabel(t, 'permission', name) },
                              },
                              { severity: 'success' },
                            ),
                          onError: failed,
                        })
                      }
                    >
                      <CloseRoundedIcon fontSize="small" />
                    </IconButton>
                  }
                >
                  <ListItemText
                    primary={staffLabel(t, 'permission', name)}
                    secondary={
                      <>
                        <code>{name}</code> · {valueText(t, value)}
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          )}
          <FormControl fullWidth size="small">
            <InputLabel id={labelId}>{t('staffAdmin.perms.permission')}</InputLabel>
            <Select
              labelId={labelId}
              label={t('staffAdmin.perms.permission')}
              value={permission}
              onChange={(e) => setPermission(e.target.value as StaffAdminPermission)}
              renderValue={(name) => staffLabel(t, 'permission', name)}
            >
              {STAFF_ADMIN_PERMISSIONS.map((name) => (
                <MenuItem key={name} value={name}>
                  <ListItemText
                    primary={staffLabel(t, 'permission', name)}
                    secondary={<code>{name}</code>}
                    sx={{ my: 0 }}
                  />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl>
            <FormLabel id={`${labelId}-scope`}>{t('staffAdmin.perms.scope')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${labelId}-scope`}
              value={scope}
              onChange={(e) => setScope(e.target.value as 'all' | 'ids')}
            >
              <FormControlLabel value="all" control={<Radio />} label={t('staffAdmin.perms.scope.all')} />
              <FormControlLabel value="ids" control={<Radio />} label={t('staffAdmin.perms.scope.ids')} />
            </RadioGroup>
          </FormControl>
          {scope === 'ids' ? (
            <TextField
              size="small"
              label={t('staffAdmin.perms.ids')}
              value={ids}
              onChange={(e) => setIds(e.target.value)}
            />
          ) : null}
          <div>
            <Button
              variant="contained"
              onClick={submit}
              disabled={grant.isPending || (scope === 'ids' && idList.length === 0)}
            >
              {t('staffAdmin.perms.grant')}
            </Button>
          </div>
        </Stack>
      )}
    </Section>
  );
}

/**
 * Resource permissions (6.2, automatic and manual; view-manual-permissions, grant-manual-permissions): what the user's
 * memberships give them, what staff granted by hand, and a form to grant an access flag on an enterprise by its id.
 */
export function ResourcePermissionsCard({ user }: { user: UserDetail }) {
  const t = useT();
  const { data } = useBootstrap();
  const flagLabelId = useId();
  const me = data?.user;
  const canView = Boolean(me && holdsAdminPermission(me, 'view-manual-permissions'));
  const canGrant = Boolean(me && holdsAdminPermission(me, 'grant-manual-permissions'));
  const query = useResourcePermissions(user.id, canView);
  const change = useManualPermission(user.id);
  const [enterprise, setEnterprise] = useState<PickedEnterprise | null>(null);
  const [flag, setFlag] = useState<string>(ENTERPRISE_ACCESS_FLAGS[0]);
  if (!canView) return null;
  const failed = (error: unknown) =>
    showToast({ text: failureText(t('staffAdmin.error.permissionsNotSaved'), error) }, { severity: 'error' });
  const run = (grant: boolean, resourceId: string, permission: string) =>
    change.mutate(
      { grant, resourceType: 'enterprise', resourceId, permission },
      {
        onSuccess: () => {
          showToast(
            {
              messageId: grant ? 'staffAdmin.perms.granted' : 'staffAdmin.perms.revoked',
              values: { permission: staffLabel(t, 'flag', permission) },
            },
            { severity: 'success' },
          );
          if (grant) setEnterprise(null);
        },
        onError: failed,
      },
    );
  const resources = query.data;
  const label = (p: { resourceName: string | null; resourceId: string }) =>
    t('staffAdmin.resources.enterprise', { name: p.resourceName ?? '—', id: p.resourceId });
  return (
    <Section title={<T id="staffAdmin.resources.title" />}>
      {!resources ? (
        <Typography color="text.secondary">{query.error ? t('staffAdmin.loadFailed') : '…'}</Typography>
      ) : (
        <Stack spacing={2}>
          <div>
            <Typography variant="subtitle2" component="h3">
              <T id="staffAdmin.resources.automatic" />
            </Typography>
            {resources.automatic.length === 0 ? (
              <Typography color="text.secondary">
                <T id="staffAdmin.none" />
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {[...new Set(resources.automatic.map(label))]
                  .map((name) =>
                    [
                      name,
                      resources.automatic
                        .filter((p) => label(p) === name)
                        .map((p) => staffLabel(t, 'flag', p.permission))
                        .join(', '),
                    ].join(': '),
                  )
                  .join(' · ')}
              </Typography>
            )}
          </div>
          <div>
            <Typography variant="subtitle2" component="h3">
              <T id="staffAdmin.resources.manual" />
            </Typography>
            {resources.manual.length === 0 ? (
              <Typography color="text.secondary">
                <T id="staffAdmin.none" />
              </Typography>
            ) : (
              <List disablePadding dense>
                {resources.manual.map((p) => (
                  <ListItem
                    key={p.id}
                    disableGutters
                    divider
                    secondaryAction={
                      canGrant && p.revocable ? (
                        <IconButton
                          edge="end"
                          aria-label={t('staffAdmin.perms.revoke', {
                            permission: t('staffAdmin.resources.flagOn', {
                              flag: staffLabel(t, 'flag', p.permission),
                              enterprise: label(p),
                            }),
                          })}
                          disabled={change.isPending}
                          onClick={() => run(false, p.resourceId, p.permission)}
                        >
                          <CloseRoundedIcon fontSize="small" />
                        </IconButton>
                      ) : null
                    }
                  >
                    <ListItemText
                      primary={t('staffAdmin.resources.flagOn', {
                        flag: staffLabel(t, 'flag', p.permission),
                        enterprise: label(p),
                      })}
                      secondary={p.grantedByName ? t('staffAdmin.user.audit.actor', { name: p.grantedByName }) : null}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </div>
          {canGrant ? (
            <Stack spacing={1.5}>
              <EnterprisePicker value={enterprise} onChange={setEnterprise} />
              <FormControl size="small" fullWidth>
                <InputLabel id={flagLabelId}>{t('staffAdmin.perms.permission')}</InputLabel>
                <Select
                  labelId={flagLabelId}
                  label={t('staffAdmin.perms.permission')}
                  value={flag}
                  onChange={(e) => setFlag(e.target.value)}
                >
                  {ENTERPRISE_ACCESS_FLAGS.map((name) => (
                    <MenuItem key={name} value={name}>
                      {staffLabel(t, 'flag', name)}
                    </MenuItem>
                  ))}
                </Select>
              </FormControl>
              <div>
                <Button
                  variant="contained"
                  disabled={!enterprise || change.isPending}
                  onClick={() => enterprise && run(true, String(enterprise.id), flag)}
                >
                  {t('staffAdmin.perms.grant')}
                </Button>
              </div>
            </Stack>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}
