import { canUseMySalesLite, type BootstrapUser, type ExperienceGate as Gate } from '@granary/domain';
import type { ReactNode } from 'react';
import { useBootstrap } from '../../lib/api/bootstrap';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { PermissionDenied } from '../../lib/ui/permission-denied';

function passesGate(gate: Gate, user: BootstrapUser): boolean {
  if (gate === 'grainBuying') return Boolean(user.experiences.grain_buying);
  // My sales lite: agronomics and the allowing flag, by the rule the server enforces too.
  if (gate === 'mySalesLite') return canUseMySalesLite(user);
  return true;
}

/** Experience-gated pages: CRM needs grain buying; my sales lite needs agronomics and the allowing flag. */
export function ExperienceGate({ gate, children }: { gate: Gate; children: ReactNode }) {
  const { data } = useBootstrap();
  if (gate === null) return <>{children}</>;
  if (!data) return <PageSpinner />;
  return passesGate(gate, data.user) ? <>{children}</> : <PermissionDenied />;
}
