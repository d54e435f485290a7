import ClearIcon from '@mui/icons-material/Clear';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import { CONTRACT_STATUSES, CONTRACT_TYPES, FILTERABLE_CROPS, type ListFilter, type ListQuery } from '@granary/domain';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Chip,
  Collapse,
  IconButton,
  InputAdornment,
  ListItemText,
  MenuItem,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '../../../../lib/i18n/t';
import { formatOptionMonth } from './list-cells';

type Option = { value: string; label: string };

/** A multi-select filter: 'All' when nothing is chosen, the choice's name for one, 'n selected' for more. */
function MultiFilter({
  label,
  options,
  value,
  onChange,
  width = 150,
}: {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  width?: number;
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          onChange: (event) => {
            const next = event.target.value;
            onChange(typeof next === 'string' ? next.split(',') : (next as string[]));
          },
          renderValue: (selected) => {
            const list = selected as string[];
            if (list.length === 0) return <Box sx={{ color: 'text.secondary' }}>{t('crm.lists.filter.all')}</Box>;
            if (list.length === 1) return options.find((o) => o.value === list[0])?.label ?? list[0];
            return t('crm.lists.filter.selected', { count: list.length });
          },
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} dense>
          <Checkbox size="small" checked={value.includes(option.value)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={option.label} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A text filter written to the URL a moment after typing stops (and at once on Enter). */
function TextFilter({
  label,
  placeholder,
  value,
  onCommit,
  width,
  icon,
}: {
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string) => void;
  width: number;
  icon?: boolean;
}) {
  const t = useT();
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (text.trim() === committed.current.trim()) return;
    const timer = setTimeout(() => {
      committed.current = text;
      commit.current(text);
    }, 400);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <TextField
      size="small"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text.trim() !== committed.current.trim()) {
          committed.current = text;
          onCommit(text);
        }
      }}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { type: 'search', maxLength: 200 },
        input: {
          ...(icon
            ? {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              }
            : {}),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('crm.lists.filter.clearSearch')}
                onClick={() => {
                  setText('');
                  committed.current = '';
                  onCommit('');
                }}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 150 } }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** The 'has filters' indicator (domain hasFilters) and 'clear filters' (domain clearFilters). */
export function FilterIndicator({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const t = useT();
  if (!filtered) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexShrink: 0 }}>
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        icon={<FilterListIcon />}
        label={t('crm.lists.hasFilters')}
      />
      <Button size="small" startIcon={<FilterAltOffOutlinedIcon />} onClick={onClear}>
        {t('crm.lists.clearFilters')}
      </Button>
    </Box>
  );
}

/** The search box (contract or ticket number, or client name). On wide screens it sits beside the views. */
export function ListSearch({ query, onChange }: { query: ListQuery; onChange: ListFiltersProps['onChange'] }) {
  const t = useT();
  const tickets = query.listType === 'deliveries';
  return (
    <TextFilter
      label={t('crm.lists.filter.search')}
      placeholder={t(tickets ? 'crm.lists.filter.searchTickets' : 'crm.lists.filter.searchContracts')}
      value={query.search ?? ''}
      onCommit={(value) => onChange({ search: value })}
      width={230}
      icon
    />
  );
}

/** Whether the filters fold away (phones and small tablets); the indicator then sits under them. */
export function useCompactFilters(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}

export type ListFiltersProps = {
  query: ListQuery;
  filters: readonly ListFilter[];
  optionMonths: readonly string[];
  filtered: boolean;
  today: string;
  onChange: (patch: Record<string, string | readonly (string | number)[] | null>) => void;
  onClear: () => void;
};

/**
 * The filters that apply to the view (domain viewFilters: unapplied and the deliveries list hide option month and
 * contract type), the 'has filters' indicator and 'clear filters'. On a phone the secondary filters fold away.
 */
