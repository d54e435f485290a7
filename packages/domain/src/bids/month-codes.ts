// Exchange month codes on their own, so that writing a basis's month ('-45 Z') does not pull the futures
// calendar and the crop table into a page that only formats prices (the light /market, decision 018).

/** Exchange month codes, January to December. */
export const MONTH_CODES = ['F', 'G', 'H', 'J', 'K', 'M', 'N', 'Q', 'U', 'V', 'X', 'Z'] as const;
export type MonthCode = (typeof MONTH_CODES)[number];
