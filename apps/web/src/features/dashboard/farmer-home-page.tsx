import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ScaleOutlinedIcon from '@mui/icons-material/ScaleOutlined';
import ShowChartRoundedIcon from '@mui/icons-material/ShowChartRounded';
import TrackChangesOutlinedIcon from '@mui/icons-material/TrackChangesOutlined';
import { formatCents, formatNumber, offerNearness, toDecimal, type FarmerHome } from '@granary/domain';
import { Box, Button, Chip, Container, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { useFarmerNavAllows } from '../../lib/enterprise/farmer-nav';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDates } from '../../lib/i18n/use-dates';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { useFarmerHome } from './api/farmer-home';
import { BidsCard } from './farmer-home-bids';
import { HomeCard, useHomeFormat, type Item } from './home-card';

// The farmer's home at /dashboard (issue 17 'Home', decision 036 addendum): a card per thing that needs them — to sign,
// offers near target, deliveries not settled, payments sent, store orders — their local bids and notifications. Each
// item opens the page where they act; a card the member may not see (an access flag) is left out.

function signItems(home: FarmerHome, t: ReturnType<typeof useT>, dates: ReturnType<typeof useDates>): Item[] {
  return (home.toSign ?? []).map((r) => ({
    key: r.requestId,
    to: r.url,
    // A sustainability enrolment (decision 016's enrolment kind) is named by its program, a structure's confirmation
    // (issue 18) by its crop and number.
    primary: r.enrolmentId
      ? t('home.sign.enrolment', { program: r.programName ?? '' })
      : r.structureId
        ? t('home.sign.structure', { name: r.displayContractId })
        : t(r.amendmentId ? 'home.sign.amendment' : 'home.sign.contract', { id: r.displayContractId }),
    secondary: t('home.sign.meta', {
      client: r.clientName,
      sent: dates.instant(r.sentAt),
      expires: dates.instant(r.expiresAt),
    }),
    aside: <Chip size="small" color="warning" label={t('home.sign.action')} />,
  }));
}

function offerItems(home: FarmerHome, t: ReturnType<typeof useT>, fmt: ReturnType<typeof useHomeFormat>): Item[] {
  const offers = home.offers;
  if (!offers) return [];
  const slugOf = new Map(offers.markets.map((m) => [m.id, m.slug]));
  return offers.rows.map((o) => {
    const near = offerNearness(o);
    const cents = o.distanceToTarget === null ? 0 : toDecimal(o.distanceToTarget).abs().times(100).toNumber();
    return {
      key: o.id,
      to: `/profit-center/bids-offers/${slugOf.get(o.marketId) ?? ''}`,
      primary: t('home.offers.line', {
        crop: o.crop,
        year: o.cropYear,
        quantity: fmt.quantity(o.quantity),
        unit: fmt.unit(o.quantityUnit),
        target: fmt.price(o.targetCashPrice, o.quantityUnit),
      }),
      secondary: t('home.offers.meta', { market: o.marketName, cash: fmt.price(o.currentCashPrice, o.quantityUnit) }),
      aside:
        near === 'hit' ? (
          <Chip size="small" color="success" label={t('home.offers.hit')} />
        ) : (
          <Chip
            size="small"
            variant="outlined"
            color="info"
            label={t('home.offers.near', { cents: formatCents(cents, { maxFractionDigits: 2 }) })}
          />
        ),
    };
  });
}

function unsettledItems(home: FarmerHome, t: ReturnType<typeof useT>, dates: ReturnType<typeof useDates>): Item[] {
  return (home.unsettled?.rows ?? []).map((r) => ({
    key: r.ticketApplicationId,
    to: `/profit-center/sales/contracts?contract=${r.contractId}`,
    primary: t('home.unsettled.line', { ticket: r.displayScaleTicketId, crop: r.cropName, year: r.cropYear }),
    secondary: t('home.unsettled.meta', {
      date: dates.day(r.deliveryDate),
      bushels: formatNumber(r.bushels, { minFractionDigits: 2, maxFractionDigits: 2 }),
      contract: r.displayContractId,
    }),
  }));
}

const PAYMENT_STATUS: Record<'sent' | 'settled' | 'returned', MessageId> = {
  sent: 'home.payments.status.sent',
  settled: 'home.payments.status.settled',
  returned: 'home.payments.status.returned',
};

function paymentItems(
  home: FarmerHome,
  t: ReturnType<typeof useT>,
  dates: ReturnType<typeof useDates>,
  fmt: ReturnType<typeof useHomeFormat>,
): Item[] {
  return (home.payments ?? []).flatMap((r) => {
    const p = r.payment;
    if (!p) return [];
    return [
      {
        key: r.id,
        to: '/profit-center/payments/history',
        primary: t('home.payments.line', { amount: fmt.money(p.amount), market: r.market }),
        secondary: p.settlesOn
          ? t('home.payments.metaSettles', { sent: dates.instant(p.sentAt), settles: dates.day(p.settlesOn) })
          : t('home.payments.meta', { sent: dates.instant(p.sentAt) }),
        aside: (
          <Chip
            size="small"
            variant="outlined"
            color={p.status === 'settled' ? 'success' : p.status === 'returned' ? 'error' : 'info'}
            label={t(PAYMENT_STATUS[p.status])}
          />
        ),
      },
    ];
  });
}

