import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/api-error';
import {
  DISCONNECTED_MESSAGE,
  apiErrorOfAnswer,
  buildUrl,
  conventionHeaders,
  getJson,
  request,
  retryUnlessRefused,
} from '../../../lib/api/request';
import { MERCHANDISING } from '../api/crm-paths';
import {
  INGEST_PREVIEW_MAX_BYTES,
  type BrokenRecordList,
  type BrokenRecordStatus,
  type IngestDashboard,
  type IngestMapping,
  type IngestMappingResponse,
  type IngestPreview,
  type IngestRecordType,
  type IngestSync,
} from '@granary/domain';

// The calls of the ingest pages (/work/tasks/ingest-api.md; grain-marketing.md 7 'Merchandising'): the dashboard,
// the column mapping and its preview, the file upload, a sync's progress and cancel, and its broken records.

const INGEST = `${MERCHANDISING}/ingest`;

/** Query keys of the ingest pages, under the CRM's ['crm'] so that sign-out drops them with the rest. */
const ingestKeys = {
  all: ['crm', 'ingest'] as const,
  dashboard: (legalEntityId: number) => ['crm', 'ingest', 'dashboard', legalEntityId] as const,
  mapping: (recordType: IngestRecordType) => ['crm', 'ingest', 'mapping', recordType] as const,
  preview: (recordType: IngestRecordType, file: string, columns: string | null) =>
    ['crm', 'ingest', 'preview', recordType, file, columns] as const,
  sync: (syncId: number) => ['crm', 'ingest', 'sync', syncId] as const,
  broken: (recordType: IngestRecordType, syncId: number, status: BrokenRecordStatus | null, token: string | null) =>
    ['crm', 'ingest', 'broken', recordType, syncId, status, token] as const,
};

/** A sync still moving: the page polls it. */
export const isActiveSync = (sync: Pick<IngestSync, 'status'>) => sync.status === 'queued' || sync.status === 'running';

/** GET le/:legalEntityId/ingest-dashboard: per record type the last success and failure, 30 days of syncs, the last 20. */
export function useIngestDashboard(legalEntityId: number) {
  return useQuery(
    queryOptions({
      queryKey: ingestKeys.dashboard(legalEntityId),
      queryFn: ({ signal }) =>
        getJson<IngestDashboard>(`${MERCHANDISING}/le/${legalEntityId}/ingest-dashboard`, undefined, signal),
      retry: retryUnlessRefused,
      // A sync still running on the dashboard moves on its own: read it again every few seconds until it ends.
      refetchInterval: (query) => (query.state.data?.recent.some(isActiveSync) ? 5000 : false),
    }),
  );
}

/** GET ingest/mappings/:recordType: the Granary fields of a record type and the partner's saved mapping. */
export function useIngestMapping(recordType: IngestRecordType | null) {
  return useQuery({
    queryKey: ingestKeys.mapping(recordType ?? 'contracts'),
    queryFn: ({ signal }) => getJson<IngestMappingResponse>(`${INGEST}/mappings/${recordType}`, undefined, signal),
    enabled: recordType !== null,
    retry: retryUnlessRefused,
  });
}

/**
 * POSTs raw bytes (a file, or its first bytes) with their upload progress (0–100): XMLHttpRequest, as the uploader
 * does (fetch neither reports upload progress nor is needed to decode the bytes: the server detects the encoding),
 * with the conventions of every call. Resolves with the JSON answer of a 2xx; a refusal rejects with the server's
 * ApiError, a lost connection with 'disconnected', a cancel with an AbortError.
 */
function postBytes<T>(
  url: string,
  bytes: Blob,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const { headers, traceId } = conventionHeaders();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(apiErrorOfAnswer(xhr.status, body, traceId));
    };
    xhr.onerror = () => reject(new ApiError(0, 'disconnected', DISCONNECTED_MESSAGE, { traceId }));
    xhr.onabort = () => reject(new DOMException('The upload was canceled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(bytes);
  });
}

/**
 * POST ingest/preview/:recordType: the file's first 256 KB read with a mapping — the saved one when `columns` is
 * null, else the one shown (not saved yet).
 */
