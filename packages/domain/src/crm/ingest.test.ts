import { describe, expect, it } from 'vitest';
import {
  ingestEtaSeconds,
  mappingProblems,
  parseIngestDate,
  parseIngestMonth,
  parseIngestNumber,
  readIngestRow,
  suggestMapping,
} from './ingest.ts';

describe('suggestMapping', () => {
  it('maps ERP headers by name, label and synonym, each header once', () => {
    const m = suggestMapping(
      [
        'Contract #',
        'Customer ID',
        'Location',
        'Commodity',
        'Crop Yr',
        'Bushels',
        'Futures',
        'Basis',
        'Start',
        'End',
        'Date',
        'Type',
      ],
      'contracts',
    );
    expect(m).toMatchObject({
      externalId: 'Contract #',
      clientExternalId: 'Customer ID',
      market: 'Location',
      crop: 'Commodity',
      cropYear: 'Crop Yr',
      quantity: 'Bushels',
      futuresPrice: 'Futures',
      basis: 'Basis',
      deliveryStart: 'Start',
      deliveryEnd: 'End',
      contractDate: 'Date',
      contractType: 'Type',
    });
    expect(new Set(Object.values(m)).size).toBe(Object.values(m).length);
  });

  it('a mapping names each required field and uses a header once', () => {
    expect(mappingProblems('notes', { externalId: 'ID', note: 'ID' })).toEqual(
      expect.arrayContaining(['Customer ID must be mapped.', 'The column ID is mapped twice.']),
    );
    expect(mappingProblems('clients', { externalId: 'A', name: 'B', bogus: 'C' })).toEqual([
      'bogus is not a field of clients.',
    ]);
  });
});

describe('reading values as ERPs write them', () => {
  it.each([
    ['1,234.50', '1234.5'],
    ['$4.33', '4.33'],
    ['(12.5)', '-12.5'],
    ['12.5-', '-12.5'],
    ['-.35', '-0.35'],
    ['007', '7'],
    ['0.000', '0'],
    ['abc', null],
    ['1.2.3', null],
  ])('number %s → %s', (raw, expected) => expect(parseIngestNumber(raw)).toBe(expected));

  it.each([
    ['2026-05-04', '2026-05-04'],
    ['5/4/2026', '2026-05-04'],
    ['05/04/26', '2026-05-04'],
    ['20260504', '2026-05-04'],
    ['2026-05-04T10:00:00Z', '2026-05-04'],
    ['2026-02-30', null],
    ['13/45/2026', null],
  ])('date %s → %s', (raw, expected) => expect(parseIngestDate(raw)).toBe(expected));

  it('futures months', () => {
    expect(parseIngestMonth('2026-12')).toBe('2026-12');
    expect(parseIngestMonth('3/2027')).toBe('2027-03');
    expect(parseIngestMonth('Z26')).toBeNull();
  });
});

describe('readIngestRow', () => {
  const contract = {
    externalId: 'K-1',
    clientExternalId: 'C-1',
    market: 'ames',
    contractType: 'Hedge to arrive',
    crop: 'Soybeans',
    cropYear: '2026',
    quantity: '5,000',
    deliveryStart: '10/1/2026',
    deliveryEnd: '10/31/2026',
    contractDate: '2026-05-04',
  };

  it('reads a good row: enums by their ERP spellings, crops by name or code', () => {
    const r = readIngestRow('contracts', contract);
    expect(r).toEqual({
      ok: true,
      row: expect.objectContaining({
        contractType: 'hta',
        crop: 2,
        cropYear: 2026,
        quantity: '5000',
        deliveryStart: '2026-10-01',
      }),
    });
  });

  it('gives every problem of a row with its field and code', () => {
    const r = readIngestRow('contracts', {
      ...contract,
      crop: 'Bananas',
      quantity: '-5',
      contractDate: 'yesterday',
      contractType: 'forward',
      clientExternalId: '',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => [p.field, p.code])).toEqual([
      ['clientExternalId', 'missing_value'],
      ['contractType', 'bad_value'],
      ['crop', 'unknown_crop'],
      ['contractDate', 'bad_date'],
      ['quantity', 'negative_quantity'],
    ]);
  });

  it('applied bushels over the quantity are over-applied (contracts and tickets)', () => {
    const c = readIngestRow('contracts', { ...contract, deliveredQuantity: '5000.01' });
    expect(!c.ok && c.problems[0]!.code).toBe('over_applied');
    const t = readIngestRow('scale_tickets', {
      externalId: 'T-1',
      clientExternalId: 'C-1',
      market: 'ames',
      crop: 'CN',
      cropYear: '2026',
      deliveryDate: '2026-10-02',
      quantity: '900',
      contractExternalId: 'K-1',
      appliedQuantity: '1000',
    });
    expect(!t.ok && t.problems[0]!.code).toBe('over_applied');
  });
});

it('ETA from the rate so far', () => {
  expect(ingestEtaSeconds({ bytesTotal: 1000, bytesRead: 250, elapsedMs: 10_000 })).toBe(30);
  expect(ingestEtaSeconds({ bytesTotal: 1000, bytesRead: 0, elapsedMs: 10_000 })).toBeNull();
});

describe('readIngestRow: settlement lines', () => {
  const line = {
    externalId: 'S-1',
    clientExternalId: 'C-1',
    settlementDate: '11/02/2026',
    status: 'Paid',
    contractExternalId: 'K-1',
    ticketExternalId: 'T-1',
    quantity: '1,000',
    price: '4.50',
    gross: '4,500.00',
    discounts: '12.34',
    deductions: '5',
    net: '4482.66',
  };
  it('takes a line whose gross less discounts and deductions is its net to the cent', () => {
    const r = readIngestRow('settlements', line);
    expect(r).toMatchObject({ ok: true, row: { status: 'paid', settlementDate: '2026-11-02', net: '4482.66' } });
  });
  it('refuses one that is a cent off, or a negative amount', () => {
    expect(readIngestRow('settlements', { ...line, net: '4482.67' })).toMatchObject({
      ok: false,
      problems: [{ field: 'net', code: 'totals_mismatch' }],
    });
    expect(readIngestRow('settlements', { ...line, discounts: '-1', net: '4496.00' })).toMatchObject({
      ok: false,
      problems: [{ field: 'discounts', code: 'negative_quantity' }],
    });
  });
});
