import { describe, expect, it } from 'vitest';
import { evaluateCondition, type ViewFacts } from './conditions.ts';
import {
  CLEAR_FILTERS_KEEP,
  CLIENT_PROFILE_ONLY_PARAMS,
  LIST_QUERY_PARAMS,
  NON_FILTER_PARAMS,
  applyViewSortParams,
  chooseMarketId,
  clearFilters,
  dropTokenWithoutPage,
  effectiveCropIds,
  effectiveCropYears,
  hasFilters,
  listQueryCondition,
  listQueryFingerprint,
  listQuerySchema,
  listQueryToParams,
  openClientParams,
  parseListQuery,
  type ListParams,
} from './list-query.ts';
import { CLIENT, TODAY, contract, ticket } from './test-fixtures.ts';

describe('section 2 parameter rules', () => {
  it('knows all 36 parameters of the list', () => {
    expect(LIST_QUERY_PARAMS).toHaveLength(36);
    for (const p of [...NON_FILTER_PARAMS, ...CLEAR_FILTERS_KEEP, ...CLIENT_PROFILE_ONLY_PARAMS])
      expect(LIST_QUERY_PARAMS).toContain(p);
  });

  it('chooses market_id when it is one of the user markets, else the first', () => {
    expect(chooseMarketId('12', [10, 12])).toBe(12);
    expect(chooseMarketId(['12', '10'], [10, 12])).toBe(12);
    expect(chooseMarketId('13', [10, 12])).toBe(10);
    expect(chooseMarketId(undefined, [10, 12])).toBe(10);
    expect(chooseMarketId('', [10, 12])).toBe(10);
    expect(chooseMarketId('12abc', [10, 12])).toBe(10);
    expect(chooseMarketId(12, [10, 12])).toBe(12);
    expect(chooseMarketId('12', [])).toBeNull();
  });

  describe("'has filters'", () => {
    it.each(NON_FILTER_PARAMS)('is false with only %s set', (name) => {
      expect(hasFilters({ [name]: '1' })).toBe(false);
    });

    it('is false with all the non-filter parameters together, and with empty values', () => {
      expect(hasFilters(Object.fromEntries(NON_FILTER_PARAMS.map((n) => [n, 'x'])))).toBe(false);
      expect(hasFilters({ search: '', tag: '  ', crop: [] })).toBe(false);
      expect(hasFilters({})).toBe(false);
    });

    it.each(LIST_QUERY_PARAMS.filter((p) => !(NON_FILTER_PARAMS as readonly string[]).includes(p)))(
      'is true with %s set',
      (name) => {
        expect(hasFilters({ market_id: '1', page: '2', [name]: 'x' })).toBe(true);
      },
    );

    it('counts a repeated key with one real value', () => {
      expect(hasFilters({ contractType: ['', 'hta'] })).toBe(true);
    });
  });

  describe('clear filters', () => {
    const everything: ListParams = Object.fromEntries(LIST_QUERY_PARAMS.map((n) => [n, n === 'page' ? '3' : 'v']));

    it('keeps only the named parameters (by default the context and the tab)', () => {
      expect(clearFilters(everything)).toEqual({
        market_id: 'v',
        tab: 'v',
        tab_filter: 'v',
        pageSize: 'v',
        commodity: 'v',
        cropId: 'v',
        crop_year: 'v',
      });
      expect(clearFilters(everything, ['market_id'])).toEqual({ market_id: 'v' });
      expect(clearFilters(everything, [])).toEqual({});
      expect(clearFilters({ market_id: '4', search: 'x' }, ['market_id', 'tab'])).toEqual({ market_id: '4' });
    });

    it('leaves a list without filters, and restarts paging', () => {
      const cleared = clearFilters(everything);
      expect(hasFilters(cleared)).toBe(false);
      expect(cleared.page).toBeUndefined();
      expect(cleared.paginationToken).toBeUndefined();
    });
  });

  it('drops a paginationToken when there is no page', () => {
    expect(dropTokenWithoutPage({ paginationToken: 'abc', search: 'x' })).toEqual({ search: 'x' });
    expect(dropTokenWithoutPage({ paginationToken: 'abc', page: '' })).toEqual({});
    expect(dropTokenWithoutPage({ paginationToken: 'abc', page: '2' })).toEqual({ paginationToken: 'abc', page: '2' });
    expect(parseListQuery({ paginationToken: 'abc' }).paginationToken).toBeNull();
    expect(parseListQuery({ paginationToken: 'abc', page: '2' }).paginationToken).toBe('abc');
    expect(parseListQuery({ paginationToken: 'abc', page: '1' }).paginationToken).toBeNull();
  });

  it('opening a client sets its commodity and crop year and removes the profile-only parameters', () => {
    const params = {
      market_id: '3',
      commodity: 'SB',
      cropId: '2',
      crop_year: '2025',
      note_id: '9',
      client_contact_id: '4',
      highlight_id: 'c-1',
      search: 'x',
      page: '4',
      paginationToken: 't',
    };
    expect(openClientParams(params, { defaultCommodity: 'CN', defaultCropYear: 2026 })).toEqual({
      market_id: '3',
      commodity: 'CN',
      crop_year: '2026',
      search: 'x',
    });
    expect(openClientParams(params, { defaultCommodity: null, defaultCropYear: null })).toEqual({
      market_id: '3',
      commodity: 'SB',
      cropId: '2',
      crop_year: '2025',
      search: 'x',
    });
  });

  it('sends per-view sort columns only when they belong to the view', () => {
    expect(
      applyViewSortParams({ predefinedFilter: 'get_signatures', sort: 'eSignEligible', sortOrder: 'desc' }),
    ).toEqual({ predefinedFilter: 'get_signatures', sort: 'esign_eligible', sortOrder: 'desc' });
    expect(applyViewSortParams({ predefinedFilter: 'default', sort: 'esign_eligible', sortOrder: 'desc' })).toEqual({
      predefinedFilter: 'default',
    });
    expect(applyViewSortParams({ predefinedFilter: 'mp_pricing', sort: 'expirationDay' })).toEqual({
      predefinedFilter: 'mp_pricing',
      sort: 'expiration',
    });
    expect(applyViewSortParams({ predefinedFilter: 'unapplied', sort: 'deliveryEndIsoStr' })).toEqual({
      predefinedFilter: 'unapplied',
    });
  });
});

