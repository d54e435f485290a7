import {
  CROPS,
  addDays,
  bidCashPrice,
  cropYearOfDelivery,
  defaultInstrumentName,
  futuresProductForCrop,
  instrumentProblems,
  normalizeInstrument,
  parsePrice,
  type InstrumentFields,
  type InstrumentProblemCode,
  type InstrumentRow,
  type RoundingMode,
} from '@granary/domain';
import { parseTypedDecimal } from '../bids-format';

// The bid dialog's draft: the fields as typed, how a change of one moves the others, and the draft as the domain's
// rules read it (the problems the dialog shows, the cash preview, the body it saves).

/** Crops a market can bid: those with futures, and the filterable flat-price crops (barley, durum, rice). */
export const BID_CROPS = CROPS.filter((c) => futuresProductForCrop(c.id) !== null || c.filterable);

export type Draft = {
  cropId: number;
  cropYear: string;
  name: string;
  nameTouched: boolean;
  deliveryStart: string;
  deliveryEnd: string;
  pricing: 'basis' | 'flat';
  futuresSymbol: string;
  basis: string;
  flatPrice: string;
  quantityCap: string;
  visibility: 'public' | 'private';
  offersAllowed: boolean;
  notes: string;
};

export type FieldKey = keyof InstrumentFields;

/** The fields a bid cannot be saved without. */
export type RequiredField = 'name' | 'deliveryStart' | 'deliveryEnd' | 'cropYear';

export const isRequiredField = (field: FieldKey): field is RequiredField =>
  field === 'name' || field === 'deliveryStart' || field === 'deliveryEnd' || field === 'cropYear';

type DraftProblem = { field: FieldKey; code: InstrumentProblemCode | 'number' | 'price' };

