import { splitLocalePrefix } from '@granary/domain';
import { Box, Tab, Tabs } from '@mui/material';
import { Link, useLocation } from 'react-router';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { useLocalizedPath } from '../../../lib/routing/route-handle';

type AdminSection = { id: string; path: string; label: MessageId };

/** The CRM administrator's pages (issue 15), one tab each; '/crm/administrator' itself holds the partner's settings. */
const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'settings', path: '/crm/administrator', label: 'crmAdmin.tabs.settings' },
  { id: 'users', path: '/crm/administrator/users', label: 'crmAdmin.tabs.users' },
  { id: 'markets', path: '/crm/administrator/markets', label: 'crmAdmin.tabs.markets' },
  { id: 'legal-entities', path: '/crm/administrator/legal-entities', label: 'crmAdmin.tabs.legalEntities' },
  { id: 'api-tokens', path: '/crm/administrator/api-tokens', label: 'crmAdmin.tabs.apiTokens' },
  { id: 'offboarding', path: '/crm/administrator/offboarding', label: 'crmAdmin.tabs.offboarding' },
];

function sectionOf(pathname: string): string {
  const bare = splitLocalePrefix(pathname).barePath.replace(/\/+$/, '');
  const match = [...ADMIN_SECTIONS]
    .reverse()
    .find((s) => bare === s.path || (s.id !== 'settings' && bare.startsWith(`${s.path}/`)));
  return match?.id ?? 'settings';
}

/** The administrator's sub-navigation, at the top of each of its pages. */
export function AdminTabs() {
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const t = useT();
  return (
    <Box
      component="nav"
      aria-label={t('crmAdmin.tabs.label')}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}
    >
      <Tabs value={sectionOf(pathname)} variant="scrollable" scrollButtons={false} allowScrollButtonsMobile>
        {ADMIN_SECTIONS.map((s) => (
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