describe('parseListQuery', () => {
  it('defaults to the contracts tab, the default view, its sort, page 1 of 100', () => {
    expect(parseListQuery({})).toEqual({
      marketId: null,
      listType: 'contract',
      tab: 'contracts',
      view: 'default',
      commodity: null,
      selectedCropId: null,
      selectedCropYear: null,
      crops: [],
      allCrops: false,
      cropYears: [],
      from: null,
      to: null,
      optionMonths: [],
      contractTypes: [],
      keyword: null,
      search: null,
      statuses: [],
      clientId: null,
      documentId: null,
      highlightId: null,
      tabFilter: null,
      sort: 'date',
      sortOrder: 'desc',
      page: 1,
      pageSize: 100,
      paginationToken: null,
    });
  });

  it('lets a named view decide its tab and list', () => {
    expect(parseListQuery({ predefinedFilter: 'unapplied', tab: 'contracts' })).toMatchObject({
      view: 'unapplied',
      tab: 'deliveries',
      listType: 'deliveries',
    });
    expect(parseListQuery({ predefinedFilter: 'get_signatures' })).toMatchObject({
      tab: 'contract-documents',
      listType: 'contract',
    });
    expect(parseListQuery({ predefinedFilter: 'signature_mismatch', tab: 'deliveries' })).toMatchObject({
      tab: 'contract-documents',
      listType: 'contract',
    });
    expect(parseListQuery({ tab: 'contract-documents' })).toMatchObject({
      view: 'get_signatures',
      listType: 'contract',
    });
    expect(parseListQuery({ tab: 'deliveries' })).toMatchObject({
      view: 'default',
      listType: 'deliveries',
      sort: 'deliveryDate',
      sortOrder: 'desc',
    });
    expect(parseListQuery({}, { listType: 'deliveries' })).toMatchObject({
      view: 'default',
      tab: 'deliveries',
      listType: 'deliveries',
    });
    expect(parseListQuery({ type: 'deliveries' })).toMatchObject({ tab: 'deliveries' });
    expect(parseListQuery({ predefinedFilter: 'default', tab: 'deliveries' })).toMatchObject({
      view: 'default',
      listType: 'deliveries',
    });
    expect(parseListQuery({ predefinedFilter: 'nope', tab: 'nope' })).toMatchObject({
      view: 'default',
      tab: 'contracts',
    });
  });

  it('ignores option month and contract type (and status) on the deliveries list', () => {
    const p = { optionMonth: '2026-12', contractType: 'hta', status: 'open' };
    expect(parseListQuery({ ...p, predefinedFilter: 'unapplied' })).toMatchObject({
      optionMonths: [],
      contractTypes: [],
      statuses: [],
    });
    expect(parseListQuery({ ...p, predefinedFilter: 'delinquent' })).toMatchObject({
      optionMonths: ['2026-12'],
      contractTypes: ['hta'],
      statuses: ['open'],
    });
  });

  it('reads lists from commas and repeated keys, dropping unknown values', () => {
    const q = parseListQuery({
      contractType: ['hta,mp', 'bogus', 'hta'],
      optionMonth: '2026-12,2026-13,2027-03',
      cropYear: '2025,26,2026',
      status: 'open,closed',
    });
    expect(q).toMatchObject({
      contractTypes: ['hta', 'mp'],
      optionMonths: ['2026-12', '2027-03'],
      cropYears: [2025, 2026],
      statuses: ['open'],
    });
  });

  it('reads the crop context and the crop filter', () => {
    expect(parseListQuery({ commodity: 'sb' })).toMatchObject({ commodity: 'SB', selectedCropId: 2 });
    expect(parseListQuery({ commodity: 'SB', cropId: '45' })).toMatchObject({ selectedCropId: 45 });
    expect(parseListQuery({ commodity: 'XX' })).toMatchObject({ commodity: null, selectedCropId: null });
    expect(parseListQuery({ crop: 'corn,SB', cropFilter: '73' }).crops).toEqual([1, 2, 73]);
    expect(parseListQuery({ crop: 'all', commodity: 'CN' })).toMatchObject({ allCrops: true, crops: [] });
    expect(effectiveCropIds(parseListQuery({ commodity: 'CN' }))).toEqual([1]);
    expect(effectiveCropIds(parseListQuery({ commodity: 'CN', crop: 'wheat' }))).toEqual([45, 72, 73, 74]);
    expect(effectiveCropIds(parseListQuery({ commodity: 'CN', crop: 'all' }))).toEqual([]);
    expect(effectiveCropYears(parseListQuery({ crop_year: '2026' }))).toEqual([2026]);
    expect(effectiveCropYears(parseListQuery({ crop_year: '2026', cropYear: '2025' }))).toEqual([2025]);
  });

  it('takes a valid delivery range, swapped when backwards', () => {
    expect(parseListQuery({ from: '2026-10-31', to: '2026-10-01' })).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(parseListQuery({ from: '2026-02-30', to: 'soon' })).toMatchObject({ from: null, to: null });
  });

  it('sorts by a column of the view, else by its default', () => {
    expect(
      parseListQuery({ predefinedFilter: 'get_signatures', sort: 'esign_eligible', sortOrder: 'DESC' }),
    ).toMatchObject({ sort: 'eSignEligible', sortOrder: 'desc' });
    expect(parseListQuery({ predefinedFilter: 'mp_pricing', sort: 'expiration' })).toMatchObject({
      sort: 'expiration',
      sortOrder: 'asc',
    });
    expect(parseListQuery({ predefinedFilter: 'delinquent', sort: 'strike', sortOrder: 'desc' })).toMatchObject({
      sort: 'deliveryEndIsoStr',
      sortOrder: 'desc',
    });
    expect(parseListQuery({ predefinedFilter: 'delinquent', sortOrder: 'sideways' })).toMatchObject({
      sort: 'deliveryEndIsoStr',
      sortOrder: 'asc',
    });
  });

  it('clamps the page size and the page', () => {
    expect(parseListQuery({ pageSize: '30', page: '0' })).toMatchObject({ pageSize: 25, page: 1 });
    expect(parseListQuery({ pageSize: '1000', page: '7' })).toMatchObject({ pageSize: 100, page: 7 });
    expect(parseListQuery({ pageSize: 'x', page: '2.5' })).toMatchObject({ pageSize: 100, page: 1 });
    expect(parseListQuery({ pageSize: '3' })).toMatchObject({ pageSize: 5 });
  });

  it('reads ids strictly and bounds free text', () => {
    expect(parseListQuery({ market_id: '12', client_legal_entity_id: '77', document_id: '5' })).toMatchObject({
      marketId: 12,
      clientId: 77,
      documentId: 5,
    });
    expect(parseListQuery({ market_id: '-1', client_legal_entity_id: '7e2' })).toMatchObject({
      marketId: null,
      clientId: null,
    });
    expect(parseListQuery({ search: 'x'.repeat(500) }).search).toHaveLength(200);
  });

  it('is the zod schema of the route query', () => {
    expect(listQuerySchema.parse({ predefinedFilter: 'unapplied', pageSize: '20' })).toMatchObject({
      view: 'unapplied',
      pageSize: 20,
    });
    expect(listQuerySchema.safeParse({ page: 3 }).success).toBe(false);
  });
});

