import type { ClientSearchRow } from '@granary/domain';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/t';
import { useClientSearch } from '../clients/api/client-search';

/** Typing waits this long before the market's clients are searched. */
const SEARCH_PAUSE_MS = 250;

export type PickedClient = { id: number; name: string };

/** A client searched among the market's clients (the CRM's le-search), as the offer dialog picks one. */
export function ClientPicker({
  marketId,
  value,
  onChange,
  label,
  error,
  helperText,
  disabled = false,
  inputRef,
  size,
}: {
  marketId: number | null;
  value: PickedClient | null;
  onChange: (client: PickedClient | null) => void;
  label: string;
  error?: boolean;
  helperText?: string | undefined;
  disabled?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
}) {
  const t = useT();
  const [input, setInput] = useState(value?.name ?? '');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const clients = useClientSearch(
    marketId && !disabled ? { marketId, search, page: 1, pageSize: 20, paginationToken: null } : null,
  );
  const options: PickedClient[] = (clients.data?.rows ?? []).map((r: ClientSearchRow) => r);
  const rows = new Map((clients.data?.rows ?? []).map((r) => [r.id, r]));
  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_e, picked) => onChange(picked ? { id: picked.id, name: picked.name } : null)}
      inputValue={input}
      onInputChange={(_e, typed) => setInput(typed)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      loading={clients.isFetching}
      loadingText={t('crm.write.searching')}
      noOptionsText={t('crm.write.noClients')}
      disabled={disabled}
      size={size ?? 'medium'}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const row = rows.get(o.id);
        const where = [row?.city, row?.administrativeAreaLevel1].filter(Boolean).join(', ');
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2">{o.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[row?.extClientId, where].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField {...params} inputRef={inputRef} label={label} error={error} helperText={helperText} />
      )}
    />
  );
}
