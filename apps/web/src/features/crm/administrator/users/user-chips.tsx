import { Chip, Typography } from '@mui/material';
import type { AdminPermission } from '@granary/domain';
import { T, useT } from '../../../../lib/i18n/t';

/** A user's status as a chip: Active, or Suspended (filled, so it stands out in a list). */
export function StatusChip({ status }: { status: 'active' | 'suspended' }) {
  return (
    <Chip
      size="small"
      color={status === 'active' ? 'success' : 'warning'}
      variant={status === 'active' ? 'outlined' : 'filled'}
      label={<T id={status === 'active' ? 'adminUsers.status.active' : 'adminUsers.status.suspended'} />}
    />
  );
}

/** The admin permissions held, in words ('None' when there is none). */
export function AdminRoles({ roles }: { roles: readonly AdminPermission[] }) {
  const t = useT();
  if (roles.length === 0)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {t('adminUsers.none')}
      </Typography>
    );
  return <>{roles.map((r) => t(`adminUsers.admin.${r}`)).join(', ')}</>;
}
