// The record types of ERP syncs and file imports (issue 15), the Granary fields each file's columns map to, the
// suggestion of a mapping from a file's headers, and the reasons a row is kept as a broken record.

import { z } from 'zod';
import { CONTRACT_DIRECTIONS, CONTRACT_STATUSES, CONTRACT_TYPES } from './contracts.ts';
import { NOTE_CATEGORIES } from './notes.ts';

/** How an ERP says whether a settlement was paid: unpaid is written final, paid paid (issue 15). */
const SETTLEMENT_INGEST_STATUSES = ['unpaid', 'paid'] as const;

// ---------------------------------------------------------------------------------------------------
// Record types, statuses, limits

export const INGEST_RECORD_TYPES = ['clients', 'contracts', 'scale_tickets', 'notes', 'settlements'] as const;
export type IngestRecordType = (typeof INGEST_RECORD_TYPES)[number];
export const ingestRecordTypeSchema = z.enum(INGEST_RECORD_TYPES);

export const INGEST_RECORD_TYPE_LABELS: Readonly<Record<IngestRecordType, string>> = Object.freeze({
  clients: 'Clients',
  contracts: 'Contracts',
  scale_tickets: 'Scale tickets',
  notes: 'Notes',
  settlements: 'Settlements',
});

export const INGEST_SYNC_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type IngestSyncStatus = (typeof INGEST_SYNC_STATUSES)[number];

export const INGEST_SOURCES = ['upload', 'integration'] as const;
export type IngestSource = (typeof INGEST_SOURCES)[number];

/** The largest file taken (413 beyond): 1 GiB, some 5 million contracts. */
export const INGEST_MAX_BYTES = 1024 * 1024 * 1024;
/** What the preview reads of a file: its first 256 KB. */
export const INGEST_PREVIEW_MAX_BYTES = 256 * 1024;
/** Days an original file is kept after its sync ends; then the maintenance job removes it (the sync stays). */
export const INGEST_FILE_RETENTION_DAYS = 90;
/** Rows the preview shows. */
export const INGEST_PREVIEW_ROWS = 10;
/** Content types a file may be sent as. */
export const INGEST_CONTENT_TYPES = ['text/csv', 'application/octet-stream', 'text/plain'] as const;

export function isIngestContentType(header: string | undefined): boolean {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return (INGEST_CONTENT_TYPES as readonly string[]).includes(type);
}

// ---------------------------------------------------------------------------------------------------
// Target fields

export type IngestFieldKind = 'text' | 'int' | 'decimal' | 'date' | 'crop' | 'enum' | 'month';

export type IngestField = {
  field: string;
  label: string;
  required: boolean;
  kind: IngestFieldKind;
  /** The values an enum takes. */
  values?: readonly string[];
  /** Other names ERP exports give this column (matched after normalizing: lower case, letters and digits only). */
  synonyms?: readonly string[];
};

const f = (
  field: string,
  label: string,
  kind: IngestFieldKind,
  required: boolean,
  synonyms: readonly string[] = [],
  values?: readonly string[],
): IngestField => Object.freeze({ field, label, kind, required, synonyms, ...(values ? { values } : {}) });

const MARKET_SYNONYMS = ['location', 'locationid', 'loc', 'branch', 'marketid', 'site', 'elevator'];
const CLIENT_SYNONYMS = [
  'customerid',
  'customer',
  'customerno',
  'custid',
  'custno',
  'accountno',
  'account',
  'clientid',
  'growerid',
  'patronid',
];

