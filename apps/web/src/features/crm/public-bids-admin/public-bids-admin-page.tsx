import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import type { CrmMarketRow } from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import { CrmEmptyState, CrmPageFrame, type CrmContextData } from '../components/crm-page-frame';
import { MarketSelector } from '../components/market-selector';
import { useSelectedMarket } from '../components/use-selected-market';
import { MarketPublicAdmin } from './components/market-public-admin';

/** The public page is managed with the info permission at the market ('Has info', grain-marketing.md 6). */
const hasInfo = (market: CrmMarketRow) => market.userPermissions.includes('info');

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useSelectedMarket(context.markets, hasInfo);
  if (markets.length === 0) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

function PublicAdminBody({ context }: { context: CrmContextData }) {
  const { market } = useSelectedMarket(context.markets, hasInfo);
  if (!market) {
    return (
      <CrmEmptyState
        icon={<CampaignOutlinedIcon />}
        title={<T id="crm.publicAdmin.noInfoMarkets.title" />}
        body={<T id="crm.publicAdmin.noInfoMarkets.body" />}
      />
    );
  }
  // Keyed by market: another market starts from its own data, never from the previous market's drafts.
  return <MarketPublicAdmin key={market.id} marketId={market.id} />;
}

/** /crm/public-bids-admin: what each market's public page shows, its office hours, contacts and announcements. */
export function PublicBidsAdminPage() {
  const t = useT();
  return (
    <CrmPageFrame
      title={t('crm.publicAdmin.title')}
      maxWidth="lg"
      actions={(context) => <MarketPicker context={context} />}
    >
      {(context) => <PublicAdminBody context={context} />}
    </CrmPageFrame>
  );
}