function previewFile(
  recordType: IngestRecordType,
  file: Blob,
  columns: Record<string, string> | null,
): Promise<IngestPreview> {
  const url = buildUrl(`${INGEST}/preview/${recordType}`, columns ? { columns: JSON.stringify(columns) } : undefined);
  return postBytes<IngestPreview>(url, file.slice(0, INGEST_PREVIEW_MAX_BYTES));
}

/** The preview of a chosen file under a mapping, kept while the next mapping's preview loads. */
export function useFilePreview(recordType: IngestRecordType, file: File, columns: Record<string, string> | null) {
  const columnsKey = columns ? JSON.stringify(columns) : null;
  return useQuery({
    queryKey: ingestKeys.preview(recordType, `${file.name}:${file.size}:${file.lastModified}`, columnsKey),
    queryFn: () => previewFile(recordType, file, columns),
    retry: false,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** PUT ingest/mappings/:recordType at the version read (none for the first mapping). */
export function useSaveMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      recordType: IngestRecordType;
      columns: Record<string, string>;
      version: number | null;
    }) =>
      (
        await request<IngestMapping>(`${INGEST}/mappings/${input.recordType}`, {
          method: 'PUT',
          body: { columns: input.columns },
          ...(input.version === null ? {} : { ifMatch: `"${input.version}"` }),
        })
      ).json,
    onSuccess: (_saved, input) => queryClient.invalidateQueries({ queryKey: ingestKeys.mapping(input.recordType) }),
  });
}

/**
 * POST ingest/:recordType/files?fileName=: the whole file as the request body, with its upload progress. Resolves with
 * the new sync's id (202); a file refused before any row is written rejects with the server's ApiError (400/413).
 */
export function uploadIngestFile(
  recordType: IngestRecordType,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ syncId: number }> {
  const url = buildUrl(`${INGEST}/${recordType}/files`, { fileName: file.name });
  return postBytes<{ syncId: number }>(url, file, { onProgress, ...(signal ? { signal } : {}) });
}

/** GET ingest/syncs/:syncId, read again every second while the sync is queued or running (survives a reload). */
export function useIngestSync(syncId: number) {
  return useQuery({
    queryKey: ingestKeys.sync(syncId),
    queryFn: ({ signal }) => getJson<IngestSync>(`${INGEST}/syncs/${syncId}`, undefined, signal),
    retry: retryUnlessRefused,
    refetchInterval: (query) => (query.state.data && isActiveSync(query.state.data) ? 1000 : false),
  });
}

/** POST ingest/syncs/:syncId/cancel: the job stops at its next batch boundary. */
export function useCancelSync(syncId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await request<IngestSync>(`${INGEST}/syncs/${syncId}/cancel`, { method: 'POST' })).json,
    onSuccess: (sync) => queryClient.setQueryData(ingestKeys.sync(syncId), sync),
  });
}

/** The original file of a sync (Content-Disposition: attachment): a plain link downloads it. */
export const syncFileUrl = (sync: Pick<IngestSync, 'id' | 'recordType' | 'fileName'>) =>
  `${MERCHANDISING}/${sync.recordType}/${sync.id}/${encodeURIComponent(sync.fileName)}/file`;

/** GET :recordType/broken-records?syncId=: a sync's broken records (all statuses unless one is asked). */
export function useBrokenRecords(
  recordType: IngestRecordType,
  syncId: number,
  status: BrokenRecordStatus | null,
  token: string | null,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: ingestKeys.broken(recordType, syncId, status, token),
    queryFn: ({ signal }) =>
      getJson<BrokenRecordList>(
        `${MERCHANDISING}/${recordType}/broken-records`,
        { syncId, status: status ?? undefined, paginationToken: token ?? undefined },
        signal,
      ),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** PUT :recordType/broken-records/:id: the edited raw row taken again through the import's rules. */
export function useFixBrokenRecord(recordType: IngestRecordType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; raw: Record<string, string> }) =>
      (
        await request<{ row: BrokenRecordList['rows'][number]; recordId: number }>(
          `${MERCHANDISING}/${recordType}/broken-records/${input.id}`,
          { method: 'PUT', body: { raw: input.raw } },
        )
      ).json,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ingestKeys.all }),
  });
}

/** DELETE :recordType/broken-records/:id: the row is dismissed (kept, no longer open). */
export function useDismissBrokenRecord(recordType: IngestRecordType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await request(`${MERCHANDISING}/${recordType}/broken-records/${id}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ingestKeys.all }),
  });
}
