import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import { Box, Button, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { T, useT } from '../../lib/i18n/t';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { useDebounced } from '../../lib/ui/use-debounced';

/**
 * A searched, paged admin list's state: the search (in the URL as ?q=, so a support agent can share it and Back
 * returns to it), debounced, and the page with the server's tokens of the pages seen (keyset paging, decision 013).
 */
export function useSearchPaging() {
  const [params, setParams] = useSearchParams();
  const [typed, setTypedValue] = useState(params.get('q') ?? '');
  const search = useDebounced(typed.trim());
  const [paging, setPaging] = useState<{ page: number; tokens: (string | null)[] }>({ page: 1, tokens: [null] });
  useEffect(() => setPaging({ page: 1, tokens: [null] }), [search]);
  // The URL follows the typing at once (not the debounced value): a late update would cancel the navigation to a row
  // the user has just opened.
  const setTyped = (value: string) => {
    setTypedValue(value);
    setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
  };
  return {
    typed,
    setTyped,
    search,
    page: paging.page,
    token: paging.tokens[paging.page - 1] ?? null,
    previous: () => setPaging((p) => ({ ...p, page: p.page - 1 })),
    next: (token: string) => setPaging((p) => ({ page: p.page + 1, tokens: [...p.tokens.slice(0, p.page), token] })),
  };
}

export type SearchPaging = ReturnType<typeof useSearchPaging>;

/** The list's search box: a label, a line of help on what it searches. */
export function AdminSearchBox({ paging, label, help }: { paging: SearchPaging; label: string; help: string }) {
  return (
    <TextField
      type="search"
      value={paging.typed}
      onChange={(e) => paging.setTyped(e.target.value)}
      label={label}
      helperText={help}
      autoFocus
      fullWidth
      sx={{ maxWidth: { sm: 480 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRoundedIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The list under the search: the error with a retry, the spinner, the empty state, or the rows and the pager. */
export function AdminListBody({
  paging,
  query,
  empty,
  total,
  children,
}: {
  paging: SearchPaging;
  query: {
    data: { totalCount: number; paginationToken: string | null } | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  empty: { title: ReactNode; body: ReactNode };
  /** The total's wording ('{count} users'). */
  total: (count: number) => string;
  children: ReactNode;
}) {
  const t = useT();
  const { data, error } = query;
  if (error && !data)
    return (
      <LoadErrorAlert
        error={error}
        fallback={t('staffAdmin.loadFailed')}
        retryLabel={<T id="staffAdmin.retry" />}
        onRetry={() => void query.refetch()}
      />
    );
  if (!data) return <PageSpinner />;
  if (data.totalCount === 0)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }}>
        <Typography variant="h3" component="h2">
          {empty.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {empty.body}
        </Typography>
      </Paper>
    );
  const next = data.paginationToken;
  return (
    <Box>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {children}
      </Paper>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {total(data.totalCount)}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button size="small" disabled={paging.page === 1} onClick={paging.previous}>
            <T id="staffAdmin.previous" />
          </Button>
          <Button size="small" disabled={!next} onClick={() => next && paging.next(next)}>
            <T id="staffAdmin.next" />
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
