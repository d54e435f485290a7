import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { Autocomplete, Box, IconButton, InputBase, Paper, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { STORE_API, type StoreSearchSuggestions } from '@granary/domain';
import { getJson } from '../../../lib/api/request';
import { useT } from '../../../lib/i18n/t';
import { localeQuery } from '../api/store-keys';
import { useStoreLocale } from './use-store-locale';

// The store's search box: suggestions as the user types (the server reads the words through the synonym list and
// corrects typos, so 'roundup' offers the glyphosate products), Enter searches for what is typed.

type Option = { kind: 'product'; slug: string; name: string; brand: string } | { kind: 'term'; term: string };

/** The typed text after a short pause, so that each key does not cost a request. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

function useSuggestions(text: string, locale: string | null) {
  const q = useSettled(text.trim(), 200);
  return useQuery({
    queryKey: ['store', 'suggest', q, locale],
    queryFn: ({ signal }) =>
      getJson<StoreSearchSuggestions>(`${STORE_API}/search/suggest`, { q, ...localeQuery(locale) }, signal),
    enabled: q.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function StoreSearchBox({ sx }: { sx?: object }) {
  const t = useT();
  const navigate = useNavigate();
  const { href, locale } = useStoreLocale();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const suggestions = useSuggestions(q, locale);
  const data = q.trim().length >= 2 ? suggestions.data : undefined;
  const options: Option[] = data
    ? [
        ...(data.term ? [{ kind: 'term' as const, term: data.term }] : []),
        ...data.products.map((p) => ({ kind: 'product' as const, ...p })),
      ]
    : [];
  const searchFor = (text: string) => {
    const trimmed = text.trim();
    if (trimmed) navigate(href(`/direct/search?q=${encodeURIComponent(trimmed)}`));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    searchFor(q);
  };
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'center', pl: 1.5, borderRadius: 5, ...sx }}
    >
      <Autocomplete<Option, false, false, true>
        freeSolo
        options={options}
        filterOptions={(o) => o}
        inputValue={q}
        onInputChange={(_e, value, reason) => {
          if (reason !== 'reset') setQ(value);
        }}
        onChange={(_e, value) => {
          if (value === null) return;
          if (typeof value === 'string') searchFor(value);
          else if (value.kind === 'term') searchFor(value.term);
          else navigate(href(`/direct/product/${value.slug}`));
        }}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.kind === 'term' ? o.term : o.name)}
        getOptionKey={(o) => (typeof o === 'string' ? o : o.kind === 'term' ? `term:${o.term}` : o.slug)}
        renderOption={({ key, ...props }, o) => (
          <Box component="li" key={key} {...props}>
            {o.kind === 'term' ? (
              <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <SearchRoundedIcon fontSize="small" color="action" />
                {t('store.search.suggestTerm', { term: o.term })}
              </Typography>
            ) : (
              <Box>
                <Typography sx={{ fontWeight: 600, lineHeight: 1.3 }}>{o.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {o.brand}
                </Typography>
              </Box>
            )}
          </Box>
        )}
        noOptionsText={t('store.search.noSuggestions')}
        sx={{ flex: 1 }}
        slotProps={{ popper: { sx: { minWidth: { sm: 320 } } } }}
        renderInput={(p) => (
          <InputBase
            ref={p.slotProps.input.ref}
            inputProps={{ ...p.slotProps.htmlInput, 'aria-label': t('store.search.label'), maxLength: 120 }}
            placeholder={t('store.search.placeholder')}
            sx={{ width: '100%', fontSize: 15 }}
          />
        )}
      />
      <IconButton type="submit" aria-label={t('store.search.submit')}>
        <SearchRoundedIcon />
      </IconButton>
    </Paper>
  );
}