function monthEnd(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

/** `basisText` writes a stored basis as the merchandiser types it (the partner's notation: '-35' in cents). */
export function draftOf(
  row: InstrumentRow | null,
  today: string,
  cropId: number,
  basisText: (basis: string | null, unit: InstrumentRow['priceUnit']) => string = (b) =>
    b === null ? '' : String(Number(b)),
): Draft {
  if (row) {
    return {
      cropId: row.cropId,
      cropYear: String(row.cropYear),
      name: row.name,
      nameTouched: true,
      deliveryStart: row.deliveryStart,
      deliveryEnd: row.deliveryEnd,
      pricing: row.pricing,
      futuresSymbol: row.futuresSymbol ?? '',
      basis: basisText(row.basis, row.priceUnit),
      flatPrice: row.flatPrice === null ? '' : String(Number(row.flatPrice)),
      quantityCap: row.quantityCap === null ? '' : String(Number(row.quantityCap)),
      visibility: row.visibility,
      offersAllowed: row.offersAllowed,
      notes: row.notes ?? '',
    };
  }
  const end = monthEnd(today);
  return {
    cropId,
    cropYear: String(cropYearOfDelivery(cropId, today)),
    name: defaultInstrumentName(today, end),
    nameTouched: false,
    deliveryStart: today,
    deliveryEnd: end,
    pricing: futuresProductForCrop(cropId) ? 'basis' : 'flat',
    futuresSymbol: '',
    basis: '',
    flatPrice: '',
    quantityCap: '',
    visibility: 'public',
    offersAllowed: true,
    notes: '',
  };
}

/**
 * The draft with one field changed: new delivery dates rename a bid whose name was not typed; another crop clears
 * the futures month, falls back to flat pricing without futures and (on a new bid) takes its crop year.
 */
export function withField<K extends keyof Draft>(
  d: Draft,
  key: K,
  value: Draft[K],
  editing: boolean,
  today: string,
): Draft {
  const next = { ...d, [key]: value };
  if (
    (key === 'deliveryStart' || key === 'deliveryEnd') &&
    !d.nameTouched &&
    next.deliveryStart &&
    next.deliveryEnd &&
    next.deliveryEnd >= next.deliveryStart
  ) {
    next.name = defaultInstrumentName(next.deliveryStart, next.deliveryEnd);
  }
  if (key === 'cropId') {
    const id = value as number;
    next.futuresSymbol = '';
    if (!futuresProductForCrop(id)) next.pricing = 'flat';
    if (!editing) next.cropYear = String(cropYearOfDelivery(id, next.deliveryStart || today));
  }
  return next;
}

/**
 * The draft as the rules read it; number fields that are not numbers are problems of their own. The basis comes read
 * already (`basisValue`: dollars, or null when empty or unreadable — the form says why), typed in cents or dollars.
 */
export function parseDraft(
  draft: Draft,
  today: string,
  basisValue: string | null,
): { fields: InstrumentFields; problems: DraftProblem[] } {
  const numberProblems: { field: FieldKey; code: 'number' | 'price' }[] = [];
  const num = (field: FieldKey, text: string): string | null => {
    if (text.trim() === '') return null;
    const v = parseTypedDecimal(text);
    if (v === null) numberProblems.push({ field, code: 'number' });
    return v;
  };
  // A cash price is read as the pages write it ('$4.33½', "433'4", '4.3350'): the domain's one price parser.
  const price = (field: FieldKey, text: string): string | null => {
    if (text.trim() === '') return null;
    const v = parsePrice(text);
    if (v === null) numberProblems.push({ field, code: 'price' });
    return v;
  };
  const fields: InstrumentFields = {
    cropId: draft.cropId,
    cropYear: Number(draft.cropYear),
    name: draft.name,
    deliveryStart: draft.deliveryStart,
    deliveryEnd: draft.deliveryEnd,
    pricing: draft.pricing,
    futuresSymbol: draft.pricing === 'basis' ? draft.futuresSymbol || null : null,
    basis: draft.pricing === 'basis' ? basisValue : null,
    flatPrice: draft.pricing === 'flat' ? price('flatPrice', draft.flatPrice) : null,
    quantityCap: num('quantityCap', draft.quantityCap),
    visibility: draft.visibility,
    offersAllowed: draft.offersAllowed,
    notes: draft.notes,
  };
  const ruleProblems =
    draft.deliveryStart && draft.deliveryEnd ? instrumentProblems(normalizeInstrument(fields), { today }) : [];
  return {
    fields,
    problems: [...numberProblems, ...ruleProblems.filter((p) => !numberProblems.some((n) => n.field === p.field))],
  };
}

/** The cash price the draft would show: its flat price, or its basis on the grid's quote of its futures month. */
export function cashPreviewOf(
  draft: Draft,
  basisValue: string | null,
  defaultSymbol: string | null,
  quotes: ReadonlyMap<string, string>,
  roundingMode: RoundingMode | undefined,
) {
  const symbolForPreview = draft.pricing === 'basis' ? draft.futuresSymbol || defaultSymbol : null;
  const flatValue = draft.flatPrice.trim() === '' ? null : parsePrice(draft.flatPrice);
  return draft.pricing === 'flat'
    ? flatValue && bidCashPrice({ futuresPrice: null, basis: null, flatPrice: flatValue }, roundingMode)
    : symbolForPreview && basisValue && quotes.get(symbolForPreview)
      ? bidCashPrice({ futuresPrice: quotes.get(symbolForPreview)!, basis: basisValue, flatPrice: null }, roundingMode)
      : null;
}

/** What the dialog saves: the parsed fields, the name trimmed and empty notes as none. */
export function bidBody(f: InstrumentFields) {
  return {
    cropId: f.cropId,
    cropYear: f.cropYear,
    name: f.name.trim(),
    deliveryStart: f.deliveryStart,
    deliveryEnd: f.deliveryEnd,
    pricing: f.pricing,
    futuresSymbol: f.futuresSymbol,
    basis: f.basis,
    flatPrice: f.flatPrice,
    quantityCap: f.quantityCap,
    visibility: f.visibility,
    offersAllowed: f.offersAllowed,
    notes: (f.notes ?? '').trim() === '' ? null : f.notes,
  };
}