describe('canonical parameters and fingerprints', () => {
  it('round-trips a query through its URL parameters', () => {
    const queries = [
      {},
      {
        predefinedFilter: 'mp_pricing',
        sort: 'expirationDay',
        sortOrder: 'desc',
        commodity: 'CN',
        crop_year: '2026',
        market_id: '3',
      },
      { tab: 'deliveries', search: 'T-50', from: '2026-05-01', page: '3', paginationToken: 'tok', pageSize: '25' },
      {
        predefinedFilter: 'delinquent',
        crop: 'all',
        cropYear: '2025,2026',
        contractType: 'hta,mp',
        tag: 'organic',
        status: 'open',
        client_legal_entity_id: '9',
      },
      { cropId: '73', commodity: 'CN', highlight_id: 'c-4', tab_filter: 'open' },
    ];
    for (const params of queries) {
      const q = parseListQuery(params);
      expect(parseListQuery(listQueryToParams(q))).toEqual(q);
    }
    expect(listQueryToParams(parseListQuery({ predefinedFilter: 'get_signatures', sort: 'eSignEligible' }))).toEqual({
      predefinedFilter: 'get_signatures',
      sort: 'esign_eligible',
      sortOrder: 'asc',
    });
    expect(listQueryToParams(parseListQuery({ paginationToken: 'x' }))).toEqual({});
  });

  it('fingerprints what decides the rows, not the page or the highlight', () => {
    const base = parseListQuery({ predefinedFilter: 'delinquent', market_id: '3' });
    const fp = listQueryFingerprint(base);
    expect(listQueryFingerprint({ ...base, page: 5, paginationToken: 'x', highlightId: 'h', tabFilter: 't' })).toBe(fp);
    for (const change of [
      { search: 'a' },
      { sortOrder: 'desc' as const },
      { pageSize: 50 as const },
      { marketId: 4 },
      { view: 'to_arrive' as const },
      { crops: [2] },
    ]) {
      expect(listQueryFingerprint({ ...base, ...change })).not.toBe(fp);
    }
  });
});

