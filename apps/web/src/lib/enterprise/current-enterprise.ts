import type { EnterpriseSummary } from '@granary/domain';
import { useEffect } from 'react';
import { useBootstrap } from '../api/bootstrap';
import { dispatchEnterprise } from './enterprise-store';

/**
 * The signed-in user's current enterprise (3.1 current_enterprise_id, as the bootstrap chose it and the switcher
 * changes it), else their first; null for a guest or a user without one. The one place pages read it from.
 */
export function useCurrentEnterprise(): EnterpriseSummary | null {
  const { data } = useBootstrap();
  if (!data) return null;
  const current = data.current_enterprise_id;
  return (
    (current !== null ? data.enterprises[String(current)] : undefined) ?? Object.values(data.enterprises)[0] ?? null
  );
}

/** Seeds the enterprise store with the bootstrap's list (not loaded yet); the shell mounts it once. */
export function useSeedEnterpriseStore(): void {
  const { data } = useBootstrap();
  const enterprises = data?.enterprises;
  useEffect(() => {
    if (enterprises) dispatchEnterprise({ type: 'bootstrapped', enterprises: Object.values(enterprises) });
  }, [enterprises]);
}
