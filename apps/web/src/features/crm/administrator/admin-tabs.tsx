import { hasAdminPermission, splitLocalePrefix, type AdminPermission } from '@granary/domain';
import { Box, Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { PermissionDenied } from '../../../lib/ui/permission-denied';
import { useCrmContext } from '../api/markets';

export type AdminSectionId = 'settings' | 'users' | 'markets' | 'legal-entities' | 'api-tokens' | 'offboarding';
type AdminSection = { id: AdminSectionId; path: string; label: MessageId };

/** The CRM administrator's pages (issue 15), one tab each; '/crm/administrator' itself holds the partner's settings. */
const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'settings', path: '/crm/administrator', label: 'crmAdmin.tabs.settings' },
  { id: 'users', path: '/crm/administrator/users', label: 'crmAdmin.tabs.users' },
  { id: 'markets', path: '/crm/administrator/markets', label: 'crmAdmin.tabs.markets' },
  { id: 'legal-entities', path: '/crm/administrator/legal-entities', label: 'crmAdmin.tabs.legalEntities' },
  { id: 'api-tokens', path: '/crm/administrator/api-tokens', label: 'crmAdmin.tabs.apiTokens' },
  { id: 'offboarding', path: '/crm/administrator/offboarding', label: 'crmAdmin.tabs.offboarding' },
];

type AdminAccess = {
  isAdmin: boolean;
  superAdmin: boolean;
  adminPermissions: Record<string, 'all' | number[]>;
};

/**
 * Who may use a section, by the rules the server checks: users and legal entities for a buyer-admin, the offboarding
 * report with view-offboarding-report (a super admin has every permission), the markets for a buyer-admin of some
 * market, the settings for a CRM admin or a super admin (quotes import), API tokens for everyone (their own).
 */
function mayUse(id: AdminSectionId, access: AdminAccess): boolean {
  const grants = access.adminPermissions;
  const has = (permission: AdminPermission) =>
    hasAdminPermission(grants, permission, { isSuperAdmin: access.superAdmin });
  if (id === 'api-tokens') return true;
  if (id === 'settings') return access.isAdmin || access.superAdmin;
  if (id === 'offboarding') return has('view-offboarding-report');
  if (id === 'markets') {
    const grant = grants['buyer-admin'];
    return grant === 'all' || (Array.isArray(grant) && grant.length > 0);
  }
  return has('buyer-admin');
}

/** The user's access to the administrator's sections; null while the CRM context loads. */
function useAdminAccess(): AdminAccess | null {
  const context = useCrmContext();
  const bootstrap = useBootstrap();
  if (!context.data || !bootstrap.data) return null;
  return {
    isAdmin: context.data.isAdmin,
    superAdmin: bootstrap.data.user.admin.is_super_admin === true,
    adminPermissions: context.data.adminPermissions,
  };
}

/**
 * An administrator page opened by URL by someone who may not use it: the permission-denied screen instead of the
 * page (while the CRM context loads, or when it fails, the page's own frame shows its spinner or error).
 */
export function AdminSectionGate({ section, children }: { section: AdminSectionId; children: ReactNode }) {
  const access = useAdminAccess();
  if (access && !mayUse(section, access)) return <PermissionDenied />;
  return <>{children}</>;
}

function sectionOf(pathname: string): string {
  const bare = splitLocalePrefix(pathname).barePath.replace(/\/+$/, '');
  const match = [...ADMIN_SECTIONS]
    .reverse()
    .find((s) => bare === s.path || (s.id !== 'settings' && bare.startsWith(`${s.path}/`)));
  return match?.id ?? 'settings';
}

/** The administrator's sub-navigation, at the top of each of its pages: only the sections the user may use. */
export function AdminTabs() {
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const t = useT();
  const access = useAdminAccess();
  const sections = access ? ADMIN_SECTIONS.filter((s) => mayUse(s.id, access)) : ADMIN_SECTIONS;
  const current = sectionOf(pathname);
  return (
    <Box
      component="nav"
      aria-label={t('crmAdmin.tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}
    >
      <Tabs
        value={sections.some((s) => s.id === current) ? current : false}
        variant="scrollable"
        scrollButtons={false}
        allowScrollButtonsMobile
      >
        {sections.map((s) => (
          <Tab
            key={s.id}
            value={s.id}
            label={<T id={s.label} />}
            component={Link}
            to={localized(s.path)}
            sx={{ minWidth: { xs: 72, sm: 96 }, px: { xs: 1.5, sm: 2 } }}
          />
        ))}
      </Tabs>
    </Box>
  );
}
