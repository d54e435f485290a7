import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import { isStaff } from '@granary/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import type { MessageId } from '../../lib/i18n/messages';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { PermissionDenied } from '../../lib/ui/permission-denied';
import { ADMIN_NAV, mayOpen } from './admin-nav';

/**
 * The staff administration area's frame (issue 16, decision 053): staff only (an employee or a super admin; anyone
 * else, or an admin acting as someone, gets the permission-denied screen), the area's navigation (the pages of
 * admin-nav.ts whose permission the user holds) and the page. The server checks every call again.
 */
export function AdminFrame({
  title,
  permission,
  children,
}: {
  title: string;
  /** The admin permission the page needs (platform.md 6.5). */
  permission: string;
  children: ReactNode;
}) {
  const t = useT();
  const partner = usePartner();
  const { data } = useBootstrap();
  const localized = useLocalizedPath();
  const { pathname } = useLocation();
  useDocumentTitle([title, t('staffAdmin.title'), partner.branding.shortName]);
  const user = data?.user;
  if (!user) return <PageSpinner />;
  if (!user.isLoggedIn || user.actingAs || !isStaff(user) || !mayOpen(user, { path: '', labelId: '', permission }))
    return <PermissionDenied />;
  const items = ADMIN_NAV.filter((item) => mayOpen(user, item));
  const current = items.find((item) => pathname.endsWith(item.path) || pathname.includes(`${item.path}/`));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Typography variant="overline" color="text.secondary" component="p">
        <T id="staffAdmin.title" />
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current?.path ?? false}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('staffAdmin.nav.label')}
          // On a phone the three tabs fit only just at their default width: a little less padding keeps them all in
          // sight (a scroll arrow and a cut-off 'Australian accounts' otherwise, depending on when fonts load).
          sx={{ '& .MuiTab-root': { minWidth: 0, px: { xs: 1.5, sm: 2 } } }}
        >
          {items.map((item) => (
            <Tab
              key={item.path}
              value={item.path}
              label={t(item.labelId as MessageId)}
              component={RouterLink}
              to={localized(item.path)}
            />
          ))}
        </Tabs>
      </Box>
      {children}
    </Container>
  );
}
