import { splitLocalePrefix } from '@granary/domain';
import { Box, Container, Tab, Tabs, Typography } from '@mui/material';
import { createContext, useContext, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import type { MessageId } from '../../../lib/i18n/messages';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { useSelectedTabInView } from '../../../lib/ui/use-selected-tab-in-view';

type Section = {
  id: 'sales' | 'balances' | 'tickets' | 'bids' | 'settlements' | 'payments' | 'structures';
  path: string;
  label: MessageId;
};

/**
 * My Sales Lite's sections. 'Tickets' is the /my-sales-lite/tab page (our reading of 'the tab': the farmer's scale
 * tickets). Bids is the local-bids page of the same area (/my-sales-lite/bids/:marketName?), built separately.
 */
const MSL_SECTIONS: readonly Section[] = [
  { id: 'sales', path: '/my-sales-lite', label: 'msl.nav.sales' },
  { id: 'balances', path: '/my-sales-lite/balances', label: 'msl.nav.balances' },
  { id: 'tickets', path: '/my-sales-lite/tab', label: 'msl.nav.tickets' },
  { id: 'bids', path: '/my-sales-lite/bids', label: 'msl.nav.bids' },
  { id: 'settlements', path: '/my-sales-lite/settlements', label: 'msl.nav.settlements' },
  { id: 'payments', path: '/my-sales-lite/payments', label: 'msl.nav.payments' },
  { id: 'structures', path: '/my-sales-lite/structures', label: 'msl.nav.structures' },
];

function sectionOf(pathname: string): Section['id'] {
  const bare = splitLocalePrefix(pathname).barePath.replace(/\/+$/, '');
  const match = [...MSL_SECTIONS]
    .reverse()
    .find((s) => bare === s.path || (s.id !== 'sales' && bare.startsWith(`${s.path}/`)));
  return match?.id ?? 'sales';
}

/**
 * The sections of My Sales Lite as tabs (Sales / Balances / Tickets / Bids / Settlements / Payments / Structures) at every width:
 * the farmer's header carries one 'My sales' entry for the area (issue 17), as it carries one for the profit center
 * whose tabs sit in its page. Swiped on a phone, the selected tab kept in view (decision 050 addendum).
 */
function MslSubNav() {
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const t = useT();
  const section = sectionOf(pathname);
  const tabsRef = useSelectedTabInView(section);
  return (
    <Box component="nav" aria-label={t('msl.nav.label')} sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs value={section} variant="scrollable" scrollButtons={false} allowScrollButtonsMobile ref={tabsRef}>
        {MSL_SECTIONS.map((s) => (
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

/**
 * Where a My Sales Lite page is mounted inside another page (the profit center's tabs, issue 17): that page owns the
 * heading, title and navigation, and the local bids' market picker links within it (`bidsPath`/`marketName`).
 */
export type MslEmbedding = { bidsPath: string; marketName: string | undefined };
export const MslEmbeddingContext = createContext<MslEmbedding | null>(null);
export const useMslEmbedding = () => useContext(MslEmbeddingContext);

/** A My Sales Lite page: the document title, the heading, the sub-navigation and the page body. */
export function MslFrame({ title, actions, children }: { title: MessageId; actions?: ReactNode; children: ReactNode }) {
  const embedding = useMslEmbedding();
  if (embedding)
    return (
      <>
        {actions ? <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>{actions}</Box> : null}
        {children}
      </>
    );
  return (
    <MslPageFrame title={title} actions={actions}>
      {children}
    </MslPageFrame>
  );
}

function MslPageFrame({ title, actions, children }: { title: MessageId; actions?: ReactNode; children: ReactNode }) {
  const t = useT();
  const partner = usePartner();
  useDocumentTitle([t(title), partner.branding.shortName]);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 3 }, px: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 2,
          rowGap: 1.5,
          mb: { xs: 1.5, md: 3 },
        }}
      >
        <Typography variant="h1" component="h1">
          <T id={title} />
        </Typography>
        {actions}
      </Box>
      <MslSubNav />
      {children}
    </Container>
  );
}
