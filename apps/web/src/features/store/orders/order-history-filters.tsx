import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { Button, InputAdornment, MenuItem, Paper, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { STORE_ORDER_STATUSES, type OrderHistory } from '@granary/domain';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useSellerName } from '../components/product-card';
import type { OrderHistoryFilters } from './orders-api';
import type { OrderHistoryFilterState } from './use-order-history-filters';

/** A select of one filter: 'Any' first, then its choices. */
function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const t = useT();
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <MenuItem value="">{t('orders.history.any')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The order history's filters: a search (on Enter, on leaving the box, or submitted), status, year, seller, clear. */
export function OrderHistoryFiltersForm({
  first,
  state: { params, filters, setFilter, clear, filtered },
}: {
  /** The first page of the history: the years and sellers to choose from. */
  first: OrderHistory | undefined;
  state: OrderHistoryFilterState;
}) {
  const t = useT();
  const sellerName = useSellerName();
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(params.get('q') ?? ''), [params]);
  const select = (key: keyof OrderHistoryFilters) => ({
    value: filters[key] ?? '',
    onChange: (value: string) => setFilter(key, value),
  });
  return (
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
      <FilterSelect
        label={t('orders.history.status')}
        {...select('status')}
        options={STORE_ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}` as MessageId) }))}
      />
      <FilterSelect
        label={t('orders.history.year')}
        {...select('year')}
        options={(first?.years ?? (filters.year ? [Number(filters.year)] : [])).map((y) => ({
          value: String(y),
          label: String(y),
        }))}
      />
      <FilterSelect
        label={t('orders.history.seller')}
        {...select('seller')}
        options={(first?.sellers ?? []).map((s) => ({ value: s.slug, label: sellerName(s) }))}
      />
      <Button
        onClick={clear}
        disabled={!filtered}
        sx={{ whiteSpace: 'nowrap', gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        <T id="orders.history.clear" />
      </Button>
    </Paper>
  );
}
