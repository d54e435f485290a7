import { Chip } from '@mui/material';
import type { AccountStatus } from '@granary/domain';
import { useT } from '../../lib/i18n/t';

const STATUS_COLOR = { active: 'success', suspended: 'warning', deleted: 'error' } as const;

/** An account's status (platform.md 4.1): active, suspended or deleted. */
export function AccountStatusChip({ status }: { status: AccountStatus }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={t(`staffAdmin.status.${status}`)} />;
}

/** A person's name as shown ('First Last'), or null when they gave none. */
export function personName(user: { firstname: string | null; lastname: string | null }): string | null {
  return [user.firstname, user.lastname].filter(Boolean).join(' ') || null;
}
