import {
  canUseMySalesLite,
  splitLocalePrefix,
  type ExperienceGate as Gate,
  type Guard,
  type HeaderKind,
  type RouteDef,
} from '@granary/domain';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { nativeUiState } from '../../lib/native/native-ui-state';
import { useMatchedRouteDefs } from '../../lib/routing/route-handle';
import { useStore } from '../../lib/store';
import { ExperienceGate } from '../guards/experience-gate';
import { LoggedOutGuard } from '../guards/logged-out-guard';
import { LoginGuard } from '../guards/login-guard';
import { chooseHeader, readStoredExperience, type HeaderChoice } from './experience';
import { ActAsBanner, actingOf } from './act-as-banner';
import { SkipLink } from './skip-link';
import { CrmHeader } from './headers/crm-header';
import { MySalesLiteHeader } from './headers/my-sales-lite-header';
import { PublicHeader } from './headers/public-header';
import { ShellFooter } from './shell-footer';
import { NotFoundPage } from './shell-pages';

export const APP_SHELL_ROUTE_ID = 'app-shell';

/** The guard of a nested match: 'login' wins over 'logged-out' wins over 'none'. */
function effectiveGuard(defs: readonly RouteDef[]): Guard {
  if (defs.some((def) => def.guard === 'login')) return 'login';
  if (defs.some((def) => def.guard === 'logged-out')) return 'logged-out';
  return 'none';
}

/** The innermost experience gate of a nested match. */
function effectiveGate(defs: readonly RouteDef[]): Gate {
  for (let index = defs.length - 1; index >= 0; index--) {
    const gate = defs[index]?.gate ?? null;
    if (gate) return gate;
  }
  return null;
}

function Guarded({ guard, gate, children }: { guard: Guard; gate: Gate; children: ReactNode }) {
  const gated = gate ? <ExperienceGate gate={gate}>{children}</ExperienceGate> : children;
  if (guard === 'login') return <LoginGuard>{gated}</LoginGuard>;
  if (guard === 'logged-out') return <LoggedOutGuard>{gated}</LoggedOutGuard>;
  return <>{gated}</>;
}

/**
 * The frame every page renders in: the header of the selected experience, the page behind its guard and gate, and
 * the footer. It is a pathless layout route, so the header stays mounted while pages change.
 */
export function RouteFrame() {
  const { defs, notFound } = useMatchedRouteDefs();
  const location = useLocation();
  const { data } = useBootstrap();
  const partner = usePartner();
  const { hideHeader } = useStore(nativeUiState);

  const leaf = defs.at(-1);
  // A page of a public page feature the partner does not offer (/score without public-ci-score) does not exist.
  const featureMissing = Boolean(
    data && leaf?.publicPageFeature && !partner.publicPageFeatures.includes(leaf.publicPageFeature),
  );
  // /app-shell shows the shell on its own: the header of the user's experience around an empty page.
  const routeHeader: HeaderKind =
    notFound || featureMissing ? 'public' : leaf?.id === APP_SHELL_ROUTE_ID ? 'crm' : (leaf?.header ?? 'public');
  const user = data?.user ?? null;
  const header: HeaderChoice =
    user && user.identified
      ? chooseHeader({
          routeHeader,
          barePath: splitLocalePrefix(location.pathname).barePath,
          isLoggedIn: user.isLoggedIn,
          experiences: user.experiences,
          partnerExperiences: partner.experiences,
          storedChoice: readStoredExperience(),
          canUseMySalesLite: canUseMySalesLite(user),
        })
      : routeHeader === 'none'
        ? 'none'
        : routeHeader === 'signer'
          ? 'plain'
          : 'public';

  const acting = actingOf(user);
  const headerElement =
    hideHeader || header === 'none' ? null : header === 'crm' && user ? (
      <CrmHeader user={user} />
    ) : header === 'my-sales-lite' && user ? (
      <MySalesLiteHeader user={user} />
    ) : header === 'plain' ? (
      <PublicHeader user={user} plain />
    ) : (
      <PublicHeader user={user} />
    );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      {acting ? (
        // While acting, the banner and the header stick together (the header's own stickiness then holds inside).
        <Box sx={{ position: 'sticky', top: 0, zIndex: 'appBar' }}>
          <ActAsBanner {...acting} />
          {headerElement}
        </Box>
      ) : (
        headerElement
      )}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', '&:focus': { outline: 'none' } }}
      >
        <Guarded guard={effectiveGuard(defs)} gate={effectiveGate(defs)}>
          {featureMissing ? <NotFoundPage /> : <Outlet />}
        </Guarded>
      </Box>
      {header === 'none' ? null : <ShellFooter />}
    </Box>
  );
}
