import {
  CONTRACT_TYPE_RULES,
  TYPED_FIELDS,
  futuresProductForCrop,
  listedContracts,
  parseContractWrite,
  parsePrice,
  quantityUnitForCrop,
  type ContractFieldErrors,
  type ContractTermsResponse,
  type ContractType,
  type ContractWriteInput,
  type InstrumentRow,
} from '@granary/domain';
import { z } from 'zod';
import { readBasis } from '../bids/components/basis-input';

/** The form's values: what is typed, as text (prices in the partner's notation, the basis in cents as the bid dialog). */
export type ContractFormValues = {
  contractType: ContractType;
  direction: 'purchase' | 'sale';
  clientId: number | null;
  clientName: string;
  marketId: number | null;
  cropId: number | null;
  cropYear: string;
  quantity: string;
  deliveryStart: string;
  deliveryEnd: string;
  optionMonth: string;
  futuresPrice: string;
  basis: string;
  cashPrice: string;
  strike: string;
  callOptionFee: string;
  expiration: string;
  mpOption: string;
  pricingPeriodStart: string;
  pricingPeriodEnd: string;
  paymentTerms: string;
  program: string;
  description: string;
  splits: { clientId: number | null; clientName: string; pct: string }[];
};

/** What opening the dialog may fill in: a client (from its profile), a bid's terms (from a bid row), anything else. */
export type ContractPrefill = Partial<ContractFormValues>;

export function emptyContractForm(today: string, prefill: ContractPrefill = {}): ContractFormValues {
  const year = Number(today.slice(0, 4));
  return {
    contractType: 'flat',
    direction: 'purchase',
    clientId: null,
    clientName: '',
    marketId: null,
    cropId: 1,
    cropYear: String(year),
    quantity: '',
    deliveryStart: '',
    deliveryEnd: '',
    optionMonth: '',
    futuresPrice: '',
    basis: '',
    cashPrice: '',
    strike: '',
    callOptionFee: '',
    expiration: '',
    mpOption: '',
    pricingPeriodStart: '',
    pricingPeriodEnd: '',
    paymentTerms: 'on_settlement',
    program: '',
    description: '',
    splits: [],
    ...prefill,
  };
}

/** A bid row's terms as a new contract's: crop, crop year, market, delivery window, futures month and basis. */
export function prefillFromBid(bid: InstrumentRow, basisText: string): ContractPrefill {
  return {
    marketId: bid.marketId,
    cropId: bid.cropId,
    cropYear: String(bid.cropYear),
    deliveryStart: bid.deliveryStart,
    deliveryEnd: bid.deliveryEnd,
    optionMonth: bid.futuresMonth ?? '',
    ...(bid.futuresLast ? { futuresPrice: bid.futuresLast } : {}),
    basis: basisText,
    description: bid.name,
  };
}

/** A contract's stored terms as the edit form's values. */
export function formOfTerms(
  out: ContractTermsResponse,
  clientName: string,
  basisText: (basis: string | null) => string,
): ContractFormValues {
  const t = out.terms;
  const text = (v: string | null) => v ?? '';
  return {
    contractType: t.contractType,
    direction: t.direction,
    clientId: out.clientId,
    clientName,
    marketId: t.marketId,
    cropId: t.cropId,
    cropYear: String(t.cropYear),
    quantity: t.quantity,
    deliveryStart: t.deliveryStart,
    deliveryEnd: t.deliveryEnd,
    optionMonth: text(t.optionMonth),
    futuresPrice: text(t.futuresPrice),
    basis: basisText(t.basis),
    cashPrice: text(t.cashPrice),
    strike: text(t.strike),
    callOptionFee: text(t.callOptionFee),
    expiration: text(t.expiration),
    mpOption: text(t.mpOption),
    pricingPeriodStart: text(t.pricingPeriodStart),
    pricingPeriodEnd: text(t.pricingPeriodEnd),
    paymentTerms: text(t.paymentTerms),
    program: text(t.program),
    description: text(t.description),
    splits: t.splits.map((s) => ({ clientId: s.clientId, clientName: s.clientName, pct: String(Number(s.pct)) })),
  };
}

const PRICE_FIELDS = ['futuresPrice', 'cashPrice', 'strike', 'callOptionFee'] as const;

/** The API body of the form's values: only the fields the type takes; prices and the basis read from what was typed. */
export function contractBody(v: ContractFormValues, basisNotation: 'cents' | 'dollars'): ContractWriteInput {
  const rules = CONTRACT_TYPE_RULES[v.contractType];
  const takes = (f: (typeof TYPED_FIELDS)[number]) => rules[f] === 'required' || rules[f] === 'optional';
  const price = (text: string) => (text.trim() === '' ? null : (parsePrice(text) ?? text.trim()));
  const basis = readBasis(v.basis, { unit: 'bushel', notation: basisNotation, futuresSymbol: null });
  const body: Record<string, unknown> = {
    contractType: v.contractType,
    direction: v.direction,
    marketId: v.marketId ?? 0,
    cropId: v.cropId ?? 0,
    cropYear: Number(v.cropYear) || 0,
    quantity: v.quantity.replace(/[,\s]/g, ''),
    quantityUnit: quantityUnitForCrop(v.cropId ?? 1),
    deliveryStart: v.deliveryStart,
    deliveryEnd: v.deliveryEnd,
    program: v.program,
    description: v.description,
    splits: v.splits.map((s) => ({ clientId: s.clientId ?? 0, pct: s.pct.replace('%', '').trim() })),
  };
  for (const f of TYPED_FIELDS) {
    if (!takes(f)) continue;
    if ((PRICE_FIELDS as readonly string[]).includes(f)) body[f] = price(v[f as (typeof PRICE_FIELDS)[number]]);
    else if (f === 'basis')
      body.basis = basis.state === 'ok' ? basis.value : basis.state === 'empty' ? null : 'not-a-basis';
    else body[f] = v[f] === '' ? null : v[f];
  }
  return body as ContractWriteInput;
}

/** The form's field of an API field path (the same names; split rows by index). */
function formPathOf(path: string): string {
  return path === 'body' ? 'contractType' : path;
}

/**
 * The form's checks: the client, then the domain's rules on the body the form would send (the server applies the
 * same), with the messages on the form's fields.
 */
export function contractFormSchema(basisNotation: 'cents' | 'dollars', messages: { client: string; basis: string }) {
  return z.custom<ContractFormValues>().superRefine((v, ctx) => {
    if (v.clientId === null) ctx.addIssue({ code: 'custom', path: ['clientId'], message: messages.client });
    const parsed = parseContractWrite(v.clientId, contractBody(v, basisNotation));
    if (parsed.ok) return;
    for (const [path, message] of Object.entries(parsed.fields as ContractFieldErrors)) {
      const shown = path === 'basis' && v.basis.trim() !== '' ? messages.basis : message;
      ctx.addIssue({ code: 'custom', path: formPathOf(path).split('.'), message: shown });
    }
  });
}

/** The futures months offered for a crop: the next listed ones, with the current value kept. */
export function optionMonthChoices(cropId: number | null, today: string, current: string): string[] {
  const product = cropId === null ? null : futuresProductForCrop(cropId);
  const months = product ? listedContracts(product, today, 8).map((c) => c.optionMonth) : [];
  if (current && !months.includes(current)) months.push(current);
  return months.sort();
}
