import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { FUTURES_PRODUCTS, type EnterpriseBids, type PublicBidRow } from '@granary/domain';
import {
  Alert,
  Box,
  IconButton,
  Link as MuiLink,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, useState, type ReactNode } from 'react';
import { useCurrentEnterprise } from '../../lib/enterprise/current-enterprise';
import { T, useT } from '../../lib/i18n/t';
import { priceUnitOf } from '../../lib/trading/price-units';
import { usePriceFormat } from '../../lib/trading/use-price-format';
import { numericCellSx } from '../../lib/ui/numeric-cell';
import { useEnterpriseBids, useQuotesRoot, useToggleFavorite } from './api/profit-center-api';
import { BidChartDialog } from './bid-chart-dialog';
import { LoadError } from './load-error';

type Market = EnterpriseBids['markets'][number];

/** On a phone the futures column gives way (the board beside the bids has them): crop, delivery, basis and cash fit. */
const futuresCellSx = { ...numericCellSx, display: { xs: 'none', sm: 'table-cell' } };

/**
 * The market home (the default tab): the current farm business's local bids by location and crop, the user's
 * favourite location-and-crop pairs first, and the futures board of the crops bid on.
 */
export function MarketHomeTab() {
  const enterprise = useCurrentEnterprise();
  const bids = useEnterpriseBids(enterprise?.id ?? null);
  const favorites = useMemo(
    () => new Set((bids.data?.favorites ?? []).map((f) => `${f.marketId}:${f.cropId}`)),
    [bids.data?.favorites],
  );
  const roots = useMemo(() => {
    const cropIds = new Set(bids.data?.markets.flatMap((m) => m.rows.map((r) => r.cropId)) ?? []);
    const used = FUTURES_PRODUCTS.filter((p) => p.cropIds.some((id) => cropIds.has(id))).map((p) => p.root);
    return used.length > 0 ? used : ['ZC', 'ZS', 'ZW'];
  }, [bids.data]);

  if (!enterprise)
    return (
      <Alert severity="info">
        <T id="pc.home.noEnterprise" />
      </Alert>
    );
  const favoriteMarkets: Market[] = (bids.data?.markets ?? [])
    .map((m) => ({ ...m, rows: m.rows.filter((r) => favorites.has(`${m.id}:${r.cropId}`)) }))
    .filter((m) => m.rows.length > 0);

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
      <Box sx={{ minWidth: 0 }}>
        {bids.error ? <LoadError error={bids.error} onRetry={() => void bids.refetch()} /> : null}
        {!bids.data && !bids.error ? <Skeleton variant="rounded" height={240} /> : null}
        {bids.data ? (
          <>
            <Section title="pc.home.favorites">
              {favoriteMarkets.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  <T id="pc.home.favoritesEmpty" />
                </Typography>
              ) : (
                favoriteMarkets.map((m) => <MarketBids key={m.id} market={m} favorites={favorites} />)
              )}
            </Section>
            <Section title="pc.home.bids">
              {bids.data.markets.every((m) => m.rows.length === 0) ? (
                <Typography variant="body2" color="text.secondary">
                  <T id="pc.home.noMarkets" />
                </Typography>
              ) : (
                bids.data.markets
                  .filter((m) => m.rows.length > 0)
                  .map((m) => <MarketBids key={m.id} market={m} favorites={favorites} />)
              )}
            </Section>
          </>
        ) : null}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Section title="pc.home.futuresBoard">
          {roots.map((root) => (
            <FuturesRoot key={root} root={root} />
          ))}
        </Section>
      </Box>
    </Box>
  );
}

