import { vi } from 'vitest';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { BOOTSTRAP, crmMarket } from '../test-fixtures';
import type { BrokenRecord, IngestMappingResponse, IngestPreview, IngestSync } from '@granary/domain';

// Shared by the ingest pages' component tests (never imported by the app): the API's shapes and a stubbed server.

const MERCH = '/api/commodities/merchandising';

/** An instant `minutes` ago, so relative times read as a person would see them ('2 h ago'). */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function syncFixture(id: number, extra: Partial<IngestSync> = {}): IngestSync {
  return {
    id,
    recordType: 'contracts',
    source: 'upload',
    fileName: `agvance-contracts-${id}.csv`,
    status: 'succeeded',
    cancelRequested: false,
    bytesTotal: 2_097_152,
    bytesRead: 2_097_152,
    rowsRead: 12_340,
    rowsWritten: 12_000,
    rowsUnchanged: 337,
    rowsBroken: 3,
    createdAt: minutesAgo(126),
    startedAt: minutesAgo(125),
    finishedAt: minutesAgo(122),
    durationMs: 185_000,
    etaSeconds: null,
    message: null,
    by: { name: 'Dana Merchant' },
    fileRemovedAt: null,
    ...extra,
  };
}

export const CONTRACT_MAPPING: IngestMappingResponse = {
  recordType: 'contracts',
  fields: [
    { field: 'externalId', label: 'Contract number', required: true, kind: 'text' },
    { field: 'clientExternalId', label: 'Customer ID', required: true, kind: 'text' },
    { field: 'crop', label: 'Crop', required: true, kind: 'crop' },
    { field: 'quantity', label: 'Quantity (bu)', required: true, kind: 'decimal' },
    { field: 'description', label: 'Description', required: false, kind: 'text' },
  ],
  mapping: null,
};

/** The preview of a small ERP export whose second row has a crop not in grain-marketing.md 9. */
export function previewFixture(columns: Record<string, string> | null): IngestPreview {
  const headers = ['Contract No', 'Cust ID', 'Commodity', 'Bushels', 'Remarks'];
  const rows = [
    ['A-100', 'C-1', 'Corn', '5000', 'first'],
    ['A-101', 'C-2', 'Barley', '1200', ''],
  ];
  const mapping = columns ?? {
    externalId: 'Contract No',
    clientExternalId: 'Cust ID',
    crop: 'Commodity',
    quantity: 'Bushels',
  };
  return {
    encoding: 'UTF-8',
    delimiter: ',',
    headers,
    sampleRows: rows,
    suggested: { externalId: 'Contract No', clientExternalId: 'Cust ID', crop: 'Commodity', quantity: 'Bushels' },
    mapped: rows.map((row, i) => {
      const values = Object.fromEntries(
        Object.entries(mapping).map(([field, header]) => [field, row[headers.indexOf(header)] ?? '']),
      );
      return {
        line: i + 2,
        values,
        problems:
          values.crop === 'Barley' ? [{ field: 'crop', code: 'unknown_crop', message: "Unknown crop 'Barley'" }] : [],
      };
    }),
  };
}

export function brokenFixture(id: number, extra: Partial<BrokenRecord> = {}): BrokenRecord {
  return {
    id,
    syncId: 7,
    fileName: 'agvance-contracts-7.csv',
    line: 3,
    code: 'unknown_crop',
    message: "Unknown crop 'Barley'",
    raw: { 'Contract No': 'A-101', 'Cust ID': 'C-2', Commodity: 'Barley', Bushels: '1200' },
    status: 'open',
    fixedRecordId: null,
    ...extra,
  };
}

/**
 * The stubbed API: the CRM context (a buyer-admin: `access` sets ingestDashboardAccess) and whatever `route` answers
 * below merchandising (the path without its root). Returns the calls.
 */
export function serveIngest(route: (path: string, call: StubCall) => StubReply | undefined, access = true) {
  return stubFetch((call) => {
    const path = call.url.pathname.replace(MERCH, '');
    if (path === '/bootstrap') return { status: 200, body: { ...BOOTSTRAP, ingestDashboardAccess: access } };
    if (path === '/le/1/markets')
      return {
        status: 200,
        body: {
          markets: [crmMarket(10, 'Ames Elevator', { userPermissions: ['contracts'] })],
          adminPermissions: { 'buyer-admin': 'all' },
          isAdmin: true,
        },
      };
    return route(path, call);
  });
}

/**
 * XMLHttpRequest sent through the (stubbed) fetch, for the calls that post a file's bytes with their progress: the
 * body is read as text, the progress reported whole, the answer given as fetch's.
 */
class XhrThroughFetch {
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    void (async () => {
      const text = await body.text();
      this.upload.onprogress?.({ lengthComputable: true, loaded: body.size, total: body.size });
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body: text });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    })();
  }
}

export function stubXhrThroughFetch() {
  vi.stubGlobal('XMLHttpRequest', XhrThroughFetch);
}
