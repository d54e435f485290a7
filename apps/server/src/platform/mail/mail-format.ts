// Numbers and dates in mails as on the pages (issue 13): through the domain's formatters, never toFixed or ISO strings.
import { formatDay, formatMoney, formatNumber, formatPrice, type PriceNotation } from '@granary/domain';
import type { MailContext } from './mail-layout.tsx';

/** '$4,477.99'; a zero is never '-$0.00'. */
export function mailMoney(value: string | number, currency: string): string {
  const text = formatMoney(value, { currency });
  return /^-\D*0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** Whether a quantity unit ('bushels', 'tonnes', 'bu', 't') is tonnes; anything else is bushels. */
function isTonnes(unit: string): boolean {
  return ['t', 'mt', 'tonne', 'tonnes'].includes(unit.trim().toLowerCase());
}

/** A bushel price in the partner's notation ('$4.33½/bu'); per-tonne and other units in dollars ('$612.50/t'). */
export function mailPrice(
  value: string | number,
  opts: { currency: string; unit: string; notation: PriceNotation | undefined },
): string {
  const unit = isTonnes(opts.unit) ? 'tonne' : 'bushel';
  return formatPrice(value, { currency: opts.currency, unit, notation: opts.notation, showUnit: true });
}

/** '5,000 bu', '1,200 t'. */
export function mailQuantity(value: string | number, unit: string): string {
  return `${formatNumber(value, { maxFractionDigits: 0 })} ${isTonnes(unit) ? 't' : 'bu'}`;
}

/** A day in the reader's locale: 11/26/2026 (en-US), 2026-11-26 (en-CA). */
export function mailDay(value: Date | string, ctx: MailContext): string {
  return formatDay(value, ctx.locale);
}