/** The Granary fields of each record type, in the order a mapping form shows them. */
export const INGEST_FIELDS: Readonly<Record<IngestRecordType, readonly IngestField[]>> = Object.freeze({
  clients: [
    f('externalId', 'Customer ID', 'text', true, CLIENT_SYNONYMS),
    f('name', 'Name', 'text', true, ['customername', 'clientname', 'legalname', 'fullname']),
    f('scopeId', 'Scope ID', 'int', false, ['scope', 'scopelegalentityid', 'company', 'companyid']),
    f('market', 'Market', 'text', false, MARKET_SYNONYMS),
    f('phoneNumber', 'Phone', 'text', false, ['phone', 'phonenumber', 'telephone', 'tel']),
    f('emailAddress', 'E-mail', 'text', false, ['email', 'emailaddress', 'mail']),
    f('city', 'City', 'text', false, ['town']),
    f('state', 'State / province', 'text', false, ['province', 'st', 'region']),
    f('contactExternalId', 'Contact ID', 'text', false, ['contactid', 'contactno', 'contactnumber']),
    f('contactName', 'Contact name', 'text', false, ['contact', 'contactperson']),
    f('contactPhone', 'Contact phone', 'text', false, ['contactphonenumber']),
    f('contactEmail', 'Contact e-mail', 'text', false, ['contactemailaddress']),
  ],
  contracts: [
    f('externalId', 'Contract number', 'text', true, ['contractid', 'contractno', 'contractnumber', 'contract', 'id']),
    f('clientExternalId', 'Customer ID', 'text', true, CLIENT_SYNONYMS),
    f('market', 'Market', 'text', true, MARKET_SYNONYMS),
    f('contractType', 'Contract type', 'enum', true, ['type', 'contracttype', 'ctype'], CONTRACT_TYPES),
    f('direction', 'Purchase or sale', 'enum', false, ['direction', 'buysell', 'purchasesale'], CONTRACT_DIRECTIONS),
    f('status', 'Status', 'enum', false, ['contractstatus'], CONTRACT_STATUSES),
    f('crop', 'Crop', 'crop', true, ['commodity', 'commodityid', 'cropid', 'product']),
    f('cropYear', 'Crop year', 'int', true, ['year', 'cropyr']),
    f('quantity', 'Quantity (bu)', 'decimal', true, ['bushels', 'qty', 'contractedquantity', 'units']),
    f('deliveredQuantity', 'Delivered (applied) quantity', 'decimal', false, [
      'delivered',
      'applied',
      'appliedquantity',
      'appliedbushels',
    ]),
    f('cancelledQuantity', 'Cancelled quantity', 'decimal', false, ['cancelled', 'canceled', 'canceledquantity']),
    f('pricedQuantity', 'Priced quantity', 'decimal', false, ['priced', 'pricedbushels']),
    f('futuresPrice', 'Futures price', 'decimal', false, ['futures', 'board', 'boardprice']),
    f('basis', 'Basis ($/bu)', 'decimal', false, ['basisprice']),
    f('cashPrice', 'Cash price', 'decimal', false, ['cash', 'price', 'netprice', 'flatprice']),
    f('optionMonth', 'Futures month (YYYY-MM)', 'month', false, [
      'futuresmonth',
      'month',
      'deliverymonth',
      'optionmonth',
    ]),
    f('deliveryStart', 'Delivery start', 'date', true, ['start', 'startdate', 'shipstart', 'deliveryfrom', 'from']),
    f('deliveryEnd', 'Delivery end', 'date', true, ['end', 'enddate', 'shipend', 'deliveryto', 'to']),
    f('contractDate', 'Contract date', 'date', true, ['date', 'createddate', 'writtendate']),
    f('expiration', 'Expiration', 'date', false, ['expirationdate', 'expires']),
    f('description', 'Description', 'text', false, ['remarks', 'comments', 'notes']),
  ],
  scale_tickets: [
    f('externalId', 'Ticket number', 'text', true, [
      'ticket',
      'ticketid',
      'ticketno',
      'ticketnumber',
      'scaleticket',
      'id',
    ]),
    f('clientExternalId', 'Customer ID', 'text', true, CLIENT_SYNONYMS),
    f('market', 'Market', 'text', true, MARKET_SYNONYMS),
    f('crop', 'Crop', 'crop', true, ['commodity', 'commodityid', 'cropid', 'product']),
    f('cropYear', 'Crop year', 'int', true, ['year', 'cropyr']),
    f('deliveryDate', 'Delivery date', 'date', true, ['date', 'ticketdate', 'scaledate']),
    f('quantity', 'Net quantity (bu)', 'decimal', true, ['netbushels', 'bushels', 'net', 'netquantity', 'qty']),
    f('weight', 'Net weight', 'decimal', false, ['netweight', 'lbs', 'pounds']),
    f('moisture', 'Moisture %', 'decimal', false, ['moist', 'moisturepct']),
    f('testWeight', 'Test weight', 'decimal', false, ['tw', 'testwt']),
    f('contractExternalId', 'Applied to contract', 'text', false, [
      'contract',
      'contractno',
      'contractnumber',
      'contractid',
    ]),
    f('appliedQuantity', 'Applied quantity', 'decimal', false, ['applied', 'appliedbushels']),
  ],
  notes: [
    f('externalId', 'Note ID', 'text', true, ['noteid', 'id', 'noteno']),
    f('clientExternalId', 'Customer ID', 'text', true, CLIENT_SYNONYMS),
    f('market', 'Market', 'text', true, MARKET_SYNONYMS),
    f('category', 'Category', 'enum', true, ['type', 'notetype', 'kind'], NOTE_CATEGORIES),
    f('noteDate', 'Date', 'date', true, ['date', 'notedate', 'created']),
    f('note', 'Note', 'text', true, ['text', 'body', 'comment', 'comments', 'description']),
  ],
  // One row per settlement line, the settlement's own fields repeated on each (a file keeps a settlement's lines
  // together: the job does not cut a batch between them). The market is the line's contract's.
  settlements: [
    f('externalId', 'Settlement number', 'text', true, ['settlement', 'settlementid', 'settlementno', 'checkno']),
    f('clientExternalId', 'Customer ID', 'text', true, CLIENT_SYNONYMS),
    f('settlementDate', 'Settlement date', 'date', true, ['date', 'settledate', 'settleddate']),
    f('status', 'Status (paid / unpaid)', 'enum', true, ['paidstatus', 'settlementstatus'], SETTLEMENT_INGEST_STATUSES),
    f('contractExternalId', 'Contract number', 'text', true, [
      'contract',
      'contractno',
      'contractnumber',
      'contractid',
    ]),
    f('ticketExternalId', 'Ticket number', 'text', true, ['ticket', 'ticketno', 'ticketnumber', 'scaleticket']),
    f('quantity', 'Bushels', 'decimal', true, ['bushels', 'qty', 'netbushels', 'units']),
    f('price', 'Price ($/bu)', 'decimal', true, ['cashprice', 'unitprice']),
    f('gross', 'Gross', 'decimal', true, ['amount', 'grossamount']),
    f('discounts', 'Discounts', 'decimal', false, ['discount', 'shrink', 'drying']),
    f('deductions', 'Deductions', 'decimal', false, ['deduction', 'checkoff', 'storage']),
    f('net', 'Net', 'decimal', true, ['netamount', 'netpay']),
  ],
});

