// Store prices (platform.md 9.9 money, 9.1 currencies and price units).
import { CrmDecimal } from '../crm/exact.ts';
import { formatMoney, formatNumber } from '../format/number.ts';
import type { CurrencyCode } from '../region/countries.ts';

/**
 * A price as the store shows it: '$1,234.50'. All three currencies use '$' (9.1), so a price in CAD or AUD
 * carries its code ('$1,234.50 CAD') — a Canadian farmer must never wonder which dollar.
 */
export function formatStorePrice(amount: string | number, currency: CurrencyCode): string {
  const money = formatMoney(amount, { currency });
  return currency === 'USD' ? money : `${money} ${currency}`;
}

/** Price per unit: '$12.34/gal' (up to 2 decimals; 4 when under a dollar, e.g. '$0.0125/seed'). */
export function formatUnitPrice(amount: string | number, currency: CurrencyCode, unit: string): string {
  const value = Number(amount);
  const digits = Math.abs(value) < 1 && value !== 0 ? 4 : 2;
  const money = formatMoney(amount, { currency, minFractionDigits: 2, maxFractionDigits: digits });
  return `${money}/${unit}${currency === 'USD' ? '' : ` ${currency}`}`;
}

/** A variant's price per unit: amount / (size × pack count), exact enough for display (4 decimals). */
export function unitPriceOf(amount: string, size: string, packCount: number): string | null {
  const total = new CrmDecimal(size).mul(packCount);
  if (!total.gt(0)) return null;
  return new CrmDecimal(amount).div(total).toFixed(4);
}

/** A pack size as written: 2.5 gal, 265 gal, 50 lb ('2 × 2.5 gal' for a case of two). */
export function formatPackSize(size: string, unit: string, packCount: number): string {
  const one = `${formatNumber(size, { maxFractionDigits: 3 })} ${unit}`;
  return packCount > 1 ? `${packCount} × ${one}` : one;
}
