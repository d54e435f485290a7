import { describe, expect, it } from 'vitest';
import * as domain from '../index.ts';

// The CRM names the server and the web are written against (issue 4).
const CRM_EXPORTS = [
  'CROPS', 'CROP_IDS', 'DEFAULT_COMMODITY', 'FILTERABLE_CROPS', 'cropById', 'cropBySymbol', 'findCrop', 'expandCropFilter', 'commodityForCrop',
  'CONTRACT_TYPES', 'CONTRACT_STATUSES', 'PRICE_STATUSES', 'LIST_TYPES', 'TASK_LIST_STATUSES', 'cashPrice', 'weightedAverage', 'contractPricing',
  'priceStatus', 'contractQuantities', 'contractStatus', 'inTheMoney', 'daysAccumulated', 'basisToCents', 'basisFromCents',
  'CONTRACT_VIEWS', 'LIST_TABS', 'VIEW_DEFINITIONS', 'VIEW_RULES', 'viewTab', 'viewListType', 'viewDefinition', 'viewFilters', 'contractInView',
  'taskListStatuses', 'clientExposure', 'evaluateCondition', 'conditionBuilders', 'COLUMN_TYPES', 'SORT_EXPRESSIONS', 'sortParamForColumn', 'sortColumnForParam',
  'sortParamsForView', 'orderByTerms', 'keysetCondition', 'keysetKeyOf', 'contractListRowSchema', 'contractListResponseSchema',
  'contractListRow', 'scaleTicketListRow', 'LIST_COLUMNS', 'LIST_QUERY_PARAMS', 'parseListQuery', 'listQuerySchema', 'listQueryToParams',
  'listQueryCondition', 'listQueryFingerprint', 'hasFilters', 'clearFilters', 'dropTokenWithoutPage', 'chooseMarketId', 'openClientParams',
  'applyViewSortParams', 'encodePaginationToken', 'decodePaginationToken', 'pageWindow', 'totalPages', 'csvCell', 'toCsv', 'listViewCsv',
  'MARKET_PERMISSIONS', 'ADMIN_PERMISSIONS', 'isCrmAdmin', 'hasEntitlement', 'entitlementsFor', 'canUseView', 'marketLabel',
  'NOTE_CATEGORIES', 'noteInputSchema', 'FOLLOWUP_AGE_BUCKETS', 'followupAgeBucket', 'RECORD_TYPES', 'HIGHLIGHT_TYPES',
] as const;

describe('@granary/domain CRM exports', () => {
  it('keeps the one-word condition builders off the package root', () => {
    for (const name of ['and', 'or', 'not', 'text', 'TODAY', 'col', 'lit']) expect(name in domain).toBe(false);
    expect(Object.keys(domain.conditionBuilders)).toContain('and');
  });

  it.each(CRM_EXPORTS)('exports %s', (name) => {
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });
});
