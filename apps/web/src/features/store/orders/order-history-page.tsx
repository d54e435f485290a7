import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  InputAdornment,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { STORE_ORDER_STATUSES, type OrderSummary } from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreQueryState } from '../components/store-frame';
import { useSellerName } from '../components/product-card';
import { useStoreLocale } from '../components/use-store-locale';
import { useOrderHistory } from './orders-api';
import { OrderStatusChip, OrdersPage, PageTitle, money, useFormatDay } from './order-parts';

/** Where an order's details live: buy-now orders have their own page. */
function orderHref(order: Pick<OrderSummary, 'id' | 'kind'>): string {
  return order.kind === 'buy_now' ? `/direct/buy-now-details/${order.id}` : `/direct/order-history-details/${order.id}`;
}

function Products({ order }: { order: OrderSummary }) {
  const names = order.productNames.join(', ');
  const more = order.itemCount - order.productNames.length;
  return more > 0 ? <T id="orders.history.moreProducts" values={{ names, count: more }} /> : <>{names}</>;
}

/** /direct/order-history: the buyer's orders, newest first, filtered by status, year, seller or a search. */
export function OrderHistoryPage() {
  const t = useT();
  const sellerName = useSellerName();
  const partner = usePartner();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const { href } = useStoreLocale();
  const day = useFormatDay();
  const [params, setParams] = useSearchParams();
  const filters = {
    ...(params.get('status') ? { status: params.get('status')! } : {}),
    ...(params.get('year') ? { year: params.get('year')! } : {}),
    ...(params.get('seller') ? { seller: params.get('seller')! } : {}),
    ...(params.get('q') ? { q: params.get('q')! } : {}),
  };
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(params.get('q') ?? ''), [params]);
  const history = useOrderHistory(filters);
  useDocumentTitle([t('orders.history.title'), partner.displayName]);

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const first = history.data?.pages[0];
  const orders = history.data?.pages.flatMap((p) => p.orders) ?? [];
  const filtered = Object.keys(filters).length > 0;

  return (
    <OrdersPage>
      <PageTitle
        title={<T id="orders.history.title" />}
        subtitle={first ? <T id="orders.history.subtitle" values={{ count: first.total }} /> : null}
      />
      <Paper
        component="form"
        role="search"
        aria-label={t('orders.history.filters')}
        variant="outlined"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter('q', q.trim());
        }}
        sx={{
          p: { xs: 1.5, md: 2 },
          mb: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1.4fr auto' },
          alignItems: 'center',
        }}
      >
        <TextField
          size="small"
          label={t('orders.history.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onBlur={() => q.trim() !== (filters.q ?? '') && setFilter('q', q.trim())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setFilter('q', q.trim());
            }
          }}
          slotProps={{
            htmlInput: { maxLength: 120 },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <SearchRoundedIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
        <TextField
          select
          size="small"
          label={t('orders.history.status')}
          value={filters.status ?? ''}
          onChange={(e) => setFilter('status', e.target.value)}
        >
          <MenuItem value="">{t('orders.history.any')}</MenuItem>
          {STORE_ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`orders.status.${s}` as MessageId)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('orders.history.year')}
          value={filters.year ?? ''}
          onChange={(e) => setFilter('year', e.target.value)}
        >
          <MenuItem value="">{t('orders.history.any')}</MenuItem>
          {(first?.years ?? (filters.year ? [Number(filters.year)] : [])).map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('orders.history.seller')}
          value={filters.seller ?? ''}
          onChange={(e) => setFilter('seller', e.target.value)}
        >
          <MenuItem value="">{t('orders.history.any')}</MenuItem>
          {(first?.sellers ?? []).map((s) => (
            <MenuItem key={s.slug} value={s.slug}>
              {sellerName(s)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          onClick={() => setParams(new URLSearchParams(), { replace: true })}
          disabled={!filtered}
          sx={{ whiteSpace: 'nowrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}
        >
          <T id="orders.history.clear" />
        </Button>
      </Paper>

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
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {orders.map((o) => (
            <Card component="li" key={o.id} variant="outlined">
              <CardActionArea
                component={RouterLink}
                to={href(orderHref(o))}
                aria-label={t('orders.history.view', { number: o.orderNumber })}
                sx={{ p: 1.75 }}
              >
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                  <Typography sx={{ fontWeight: 700 }}>{o.orderNumber}</Typography>
                  <OrderStatusChip status={o.status} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {day(o.placedAt)} · {o.sellers.map(sellerName).join(', ')}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.75 }}>
                  <Products order={o} />
                </Typography>
                <Typography sx={{ mt: 0.75, fontWeight: 700, textAlign: 'right' }}>
                  {money(o.total, o.currency)}
                </Typography>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('orders.history.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('orders.history.col.order')}</TableCell>
                <TableCell>{t('orders.history.col.placed')}</TableCell>
                <TableCell>{t('orders.history.col.products')}</TableCell>
                <TableCell>{t('orders.history.col.seller')}</TableCell>
                <TableCell>{t('orders.history.col.status')}</TableCell>
                <TableCell align="right">{t('orders.history.col.total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {orders.map((o) => (
                <TableRow key={o.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link
                      component={RouterLink}
                      to={href(orderHref(o))}
                      sx={{ fontWeight: 700 }}
                      aria-label={t('orders.history.view', { number: o.orderNumber })}
                    >
                      {o.orderNumber}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(o.placedAt)}</TableCell>
                  <TableCell sx={{ maxWidth: 340 }}>
                    <Products order={o} />
                  </TableCell>
                  <TableCell>{o.sellers.map(sellerName).join(', ')}</TableCell>
                  <TableCell>
                    <OrderStatusChip status={o.status} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {money(o.total, o.currency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
