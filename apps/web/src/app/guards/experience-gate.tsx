import type { BootstrapUser, ExperienceGate as Gate } from '@granary/domain';
import type { ReactNode } from 'react';
import { useBootstrap } from '../../lib/api/bootstrap';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { PermissionDenied } from './permission-denied';

/** The permission that allows my sales lite (the 'allowing flag' of grain-marketing.md 2). */
export const MY_SALES_LITE_PERMISSION = 'my-sales-lite';

export function passesGate(gate: Gate, user: BootstrapUser): boolean {
  if (gate === 'grainBuying') return Boolean(user.experiences.grain_buying);
  if (gate === 'mySalesLite') {
    return Boolean(user.experiences.enterprise_agronomics) && user.permissions.includes(MY_SALES_LITE_PERMISSION);
  }
  return true;
}

/** Experience-gated pages: CRM needs grain buying; my sales lite needs agronomics and the allowing flag. */
export function ExperienceGate({ gate, children }: { gate: Gate; children: ReactNode }) {
  const { data } = useBootstrap();
  if (gate === null) return <>{children}</>;
  if (!data) return <PageSpinner />;
  return passesGate(gate, data.user) ? <>{children}</> : <PermissionDenied />;
}
