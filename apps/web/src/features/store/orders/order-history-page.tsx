import { Box, Button, Typography, useMediaQuery, useTheme } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { OrderHistoryFiltersForm } from './order-history-filters';
import { OrderHistoryCards, OrderHistoryTable } from './order-history-list';
import { useOrderHistory } from './orders-api';
import { OrdersPage, PageTitle } from './order-parts';
import { useOrderHistoryFilters } from './use-order-history-filters';

/** /direct/order-history: the buyer's orders, newest first, filtered by status, year, seller or a search. */
export function OrderHistoryPage() {
  const t = useT();
  const partner = usePartner();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const { href } = useStoreLocale();
  const filterState = useOrderHistoryFilters();
  const { filtered } = filterState;
  const history = useOrderHistory(filterState.filters);
  useDocumentTitle([t('orders.history.title'), partner.displayName]);

  const first = history.data?.pages[0];
  const orders = history.data?.pages.flatMap((p) => p.orders) ?? [];

  return (
    <OrdersPage>
      <PageTitle
        title={<T id="orders.history.title" />}
        subtitle={first ? <T id="orders.history.subtitle" values={{ count: first.total }} /> : null}
      />
      <OrderHistoryFiltersForm first={first} state={filterState} />

      {history.isPending || (history.error && !history.data) ? (
        <StoreQueryState error={history.error} isPending={history.isPending} onRetry={() => void history.refetch()} />
      ) : orders.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">
            {filtered ? <T id="orders.history.noMatch" /> : <T id="orders.history.empty" />}
          </Typography>
          {!filtered ? (
            <Button component={RouterLink} to={href('/direct')} variant="contained" sx={{ mt: 2 }}>
              <T id="orders.history.shop" />
            </Button>
          ) : null}
        </Box>
      ) : phone ? (
        <OrderHistoryCards orders={orders} />
      ) : (
        <OrderHistoryTable orders={orders} />
      )}
      {history.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            <T id="orders.history.more" />
          </Button>
        </Box>
      ) : null}
    </OrdersPage>
  );
}