describe('listQueryCondition', () => {
  const matches = (params: ListParams, row: ViewFacts) =>
    evaluateCondition(listQueryCondition(parseListQuery(params)), row, { today: TODAY });

  it('combines the view rule with the filters', () => {
    const late = contract({
      deliveryEnd: '2026-05-01',
      displayContractId: 'C-2044',
      contractType: 'hta',
      optionMonth: '2026-07',
    });
    expect(matches({ predefinedFilter: 'delinquent' }, late)).toBe(true);
    expect(matches({ predefinedFilter: 'to_arrive' }, late)).toBe(false);
    expect(matches({ predefinedFilter: 'delinquent', contractType: 'mp' }, late)).toBe(false);
    expect(matches({ predefinedFilter: 'delinquent', contractType: 'hta,mp', optionMonth: '2026-07' }, late)).toBe(
      true,
    );
    expect(matches({ market_id: '2' }, late)).toBe(false);
    expect(matches({ market_id: '1', client_legal_entity_id: String(CLIENT.id) }, late)).toBe(true);
    expect(matches({ status: 'completed' }, late)).toBe(false);
  });

  it('filters crops and crop years from the context or the filter', () => {
    const springWheat = contract({ cropId: 73, cropYear: 2025 });
    expect(matches({ commodity: 'CN' }, springWheat)).toBe(false);
    expect(matches({ commodity: 'CN', crop: 'wheat' }, springWheat)).toBe(true);
    expect(matches({ commodity: 'CN', crop: 'all' }, springWheat)).toBe(true);
    expect(matches({ crop_year: '2026' }, springWheat)).toBe(false);
    expect(matches({ crop_year: '2026', cropYear: '2025' }, springWheat)).toBe(true);
  });

  it('keeps contracts whose delivery window overlaps the range', () => {
    const window = contract({ deliveryStart: '2026-10-01', deliveryEnd: '2026-11-30' });
    expect(matches({ from: '2026-11-30' }, window)).toBe(true);
    expect(matches({ from: '2026-12-01' }, window)).toBe(false);
    expect(matches({ to: '2026-10-01' }, window)).toBe(true);
    expect(matches({ to: '2026-09-30' }, window)).toBe(false);
  });

  it('searches numbers and client names; the keyword looks in description, specialty and MP option', () => {
    const row = contract({
      displayContractId: 'C-2044',
      description: 'Non-GMO',
      specialty: null,
      mpOption: 'Dec call',
    });
    expect(matches({ search: 'c-20' }, row)).toBe(true);
    expect(matches({ search: 'prairie' }, row)).toBe(true);
    expect(matches({ search: 'zeller' }, row)).toBe(false);
    expect(matches({ tag: 'gmo' }, row)).toBe(true);
    expect(matches({ tag: 'DEC' }, row)).toBe(true);
    expect(matches({ tag: 'organic' }, row)).toBe(false);
  });

  it('filters tickets by their own columns', () => {
    const t = ticket({ displayScaleTicketId: 'T-5001', deliveryDate: '2026-05-10', unappliedQuantity: '10' });
    expect(matches({ predefinedFilter: 'unapplied', search: '5001' }, t)).toBe(true);
    expect(matches({ predefinedFilter: 'unapplied', from: '2026-05-11' }, t)).toBe(false);
    expect(matches({ predefinedFilter: 'unapplied', to: '2026-05-10', contractType: 'hta' }, t)).toBe(true);
    expect(matches({ tab: 'deliveries' }, ticket({ unappliedQuantity: '0' }))).toBe(true);
  });
});
