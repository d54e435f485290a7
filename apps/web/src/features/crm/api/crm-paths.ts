/** The CRM's two API roots (grain-marketing.md 7 'Merchandising' and 'Contract management'). */
export const MERCHANDISING = '/api/commodities/merchandising';
export const CTRM = '/api/commodities/ctrm';