export const ingestFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  required: z.boolean(),
  kind: z.enum(['text', 'int', 'decimal', 'date', 'crop', 'enum', 'month']),
  values: z.array(z.string()).readonly().optional(),
  synonyms: z.array(z.string()).readonly().optional(),
});

/** A header as mapping compares it: lower case, letters and digits only ('Customer #' → 'customer'). */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * The mapping a file's headers suggest: each field to the first header equal to its name, its label or a synonym
 * (normalized); a header is used once. Fields without a match are left out.
 */
export function suggestMapping(headers: readonly string[], recordType: IngestRecordType): Record<string, string> {
  const byNorm = new Map<string, string>();
  for (const h of headers) {
    const n = normalizeHeader(h);
    if (n && !byNorm.has(n)) byNorm.set(n, h);
  }
  const used = new Set<string>();
  const out: Record<string, string> = {};
  // Exact names first, then labels, then synonyms, so that 'Contract ID' goes to externalId before a synonym takes it.
  const passes: ((fl: IngestField) => readonly string[])[] = [
    (fl) => [fl.field],
    (fl) => [fl.label],
    (fl) => fl.synonyms ?? [],
  ];
  for (const candidates of passes) {
    for (const fl of INGEST_FIELDS[recordType]) {
      if (out[fl.field] !== undefined) continue;
      for (const c of candidates(fl)) {
        const h = byNorm.get(normalizeHeader(c));
        if (h !== undefined && !used.has(h)) {
          out[fl.field] = h;
          used.add(h);
          break;
        }
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Mappings

/** field → header. */
export const ingestColumnsSchema = z
  .record(z.string().max(64), z.string().trim().min(1).max(200))
  .refine((c) => Object.keys(c).length <= 64, 'Too many columns');
export type IngestColumns = z.infer<typeof ingestColumnsSchema>;

/** The problems of a mapping: an unknown field, a required one left out, a header used twice. Empty when fine. */
export function mappingProblems(recordType: IngestRecordType, columns: IngestColumns): string[] {
  const fields = INGEST_FIELDS[recordType];
  const problems: string[] = [];
  for (const key of Object.keys(columns))
    if (!fields.some((fl) => fl.field === key)) problems.push(`${key} is not a field of ${recordType}.`);
  for (const fl of fields) if (fl.required && !columns[fl.field]) problems.push(`${fl.label} must be mapped.`);
  const seen = new Set<string>();
  for (const h of Object.values(columns)) {
    if (seen.has(h)) problems.push(`The column ${h} is mapped twice.`);
    seen.add(h);
  }
  return problems;
}

export const ingestMappingSaveSchema = z.object({ columns: ingestColumnsSchema }).strict();
export type IngestMappingSave = z.infer<typeof ingestMappingSaveSchema>;

export const ingestMappingSchema = z.object({ columns: z.record(z.string(), z.string()), version: z.number().int() });
export type IngestMapping = z.infer<typeof ingestMappingSchema>;

export const ingestMappingResponseSchema = z.object({
  recordType: ingestRecordTypeSchema,
  fields: z.array(ingestFieldSchema),
  mapping: ingestMappingSchema.nullable(),
});
export type IngestMappingResponse = z.infer<typeof ingestMappingResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Broken-record reasons

export const INGEST_PROBLEM_CODES = [
  'missing_value',
  'bad_number',
  'bad_date',
  'bad_value',
  'unknown_crop',
  'negative_quantity',
  'over_applied',
  'unknown_client',
  'unknown_market',
  'unknown_contract',
  'duplicate_in_file',
  'bad_row',
  'unknown_application',
  'already_settled',
  'totals_mismatch',
  'settlement_split',
  'settlement_mismatch',
  'settlement_incomplete',
  'settlement_locked',
  'ticket_settled',
] as const;
export type IngestProblemCode = (typeof INGEST_PROBLEM_CODES)[number];

export const INGEST_PROBLEM_MESSAGES: Readonly<Record<IngestProblemCode, string>> = Object.freeze({
  missing_value: 'A required value is missing.',
  bad_number: 'The value is not a number.',
  bad_date: 'The value is not a date.',
  bad_value: 'The value is not one of the allowed values.',
  unknown_crop: 'The crop is not one Granary knows.',
  negative_quantity: 'The quantity is below zero.',
  over_applied: 'The applied bushels exceed the quantity.',
  unknown_client: 'No client has this customer ID.',
  unknown_market: 'No market of yours has this name or ID.',
  unknown_contract: 'No contract has this number.',
  duplicate_in_file: 'The same ID is in the file more than once; the last one was taken.',
  bad_row: 'The row does not have the columns of the header.',
  unknown_application: 'No ticket of this number is applied to this contract.',
  already_settled: 'These bushels are already settled by another settlement.',
  totals_mismatch: 'Gross less discounts and deductions is not the net.',
  settlement_split:
    "The settlement's lines are not together in the file: send the file again with its lines one after another.",
  settlement_mismatch: "The settlement's lines disagree on its customer, date, status or market.",
  settlement_incomplete: 'Another line of this settlement could not be taken, so the settlement was not written.',
  settlement_locked:
    'This settlement was written or voided in Granary, or is in a payment request: a file does not change it.',
  ticket_settled:
    "The ticket's bushels are settled: a file cannot move them to another contract or apply fewer than are settled.",
});

export const ingestProblemSchema = z.object({
  field: z.string().nullable(),
  code: z.enum(INGEST_PROBLEM_CODES),
  message: z.string(),
});
export type IngestProblem = z.infer<typeof ingestProblemSchema>;
