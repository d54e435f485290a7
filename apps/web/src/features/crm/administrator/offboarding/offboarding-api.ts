import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OffboardingReport } from '@granary/domain';
import { buildUrl, getJson, retryUnlessRefused } from '../../../../lib/api/request';
import { MERCHANDISING } from '../../api/crm-paths';

const REPORT_PATH = `${MERCHANDISING}/admin/offboarding-report`;

/** GET admin/offboarding-report: suspended users and clients inactive for `inactiveMonths`, with what is open. */
const offboardingQueryOptions = (inactiveMonths: number) =>
  queryOptions({
    queryKey: ['crm', 'admin', 'offboarding', inactiveMonths] as const,
    queryFn: ({ signal }) => getJson<OffboardingReport>(REPORT_PATH, { inactiveMonths }, signal),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });

export function useOffboardingReport(inactiveMonths: number) {
  return useQuery(offboardingQueryOptions(inactiveMonths));
}

/** The same report as a CSV download (a plain link: the browser sends the session cookie). */
export function offboardingCsvUrl(inactiveMonths: number): string {
  return buildUrl(REPORT_PATH, { inactiveMonths, format: 'csv' });
}
