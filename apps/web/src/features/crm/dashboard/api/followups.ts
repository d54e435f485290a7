import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  FOLLOWUP_AGE_BUCKET_PARAMS,
  type FollowupAgeBucket,
  type FollowupListResponse,
  type FollowupState,
} from '@granary/domain';
import { getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { crmKeys } from '../../api/crm-keys';
import { MERCHANDISING } from '../../api/crm-paths';

/** Rows per page on the dashboard (one of the allowed page sizes). */
const FOLLOWUPS_PAGE_SIZE = 10;

/** Which follow-ups a list shows: the upcoming ones, or the past ones of an age bucket; everyone's or only the user's. */
export type FollowupsSelection = ({ state: 'upcoming' } | { state: 'past'; bucket: FollowupAgeBucket }) & {
  onlyMine?: boolean;
};

function followupsQueryParams(marketId: number, selection: FollowupsSelection) {
  const state: FollowupState = selection.state;
  return {
    market_id: marketId,
    state,
    ...(selection.state === 'past' ? { age: FOLLOWUP_AGE_BUCKET_PARAMS[selection.bucket] } : {}),
    ...(selection.onlyMine ? { assigned: 'me' } : {}),
    pageSize: FOLLOWUPS_PAGE_SIZE,
  };
}

/**
 * GET merchandising/followups, page by page (keyset: page + paginationToken of the previous answer). Every answer
 * carries the market's `counts` in each state and bucket, whatever the selection.
 */
const followupsQueryOptions = (marketId: number, selection: FollowupsSelection) => {
  const params = followupsQueryParams(marketId, selection);
  return infiniteQueryOptions({
    queryKey: crmKeys.followups(params),
    queryFn: ({ signal, pageParam }) =>
      getJson<FollowupListResponse>(
        `${MERCHANDISING}/followups`,
        { ...params, ...(pageParam ? { page: pageParam.page, paginationToken: pageParam.paginationToken } : {}) },
        signal,
      ),
    initialPageParam: null as { page: number; paginationToken: string } | null,
    getNextPageParam: (last) =>
      last.paginationToken ? { page: last.page + 1, paginationToken: last.paginationToken } : undefined,
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });
};

export function useFollowups(marketId: number, selection: FollowupsSelection) {
  return useInfiniteQuery(followupsQueryOptions(marketId, selection));
}
