import { CONTRACT_STATUSES, type FarmerFilters } from '@granary/domain';
import { Button, FormControl, InputLabel, MenuItem, Select, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../lib/i18n/t';

export type ListFilters = { crop?: string; cropYear?: string; status?: string };

const ALL = '';

function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: { xs: 0, sm: 140 }, flex: { xs: '1 1 30%', sm: '0 0 auto' } }}>
      <InputLabel id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={label}
        notched
        displayEmpty
        value={value}
        onChange={(e) => onChange(String(e.target.value))}
      >
        {children}
      </Select>
    </FormControl>
  );
}

/** The crop, crop year and (optionally) status filters of a list, with 'Clear filters' when any is set. */
export function FilterBar({
  filters,
  value,
  onChange,
  withStatus = true,
  extra,
}: {
  filters: FarmerFilters | undefined;
  value: ListFilters;
  onChange: (next: ListFilters) => void;
  withStatus?: boolean;
  extra?: ReactNode;
}) {
  const t = useT();
  const set = (key: keyof ListFilters) => (v: string) => {
    const next = { ...value };
    if (v === ALL) delete next[key];
    else next[key] = v;
    onChange(next);
  };
  const any = Boolean(value.crop || value.cropYear || value.status);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <FilterSelect id="msl-filter-crop" label={t('msl.filter.crop')} value={value.crop ?? ALL} onChange={set('crop')}>
        <MenuItem value={ALL}>
          <T id="msl.filter.all" />
        </MenuItem>
        {(filters?.crops ?? []).map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.displayName}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect
        id="msl-filter-year"
        label={t('msl.filter.cropYear')}
        value={value.cropYear ?? ALL}
        onChange={set('cropYear')}
      >
        <MenuItem value={ALL}>
          <T id="msl.filter.all" />
        </MenuItem>
        {(filters?.cropYears ?? []).map((y) => (
          <MenuItem key={y} value={String(y)}>
            {y}
          </MenuItem>
        ))}
      </FilterSelect>
      {withStatus ? (
        <FilterSelect
          id="msl-filter-status"
          label={t('msl.filter.status')}
          value={value.status ?? ALL}
          onChange={set('status')}
        >
          <MenuItem value={ALL}>
            <T id="msl.filter.all" />
          </MenuItem>
          {CONTRACT_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              <T id={`msl.status.${s}`} />
            </MenuItem>
          ))}
        </FilterSelect>
      ) : null}
      {extra}
      {any ? (
        <Button size="small" onClick={() => onChange({})}>
          <T id="msl.filter.clear" />
        </Button>
      ) : null}
    </Stack>
  );
}
