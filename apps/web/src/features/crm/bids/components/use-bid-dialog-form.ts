import {
  currencyForCrop,
  defaultFuturesSymbol,
  futuresProductForCrop,
  listedContracts,
  priceUnitForCrop,
  quantityUnitForCrop,
  type InstrumentProblemCode,
  type InstrumentRow,
  type RoundingMode,
} from '@granary/domain';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import type { MessageId } from '../../../../lib/i18n/messages';
import { useT } from '../../../../lib/i18n/t';
import { useCreateBid, useUpdateBid } from '../api/instruments';
import { useOffersHit } from '../api/offers-hit';
import { useBasisInput } from './use-basis-input';
import {
  bidBody,
  cashPreviewOf,
  draftOf,
  isRequiredField,
  parseDraft,
  withField,
  type Draft,
  type FieldKey,
  type RequiredField,
} from './bid-draft';

const REQUIRED: readonly RequiredField[] = ['name', 'deliveryStart', 'deliveryEnd', 'cropYear'];

export type BidDialogOptions = {
  marketId: number;
  today: string;
  /** The bid edited (its latest version), or null for a new one. */
  row: InstrumentRow | null;
  defaultCropId: number;
  /** Futures last by symbol, from the grid (for the cash preview). */
  quotes: ReadonlyMap<string, string>;
  roundingModes: ReadonlyMap<number, RoundingMode>;
  onSaved: (row: InstrumentRow, created: boolean) => void;
};

/** The words and futures months of the draft's crop: its unit, currency and listed contracts. */
function useCropTerms(draft: Draft, today: string) {
  const t = useT();
  const product = futuresProductForCrop(draft.cropId);
  const unit = priceUnitForCrop(draft.cropId);
  const months = useMemo(() => (product ? listedContracts(product, today, 8) : []), [product, today]);
  return {
    product,
    unit,
    currency: currencyForCrop(draft.cropId),
    unitWord: t(unit === 'tonne' ? 'crm.bids.unit.tonne' : 'crm.bids.unit.bushel'),
    quantityWord: quantityUnitForCrop(draft.cropId),
    months,
    defaultSymbol: product && draft.deliveryEnd ? defaultFuturesSymbol(draft.cropId, draft.deliveryEnd) : null,
  };
}

/**
 * The bid dialog's state: the draft, its problems (required fields once saved once, the domain's rules as typed, the
 * server's), the cash preview and the save (a 412 keeps the draft and says so; a 400 puts its problems on fields).
 */
export function useBidDialogForm({
  marketId,
  today,
  row,
  defaultCropId,
  quotes,
  roundingModes,
  onSaved,
}: BidDialogOptions) {
  const t = useT();
  const create = useCreateBid(marketId);
  const update = useUpdateBid(marketId);
  const basisInput = useBasisInput();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row, today, defaultCropId, basisInput.textOf));
  const [submitted, setSubmitted] = useState(false);
  const [serverProblems, setServerProblems] = useState<{ field: string; code: string }[]>([]);
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const terms = useCropTerms(draft, today);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => withField(d, key, value, row !== null, today));
    setServerProblems([]);
  };
  const setName = (name: string) => setDraft((d) => ({ ...d, name, nameTouched: true }));

  const basisTarget = {
    unit: terms.unit,
    currency: terms.currency,
    futuresSymbol: draft.futuresSymbol || terms.defaultSymbol,
  };
  const basisReading = basisInput.read(draft.basis, basisTarget);
  const basisValue = basisReading.state === 'ok' ? basisReading.value : null;
  const basisError = draft.pricing === 'basis' ? basisInput.errorOf(basisReading, basisTarget) : null;
  const parsed = useMemo(() => parseDraft(draft, today, basisValue), [draft, today, basisValue]);
  const basisChanged = row !== null && basisValue !== null && Number(basisValue) !== Number(row.basis ?? NaN);
  const offersHit = useOffersHit(marketId, row ? [row.id] : [], basisChanged ? { basis: basisValue } : null);

  const messageOf = (code: string): string => {
    if (code === 'number') return t('crm.bids.problem.number');
    if (code === 'basis_out_of_bound') return basisInput.errorOf({ state: 'out_of_range' }, basisTarget) ?? '';
    const id = `crm.bids.problem.${code}` as MessageId;
    return t(id);
  };
  const errorOf = (field: FieldKey): string | undefined => {
    if (isRequiredField(field) && submitted && String(draft[field]).trim() === '') return t('crm.bids.dialog.required');
    if (field === 'basis' && basisError !== null) return basisError;
    const server = serverProblems.find((p) => p.field === field);
    if (server) return messageOf(server.code);
    const local = parsed.problems.find((p) => p.field === field);
    // Rules show once saved once, or as soon as a typed value breaks them (not while a field is still empty).
    if (!local) return undefined;
    if (submitted || (local.code !== 'basis_required' && local.code !== 'flat_price_required'))
      return messageOf(local.code as InstrumentProblemCode);
    return undefined;
  };

  const submit = () => {
    setSubmitted(true);
    setStale(false);
    setFailure(null);
    const missing = REQUIRED.some((f) => String(draft[f]).trim() === '');
    if (missing || parsed.problems.length > 0 || basisError !== null) return;
    const body = bidBody(parsed.fields);
    const onError = (error: Error) => {
      if (isApiError(error) && error.status === 412) setStale(true);
      else if (isApiError(error) && error.status === 400) {
        const problems = (error.details as { problems?: { field: string; code: string }[] } | undefined)?.problems;
        if (problems && problems.length > 0) setServerProblems(problems);
        else setFailure(error.message);
      } else setFailure(error.message || t('crm.bids.actionFailed'));
    };
    if (row)
      update.mutate(
        { id: row.id, version: row.version, patch: body },
        { onSuccess: (saved) => onSaved(saved, false), onError },
      );
    else create.mutate({ marketId, ...body }, { onSuccess: (saved) => onSaved(saved, true), onError });
  };

  return {
    ...terms,
    draft,
    set,
    setName,
    errorOf,
    cashPreview: cashPreviewOf(draft, basisValue, terms.defaultSymbol, quotes, roundingModes.get(draft.cropId)),
    basisLabel: basisInput.label(terms.unitWord, terms.currency),
    basisHelp: basisInput.help(),
    basisMeaning: draft.pricing === 'basis' ? basisInput.meaningOf(basisReading, basisTarget) : null,
    offersHit,
    submit,
    pending,
    stale,
    failure,
    hasErrors: submitted && (parsed.problems.length > 0 || serverProblems.length > 0 || basisError !== null),
  };
}

export type BidDialogForm = ReturnType<typeof useBidDialogForm>;
