import {
  Card,
  CardActionArea,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { OrderSummary } from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import { useSellerName } from '../components/product-card';
import { useStoreLocale } from '../components/use-store-locale';
import { OrderStatusChip, money, useFormatDay } from './order-parts';

/** Where an order's details live: buy-now orders have their own page. */
function orderHref(order: Pick<OrderSummary, 'id' | 'kind'>): string {
  return order.kind === 'buy_now' ? `/direct/buy-now-details/${order.id}` : `/direct/order-history-details/${order.id}`;
}

function Products({ order }: { order: OrderSummary }) {
  const names = order.productNames.join(', ');
  const more = order.itemCount - order.productNames.length;
  return more > 0 ? <T id="orders.history.moreProducts" values={{ names, count: more }} /> : <>{names}</>;
}

/** The history on a phone: a card an order, the whole card a link to it. */
export function OrderHistoryCards({ orders }: { orders: OrderSummary[] }) {
  const t = useT();
  const sellerName = useSellerName();
  const { href } = useStoreLocale();
  const day = useFormatDay();
  return (
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
            <Typography sx={{ mt: 0.75, fontWeight: 700, textAlign: 'right' }}>{money(o.total, o.currency)}</Typography>
          </CardActionArea>
        </Card>
      ))}
    </Stack>
  );
}

/** The history on a wider screen: a table, the order number the link. */
export function OrderHistoryTable({ orders }: { orders: OrderSummary[] }) {
  const t = useT();
  const sellerName = useSellerName();
  const { href } = useStoreLocale();
  const day = useFormatDay();
  return (
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
  );
}
