import type { StoreAddress } from '@granary/domain';

/** An amount in the cart's currency: `$1,234.50`, the currency code after it unless USD. */
export const money = (amount: string, currency: string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency === 'USD' ? '' : ` ${currency}`}`;

/** An address on one line: postal, or a Canadian legal land location. */
export function addressText(a: StoreAddress): string {
  if (a.format === 'can_lll')
    return `${[a.lllQuarter, a.lllSection, a.lllTownship, a.lllRange, a.lllMeridian].join('-')}, ${a.region}${a.name ? ` (${a.name})` : ''}`;
  return `${a.name ? `${a.name}, ` : ''}${a.line1}, ${a.city} ${a.region} ${a.postalCode}`;
}

/** The order's totals before the total, in the order they are listed. */
export const TOTAL_KEYS = [
  'goodsSubtotal',
  'discountTotal',
  'shippingTotal',
  'shippingDiscountTotal',
  'taxTotal',
  'paymentFeeTotal',
] as const;
