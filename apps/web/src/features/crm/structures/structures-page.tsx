import { hasAdminPermission, type CrmMarketRow } from '@granary/domain';
import { Box, Tab, Tabs } from '@mui/material';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { T, useT } from '../../../lib/i18n/t';
import { PermissionDenied } from '../../../lib/ui/permission-denied';
import { useSelectedTabInView } from '../../../lib/ui/use-selected-tab-in-view';
import { useCrmContext } from '../api/markets';
import { CrmEmptyState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { StructureDrawer } from './structure-drawer';
import { STRUCTURES_TABS } from './structures-tabs';
import { useStructuresView } from './use-structures-view';

/** The markets where structures may be used: the grain-buying-structures entitlement (grain-marketing.md 6). */
const usable = (market: CrmMarketRow) => market.entitlements.includes('grain-buying-structures');

/** Who may trade, edit quotes and decide closes: structures-admin (a super admin has every permission). */
function useCanWriteStructures(context: CrmContextData | null): boolean {
  const bootstrap = useBootstrap();
  if (!context) return false;
  return hasAdminPermission(context.adminPermissions, 'structures-admin', {
    isSuperAdmin: bootstrap.data?.user.admin.is_super_admin === true,
  });
}

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, usable);
  if (markets.length < 2) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

function StructuresBody({ context }: { context: CrmContextData }) {
  const t = useT();
  const { market } = useSelectedMarket(context.markets, usable);
  const { view, setView } = useStructuresView();
  const canWrite = useCanWriteStructures(context);
  const tabsRef = useSelectedTabInView(view);
  if (!market)
    return <CrmEmptyState title={<T id="structures.noMarkets.title" />} body={<T id="structures.noMarkets.body" />} />;
  const current = STRUCTURES_TABS.find((tab) => tab.id === view) ?? STRUCTURES_TABS[0];
  const Body = current.Component;
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={current.id}
          onChange={(_event, next: string) => setView(next)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={t('structures.tabs.label')}
          ref={tabsRef}
        >
          {STRUCTURES_TABS.map((tab) => (
            <Tab key={tab.id} value={tab.id} label={<T id={tab.label} />} sx={{ minWidth: { xs: 72, sm: 120 } }} />
          ))}
        </Tabs>
      </Box>
      <Body key={`${current.id}-${market.id}`} context={context} market={market} canWrite={canWrite} />
      <StructureDrawer canWrite={canWrite} />
    </>
  );
}

/**
 * /crm/structures (issue 18): the merchandiser's structured products — the live structures, the pricing tool and the
 * saved quotes (and the tabs other work adds to STRUCTURES_TABS), for the selected market. It needs the
 * grain-buying-structures entitlement (the merchandising bootstrap's structuredProductAccess): without it the
 * permission-denied screen instead of the page. Writing (save, trade, cancel, decide a close) needs structures-admin.
 */
export function StructuresPage() {
  const t = useT();
  const context = useCrmContext();
  if (context.data && !context.data.bootstrap.structuredProductAccess) return <PermissionDenied />;
  return (
    <CrmPageFrame title={t('structures.title')} actions={(data) => <MarketPicker context={data} />}>
      {(data) => <StructuresBody context={data} />}
    </CrmPageFrame>
  );
}