export function ListFilters({ query, filters, optionMonths, filtered, today, onChange, onClear }: ListFiltersProps) {
  const t = useT();
  const compact = useCompactFilters();
  const [open, setOpen] = useState(false);
  const tickets = query.listType === 'deliveries';
  const has = (filter: ListFilter) => filters.includes(filter);

  const cropOptions = useMemo(
    () => FILTERABLE_CROPS.map((crop) => ({ value: String(crop.id), label: crop.displayName })),
    [],
  );
  const year = Number(today.slice(0, 4));
  const yearOptions = useMemo(() => {
    const years = new Set<number>([year + 1, year, year - 1, year - 2, year - 3, ...query.cropYears]);
    return [...years].sort((a, b) => b - a).map((y) => ({ value: String(y), label: String(y) }));
  }, [year, query.cropYears]);
  const monthOptions = useMemo(() => {
    const months = new Set([...optionMonths, ...query.optionMonths]);
    return [...months].sort().map((m) => ({ value: m, label: formatOptionMonth(m) }));
  }, [optionMonths, query.optionMonths]);
  const typeOptions = useMemo(
    () => CONTRACT_TYPES.map((type) => ({ value: type, label: t(`crm.lists.contractType.${type}`) })),
    [t],
  );
  const statusOptions = useMemo(
    () => CONTRACT_STATUSES.map((status) => ({ value: status, label: t(`crm.lists.status.${status}`) })),
    [t],
  );

  const secondaryCount =
    (query.crops.length > 0 ? 1 : 0) +
    (query.cropYears.length > 0 ? 1 : 0) +
    (query.optionMonths.length > 0 ? 1 : 0) +
    (query.contractTypes.length > 0 ? 1 : 0) +
    (query.statuses.length > 0 ? 1 : 0) +
    (query.from ? 1 : 0) +
    (query.to ? 1 : 0) +
    (query.keyword ? 1 : 0);

  const secondary = (
    <>
      {has('keyword') ? (
        <TextFilter
          label={t('crm.lists.filter.keyword')}
          placeholder={t(tickets ? 'crm.lists.filter.keywordTickets' : 'crm.lists.filter.keywordContracts')}
          value={query.keyword ?? ''}
          onCommit={(value) => onChange({ tag: value })}
          width={200}
        />
      ) : null}
      {has('crops') ? (
        <MultiFilter
          label={t('crm.lists.filter.crop')}
          options={cropOptions}
          value={query.allCrops ? [] : query.crops.map(String)}
          onChange={(value) => onChange({ crop: value, cropFilter: null })}
          width={130}
        />
      ) : null}
      {has('years') ? (
        <MultiFilter
          label={t('crm.lists.filter.cropYear')}
          options={yearOptions}
          value={query.cropYears.map(String)}
          onChange={(value) => onChange({ cropYear: value })}
          width={110}
        />
      ) : null}
      {has('optionMonths') ? (
        <MultiFilter
          label={t('crm.lists.filter.optionMonth')}
          options={monthOptions}
          value={query.optionMonths}
          onChange={(value) => onChange({ optionMonth: value })}
          width={130}
        />
      ) : null}
      {has('contractTypes') ? (
        <MultiFilter
          label={t('crm.lists.filter.contractType')}
          options={typeOptions}
          value={query.contractTypes}
          onChange={(value) => onChange({ contractType: value })}
          width={150}
        />
      ) : null}
      {!tickets ? (
        <MultiFilter
          label={t('crm.lists.filter.status')}
          options={statusOptions}
          value={query.statuses}
          onChange={(value) => onChange({ status: value })}
          width={120}
        />
      ) : null}
      {has('deliveryRange') ? (
        <>
          <DateFilter
            label={t('crm.lists.filter.from')}
            value={query.from}
            onChange={(value) => onChange({ from: value })}
          />
          <DateFilter label={t('crm.lists.filter.to')} value={query.to} onChange={(value) => onChange({ to: value })} />
        </>
      ) : null}
    </>
  );

  const indicator = <FilterIndicator filtered={filtered} onClear={onClear} />;

  return (
    <Box
      role="search"
      aria-label={t('crm.lists.filters.label')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {compact && has('search') ? <ListSearch query={query} onChange={onChange} /> : null}
        {compact ? (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setOpen((x) => !x)}
            aria-expanded={open}
            startIcon={
              <Badge color="primary" badgeContent={secondaryCount} invisible={secondaryCount === 0}>
                <TuneIcon fontSize="small" />
              </Badge>
            }
          >
            {t(open ? 'crm.lists.fewerFilters' : 'crm.lists.moreFilters')}
          </Button>
        ) : (
          secondary
        )}
        {compact ? indicator : null}
      </Box>
      {compact ? (
        <Collapse in={open} unmountOnExit>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr' }, gap: 1.5, '& > *': { minWidth: 0 } }}>
            {secondary}
          </Box>
        </Collapse>
      ) : null}
    </Box>
  );
}
