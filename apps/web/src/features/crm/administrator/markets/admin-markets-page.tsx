import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { CrmMarketRow } from '@granary/domain';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { PageSpinner } from '../../../../lib/ui/page-spinner';
import { CrmEmptyState, CrmErrorState, CrmPageFrame, type CrmContextData } from '../../components/crm-page-frame';
import { MarketSelector } from '../../components/market-selector';
import { useSelectedMarket } from '../../components/use-selected-market';
import { MarketPublicAdmin } from '../../public-bids-admin/components/market-public-admin';
import { AdminSectionGate, AdminTabs } from '../admin-tabs';
import { useMarketDetails } from './admin-markets-api';
import { MarketDetailsSection } from './market-details-section';
import { MarketPostsSection } from './market-posts-section';

/** The markets the user administers: buyer-admin for all of the partner's markets or for this one. */
function useAdministeredMarket(context: CrmContextData) {
  const grant = context.adminPermissions['buyer-admin'];
  const administered = useCallback(
    (m: CrmMarketRow) => grant === 'all' || (Array.isArray(grant) && grant.includes(m.id)),
    [grant],
  );
  return useSelectedMarket(context.markets, administered);
}

function MarketPicker({ context }: { context: CrmContextData }) {
  const { markets, marketId, selectMarket } = useAdministeredMarket(context);
  if (markets.length < 2) return null;
  return <MarketSelector markets={markets} marketId={marketId} onChange={selectMarket} />;
}

function MarketAdmin({ context, market }: { context: CrmContextData; market: CrmMarketRow }) {
  const details = useMarketDetails(market.id);
  const hasInfo = market.userPermissions.includes('info');
  return (
    <Stack spacing={2.5}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: 2.5,
          alignItems: 'start',
        }}
      >
        {details.error ? (
          <CrmErrorState error={details.error} onRetry={() => void details.refetch()} />
        ) : !details.data ? (
          <PageSpinner />
        ) : (
          <MarketDetailsSection details={details.data} platformId={context.platformId} />
        )}
        <MarketPostsSection platformId={context.platformId} marketId={market.id} />
      </Box>
      <Typography variant="h2" sx={{ pt: 1 }}>
        <T id="adminMarkets.publicPage.title" />
      </Typography>
      {hasInfo ? (
        <MarketPublicAdmin marketId={market.id} />
      ) : (
        <Alert severity="info">
          <T id="adminMarkets.publicPage.needsInfo" />
        </Alert>
      )}
    </Stack>
  );
}

function AdminMarketsBody({ context }: { context: CrmContextData }) {
  const { market } = useAdministeredMarket(context);
  if (!market) {
    return (
      <CrmEmptyState
        icon={<StorefrontOutlinedIcon />}
        title={<T id="crmAdmin.notAdmin.title" />}
        body={<T id="adminMarkets.none" />}
      />
    );
  }
  // Keyed by market: another market starts from its own data, never from the previous market's drafts.
  return <MarketAdmin key={market.id} context={context} market={market} />;
}

/**
 * /crm/administrator/markets: for the buyer-admins of each market, its details and posts, and (with the info
 * permission there) the public page's hours, holiday closures, announcements, texts and contacts.
 */
export function AdminMarketsPage() {
  const t = useT();
  return (
    <AdminSectionGate section="markets">
      <CrmPageFrame
        title={t('adminMarkets.title')}
        maxWidth="lg"
        actions={(context) => <MarketPicker context={context} />}
      >
        {(context) => (
          <Stack spacing={0}>
            <AdminTabs />
            <AdminMarketsBody context={context} />
          </Stack>
        )}
      </CrmPageFrame>
    </AdminSectionGate>
  );
}