function orderItems(
  home: FarmerHome,
  t: ReturnType<typeof useT>,
  dates: ReturnType<typeof useDates>,
  fmt: ReturnType<typeof useHomeFormat>,
): Item[] {
  return (home.orders ?? []).map((o) => ({
    key: o.id,
    to: `/direct/order-history-details/${o.id}`,
    primary: t('home.orders.line', { number: o.orderNumber, total: fmt.money(o.total, o.currency) }),
    secondary: t('home.orders.meta', { date: dates.instant(o.placedAt), items: o.itemCount }),
    aside: <Chip size="small" variant="outlined" label={t(`home.orders.status.${o.status}` as MessageId)} />,
  }));
}

function notificationItems(home: FarmerHome, dates: ReturnType<typeof useDates>): Item[] {
  return home.notifications.rows.map((n) => ({
    key: n.id,
    to: n.link ?? '/global-notifications',
    primary: (
      <Box component="span" sx={{ fontWeight: n.read ? 500 : 700 }}>
        {n.title}
      </Box>
    ),
    secondary: `${dates.relative(n.created_at)} · ${n.body}`,
  }));
}

function CountChip({ count }: { count: number }) {
  return count > 0 ? <Chip size="small" color="primary" label={formatNumber(count)} /> : null;
}

function HomeCards({ home, grain }: { home: FarmerHome; grain: boolean }) {
  const t = useT();
  const dates = useDates();
  const fmt = useHomeFormat();
  const unsettled = home.unsettled;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 2.5 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {grain && home.toSign ? (
        <HomeCard
          id="sign"
          title="home.sign.title"
          icon={<DrawOutlinedIcon />}
          count={<CountChip count={home.toSign.length} />}
          seeAll="/profit-center/sales/contracts"
          empty="home.sign.empty"
          items={signItems(home, t, dates)}
        />
      ) : null}
      {grain && home.offers ? (
        <HomeCard
          id="offers"
          title="home.offers.title"
          icon={<TrackChangesOutlinedIcon />}
          count={<CountChip count={home.offers.rows.length} />}
          seeAll="/profit-center/bids-offers"
          empty="home.offers.empty"
          items={offerItems(home, t, fmt)}
        />
      ) : null}
      {grain && unsettled ? (
        <HomeCard
          id="unsettled"
          title="home.unsettled.title"
          icon={<ScaleOutlinedIcon />}
          count={<CountChip count={unsettled.total} />}
          seeAll="/profit-center/sales/tickets"
          empty="home.unsettled.empty"
          items={unsettledItems(home, t, dates)}
          footer={
            unsettled.total > unsettled.rows.length ? (
              <Typography variant="body2" color="text.secondary">
                <T id="home.unsettled.total" values={{ count: unsettled.total }} />
              </Typography>
            ) : null
          }
        />
      ) : null}
      {grain && home.payments ? (
        <HomeCard
          id="payments"
          title="home.payments.title"
          icon={<PaymentsOutlinedIcon />}
          seeAll="/profit-center/payments/history"
          empty="home.payments.empty"
          items={paymentItems(home, t, dates, fmt)}
        />
      ) : null}
      {home.orders ? (
        <HomeCard
          id="orders"
          title="home.orders.title"
          icon={<LocalShippingOutlinedIcon />}
          count={<CountChip count={home.orders.length} />}
          seeAll="/direct/order-history"
          empty="home.orders.empty"
          items={orderItems(home, t, dates, fmt)}
        />
      ) : null}
      <HomeCard
        id="notifications"
        title="home.notifications.title"
        icon={<NotificationsNoneOutlinedIcon />}
        count={
          home.notifications.unread > 0 ? (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t('home.notifications.unread', { count: home.notifications.unread })}
            />
          ) : null
        }
        seeAll="/global-notifications"
        empty="home.notifications.empty"
        items={notificationItems(home, dates)}
      />
      {grain && home.bids ? <BidsCard bids={home.bids} /> : null}
    </Box>
  );
}

function HomeLoading() {
  return (
    <Box
      aria-busy
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 2.5 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={180} />
      ))}
    </Box>
  );
}

/** /dashboard for a farmer (homeKindFor 'farmer'). */
export function FarmerHomePage() {
  const t = useT();
  const partner = usePartner();
  const { data: bootstrap } = useBootstrap();
  const home = useFarmerHome();
  const localized = useLocalizedPath();
  const brand = partner.branding.shortName || partner.displayName;
  const name = bootstrap?.user.firstName?.trim() ?? '';
  const title = name ? t('home.title', { name }) : t('home.titleNoName');
  // The grain cards show where the header's Profit center entry does (the domain's one rule, farmerNavFor).
  const grain = useFarmerNavAllows('profit-center');
  useDocumentTitle([title, brand]);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: 26, md: 34 }, fontWeight: 800 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.75, mb: grain ? 1.5 : { xs: 2.5, md: 3.5 }, maxWidth: 720 }}>
        <T id={grain ? 'home.subtitle' : 'home.subtitleNoGrain'} values={{ brand }} />
      </Typography>
      {grain ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: { xs: 2.5, md: 3.5 } }}>
          <Button
            component={RouterLink}
            to={localized('/profit-center/summary')}
            variant="outlined"
            size="small"
            startIcon={<InsightsOutlinedIcon />}
          >
            <T id="home.toSummary" />
          </Button>
          <Button
            component={RouterLink}
            to={localized('/profit-center')}
            variant="outlined"
            size="small"
            startIcon={<ShowChartRoundedIcon />}
          >
            <T id="home.toProfitCenter" />
          </Button>
        </Box>
      ) : null}
      {home.error ? (
        <LoadErrorAlert
          error={home.error}
          fallback={t('home.loadError')}
          retryLabel={<T id="home.retry" />}
          onRetry={() => void home.refetch()}
        />
      ) : home.data ? (
        <HomeCards home={home.data} grain={grain} />
      ) : (
        <HomeLoading />
      )}
    </Container>
  );
}