function Section({
  title,
  children,
}: {
  title: 'pc.home.favorites' | 'pc.home.bids' | 'pc.home.futuresBoard';
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Box component="section" aria-label={t(title)} sx={{ mb: 3 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
        <T id={title} />
      </Typography>
      {children}
    </Box>
  );
}

/**
 * One location's bids, by crop then delivery period; a star keeps a crop at this location among the favourites, and
 * a bid's delivery opens its price history (the bid chart).
 */
function MarketBids({ market, favorites }: { market: Market; favorites: ReadonlySet<string> }) {
  const t = useT();
  const prices = usePriceFormat();
  const toggle = useToggleFavorite();
  const [charted, setCharted] = useState<PublicBidRow | null>(null);
  const byCrop = new Map<number, PublicBidRow[]>();
  for (const r of market.rows) byCrop.set(r.cropId, [...(byCrop.get(r.cropId) ?? []), r]);
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {market.label}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={market.label} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>
                <T id="pc.home.crop" />
              </TableCell>
              <TableCell>
                <T id="pc.home.delivery" />
              </TableCell>
              <TableCell sx={futuresCellSx}>
                <T id="pc.home.futures" />
              </TableCell>
              <TableCell sx={numericCellSx}>
                <T id="pc.home.basis" />
              </TableCell>
              <TableCell sx={numericCellSx}>
                <T id="pc.home.cash" />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...byCrop.entries()].flatMap(([cropId, rows]) =>
              rows.map((r, i) => {
                const unit = priceUnitOf(r.quantityUnit);
                const on = favorites.has(`${market.id}:${cropId}`);
                return (
                  <TableRow key={r.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {i === 0 ? (
                        <>
                          <IconButton
                            size="small"
                            aria-pressed={on}
                            aria-label={t('pc.home.favorite', { crop: r.cropName, market: market.label })}
                            disabled={toggle.isPending}
                            onClick={() => toggle.mutate({ marketId: market.id, cropId, on: !on })}
                          >
                            {on ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
                          </IconButton>
                          {r.cropName}
                        </>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      <MuiLink
                        component="button"
                        type="button"
                        underline="hover"
                        aria-label={t('pc.chart.open', { name: `${r.cropName} ${r.name}` })}
                        onClick={() => setCharted(r)}
                        sx={{ textAlign: 'left', font: 'inherit' }}
                      >
                        {r.name}
                      </MuiLink>
                    </TableCell>
                    <TableCell sx={futuresCellSx}>
                      {r.futuresLast === null ? t('pc.none') : prices.futures(r.futuresLast, unit)}
                    </TableCell>
                    <TableCell sx={numericCellSx}>
                      {r.basis === null ? t('pc.none') : prices.basis(r.basis, r.futuresMonth, unit)}
                    </TableCell>
                    <TableCell sx={{ ...numericCellSx, fontWeight: 600 }}>
                      {r.cashPrice === null ? t('pc.home.noQuote') : prices.cash(r.cashPrice, unit)}
                    </TableCell>
                  </TableRow>
                );
              }),
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {charted ? <BidChartDialog bid={charted} marketLabel={market.label} onClose={() => setCharted(null)} /> : null}
    </Paper>
  );
}

/** A futures root's nearest months: last and change. */
function FuturesRoot({ root }: { root: string }) {
  const t = useT();
  const prices = usePriceFormat();
  const quotes = useQuotesRoot(root);
  const product = FUTURES_PRODUCTS.find((p) => p.root === root);
  const rows = (quotes.data?.quotes ?? []).slice(0, 3);
  return (
    <Paper variant="outlined" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {product?.name ?? root}
      </Typography>
      {quotes.error ? (
        <Box sx={{ p: 2 }}>
          <LoadError error={quotes.error} onRetry={() => void quotes.refetch()} />
        </Box>
      ) : !quotes.data ? (
        <Skeleton variant="rounded" height={96} sx={{ m: 2 }} />
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          <T id="pc.home.noQuotes" />
        </Typography>
      ) : (
        <Table size="small" aria-label={product?.name ?? root}>
          <TableHead>
            <TableRow>
              <TableCell>
                <T id="pc.home.month" />
              </TableCell>
              <TableCell sx={numericCellSx}>
                <T id="pc.home.last" />
              </TableCell>
              <TableCell sx={numericCellSx}>
                <T id="pc.home.change" />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((q) => (
              <TableRow key={q.symbol}>
                <TableCell>{q.symbol}</TableCell>
                <TableCell sx={numericCellSx}>
                  {q.last === null ? t('pc.none') : prices.futures(q.last, product?.priceUnit)}
                </TableCell>
                <TableCell sx={numericCellSx}>
                  {q.change === null ? t('pc.none') : prices.change(q.change, product?.priceUnit)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
