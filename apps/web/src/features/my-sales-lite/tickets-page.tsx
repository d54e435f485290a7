import { formatMoney, type FarmerTicketRow } from '@granary/domain';
import { Box, Button, Card, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useRegion } from '../../lib/i18n/locale';
import { T, useT } from '../../lib/i18n/t';
import { useFarmerFilters, useFarmerTickets } from './api/sales';
import { Figure } from './components/figure';
import { FilterBar } from './components/filter-bar';
import { MslFrame } from './components/msl-frame';
import { MslEmpty, MslError, MslLoading } from './components/msl-states';
import { useUrlFilters } from './components/use-list-filters';
import { useMslFormat, type MslFormat } from './components/use-msl-format';

const FILTER_KEYS = ['crop', 'cropYear', 'unapplied'] as const;

function TicketCard({ ticket: s, fmt }: { ticket: FarmerTicketRow; fmt: MslFormat }) {
  const t = useT();
  const pct = (v: string | null) =>
    v === null ? fmt.number(null) : t('msl.tickets.percent', { value: fmt.number(v) });
  const unapplied = s.unapplied !== '0';
  // Shrink, drying and grade discounts of the market's discount schedule (issue 14), when anything was taken.
  const region = useRegion();
  const money = (v: string) => formatMoney(v, { currency: region.currency });
  const taken = [s.shrinkQuantity, s.dryingCharge, s.discountAmount].some((v) => v !== '0');
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            <T id="msl.summary.cropYear" values={{ crop: s.crop, year: s.cropYear }} /> · {fmt.day(s.deliveryDate)}
          </Typography>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }} noWrap>
            <T id="msl.tickets.number" values={{ number: s.displayScaleTicketId }} />
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {s.market}
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
          <Figure
            label={<T id="msl.tickets.net" />}
            value={fmt.quantity(s.quantity, s.quantityUnit)}
            emphasis
            align="right"
          />
        </Box>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
          gap: 1,
          mt: 1.5,
          p: 1.25,
          bgcolor: 'action.hover',
          borderRadius: 1.5,
        }}
      >
        <Figure label={<T id="msl.tickets.moisture" />} value={pct(s.moisture)} />
        <Figure
          label={<T id="msl.tickets.testWeight" />}
          value={
            s.testWeight === null ? fmt.number(null) : t('msl.tickets.lbPerBu', { value: fmt.number(s.testWeight) })
          }
        />
        <Figure label={<T id="msl.tickets.foreignMaterial" />} value={pct(s.foreignMaterial)} />
        <Figure label={<T id="msl.tickets.damage" />} value={pct(s.damage)} />
        {taken ? (
          <>
            <Figure label={<T id="msl.tickets.shrink" />} value={fmt.quantity(s.shrinkQuantity, s.quantityUnit)} />
            <Figure label={<T id="msl.tickets.drying" />} value={money(s.dryingCharge)} />
            <Figure label={<T id="msl.tickets.discounts" />} value={money(s.discountAmount)} />
          </>
        ) : null}
      </Box>
      <Box sx={{ mt: 1.5 }}>
        {s.applications.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            <T id="msl.tickets.notApplied" />
          </Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              <T id="msl.tickets.appliedTo" />
            </Typography>
            {s.applications.map((a) => (
              <Chip
                key={`${a.contractId}`}
                size="small"
                variant="outlined"
                label={
                  <T
                    id="msl.tickets.application"
                    values={{ number: a.displayContractId, quantity: fmt.quantity(a.quantity, s.quantityUnit) }}
                  />
                }
              />
            ))}
          </Stack>
        )}
        {unapplied && s.applications.length > 0 ? (
          <Chip
            size="small"
            color="warning"
            sx={{ mt: 1 }}
            label={<T id="msl.tickets.unapplied" values={{ quantity: fmt.quantity(s.unapplied, s.quantityUnit) }} />}
          />
        ) : null}
      </Box>
    </Card>
  );
}

/**
 * /my-sales-lite/tab: the farmer's scale tickets (our reading of 'the tab', which the spec does not define): each load
 * delivered, its net bushels and grade factors, and the contract(s) it was applied to; unapplied bushels flagged.
 */
export function TicketsPage() {
  const t = useT();
  const fmt = useMslFormat();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const options = useFarmerFilters();
  const tickets = useFarmerTickets(filters);
  const rows = useMemo(() => tickets.data?.pages.flatMap((p) => p.rows) ?? [], [tickets.data]);
  const total = tickets.data?.pages[0]?.totalCount ?? 0;
  const filtered = Object.keys(filters).length > 0;
  return (
    <MslFrame title="msl.title.tickets">
      <FilterBar
        filters={options.data}
        value={filters}
        onChange={(next) => setFilters({ ...next, unapplied: filters.unapplied ?? '' })}
        withStatus={false}
        extra={
          <FormControlLabel
            sx={{ ml: 0.5 }}
            control={
              <Switch
                checked={filters.unapplied === 'true'}
                onChange={(e) => setFilters({ ...filters, unapplied: e.target.checked ? 'true' : '' })}
              />
            }
            label={t('msl.filter.unappliedOnly')}
          />
        }
      />
      {tickets.error ? (
        <MslError error={tickets.error} onRetry={() => void tickets.refetch()} />
      ) : !tickets.data ? (
        <MslLoading />
      ) : rows.length === 0 ? (
        filtered ? (
          <MslEmpty
            title={<T id="msl.tickets.emptyFiltered.title" />}
            action={
              <Button variant="outlined" onClick={() => setFilters({})}>
                <T id="msl.filter.clear" />
              </Button>
            }
          />
        ) : (
          <MslEmpty title={<T id="msl.tickets.empty.title" />} body={<T id="msl.tickets.empty.body" />} />
        )
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            <T id="msl.shownOf" values={{ shown: rows.length, total }} />
          </Typography>
          <Box
            component="ul"
            aria-label={t('msl.tickets.listLabel')}
            sx={{
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {rows.map((s) => (
              <TicketCard key={s.id} ticket={s} fmt={fmt} />
            ))}
          </Box>
          {tickets.hasNextPage ? (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Button
                variant="outlined"
                onClick={() => void tickets.fetchNextPage()}
                disabled={tickets.isFetchingNextPage}
              >
                <T id={tickets.isFetchingNextPage ? 'msl.loading' : 'msl.loadMore'} />
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </MslFrame>
  );
}
