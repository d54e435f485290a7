import { ENTERPRISE_ACCESS_FLAGS, type EnterpriseAccessFlag, type EnterpriseRole } from '@granary/domain';
import { isApiError } from '../../lib/api/api-error';
import type { MessageId } from '../../lib/i18n/messages';
import { T } from '../../lib/i18n/t';
import { LoadErrorAlert } from '../../lib/ui/page-states';

// What the team's pages share: the words of a role and a flag, and a failed load told as the spec says it.

export const roleMessageId = (role: EnterpriseRole): MessageId => `team.role.${role}`;
export const flagMessageId = (flag: EnterpriseAccessFlag): MessageId => `team.flag.${flag}`;
export const ALL_FLAGS: readonly EnterpriseAccessFlag[] = ENTERPRISE_ACCESS_FLAGS;

/** A person's name, else their e-mail or phone. */
export function personName(p: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
}): string {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email || p.phoneNumber || '';
}

/**
 * A failed load: the access-denied of platform.md 8.1 for a missing flag (LoadErrorAlert's), else the server's
 * message, with a retry unless the farm business or person does not exist for this user (a retry cannot change a 404).
 */
export function TeamLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const retry = isApiError(error) && error.code === 'not_found' ? undefined : onRetry;
  return <LoadErrorAlert error={error} fallback="" retryLabel={<T id="team.retry" />} onRetry={retry} />;
}
