import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../lib/i18n/t';
import { useDebounced } from '../../lib/ui/use-debounced';
import { useStaffEnterprises, type EnterprisesPage } from './staff-admin-api';

export type PickedEnterprise = EnterprisesPage['enterprises'][number];

/**
 * Staff pick a farm business by name (or id) from the enterprises admin list (enterprises/admin-list, searched on the
 * server as the user types), instead of typing its number.
 */
export function EnterprisePicker({
  value,
  onChange,
}: {
  value: PickedEnterprise | null;
  onChange: (enterprise: PickedEnterprise | null) => void;
}) {
  const t = useT();
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 250);
  const list = useStaffEnterprises(search, 1, null);
  const options = list.data?.enterprises ?? [];
  return (
    <Autocomplete
      size="small"
      fullWidth
      value={value}
      onChange={(_, picked) => onChange(picked)}
      inputValue={input}
      onInputChange={(_, text) => setInput(text)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      // The server searched already (name, enterprise id, public id).
      filterOptions={(all) => all}
      getOptionLabel={(e) => e.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={list.isFetching}
      loadingText={t('staffAdmin.resources.searching')}
      noOptionsText={t('staffAdmin.resources.noEnterprise')}
      renderOption={({ key, ...props }, e) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography>{e.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {[`#${e.id}`, e.ownerNames.join(', '), e.countryCode].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('staffAdmin.resources.pickEnterprise')}
          helperText={t('staffAdmin.resources.enterpriseHelp')}
        />
      )}
    />
  );
}
