import { Box, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { T, useT } from '../../lib/i18n/t';
import { LoadErrorAlert } from '../../lib/ui/page-states';

/** Previous / next page, with 'Page 2 of 5' between; nothing when everything fits on one page. */
function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (p: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 1 }}>
      <IconButton aria-label={t('billing.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftRoundedIcon />
      </IconButton>
      <Typography variant="body2">
        <T id="billing.page" values={{ page, pages }} />
      </Typography>
      <IconButton aria-label={t('billing.next')} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <ChevronRightRoundedIcon />
      </IconButton>
    </Stack>
  );
}

type Page = { total: number; pageSize: number };

/**
 * One of billing's paged lists (payment history, refunds, coupons, payouts — each call answers a page of 25 with
 * `page_size` and `total`): why it did not load with a retry, the empty line, the rows and the pager, or a placeholder
 * while the first page loads. With `empty={null}` a list that has nothing (or has not loaded yet) is left out with its
 * heading, as the refunds and coupons are under the history.
 */
export function PagedList<D extends Page>({
  query,
  page,
  onPage,
  heading,
  empty,
  isEmpty = (data) => data.total === 0,
  sx,
  children,
}: {
  query: UseQueryResult<D, unknown>;
  page: number;
  onPage: (page: number) => void;
  /** Shown above the list, its error and its empty line. */
  heading?: ReactNode;
  /** The line when the list has nothing; null leaves the whole list out then (and while it loads). */
  empty: ReactNode | null;
  /** Whether there is nothing to show (default: no rows at all). */
  isEmpty?: (data: D) => boolean;
  sx?: SxProps<Theme>;
  children: (data: D) => ReactNode;
}) {
  const t = useT();
  let body: ReactNode;
  if (query.isError) {
    body = (
      <LoadErrorAlert
        error={query.error}
        fallback={t('billing.loadFailed')}
        retryLabel={<T id="billing.retry" />}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data && isEmpty(query.data)) {
    if (empty === null) return null;
    body = (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  } else if (query.data) {
    body = (
      <>
        {children(query.data)}
        <Pager page={page} total={query.data.total} pageSize={query.data.pageSize} onPage={onPage} />
      </>
    );
  } else {
    if (empty === null) return null;
    body = <Skeleton variant="rounded" height={160} />;
  }
  return heading === undefined && sx === undefined ? (
    body
  ) : (
    <Box sx={sx}>
      {heading}
      {body}
    </Box>
  );
}
