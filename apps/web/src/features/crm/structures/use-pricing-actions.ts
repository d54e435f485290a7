import type { SolveZeroTableResponse, Structure, StructureInput, Valuation, ZeroTableCell } from '@granary/domain';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { useCrmFormat } from '../components/use-crm-format';
import {
  priceStructure,
  solveZeroPremium,
  solveZeroTable,
  useSaveQuote,
  useTradeStructure,
} from './api/structures-api';
import { pricingFieldOf, type PricingFormValues } from './pricing-form';
import { useStructuresView } from './use-structures-view';
import { zeroTableAxes } from './zero-table';

type PricingForm = UseFormReturn<PricingFormValues, unknown, { input: StructureInput; values: PricingFormValues }>;
type Busy = 'price' | 'accumulationLevel' | 'knockOut' | 'table' | 'save' | 'trade' | null;
type Result = { valuation: Valuation; title: MessageId };

/** A level on the quarter-cent grid near the futures, to stand in an empty field the solver will replace. */
function near(futures: number, factor: number): string {
  return (Math.round(futures * factor * 400) / 400).toFixed(4);
}

/**
 * The engine's calls of the pricing tool: Price, the zero-cost solves and the zero table. One runs at a time (`busy`);
 * a refusal naming a field goes on that field, any other shows above the answers (`failure`).
 */
export function useEngineCalls(form: PricingForm, futuresNow: number | null, watched: readonly unknown[]) {
  const t = useT();
  const f = useCrmFormat();
  const [busy, setBusy] = useState<Busy>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [table, setTable] = useState<SolveZeroTableResponse | null>(null);

  // A new crop, month or kind: the answers on screen no longer describe the form.
  const [crop, month, kind] = watched;
  useEffect(() => {
    setResult(null);
    setTable(null);
    setNotice(null);
  }, [crop, month, kind]);

  const run = async (what: Busy, call: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    setNotice(null);
    try {
      await call();
    } catch (error) {
      const named = pricingFieldOf(error);
      if (named) form.setError(named.field, { type: 'server', message: named.message }, { shouldFocus: true });
      else setFailure(error);
    } finally {
      setBusy(null);
    }
  };

  const withInput = (what: Busy, call: (input: StructureInput, values: PricingFormValues) => Promise<void>) =>
    form.handleSubmit(({ input, values }) => run(what, () => call(input, values)))();

  /** An empty level the solver replaces gets a stand-in near the futures, so the rest of the input can be checked. */
  const standIn = (field: 'accumulationLevel' | 'knockOut') => {
    if (form.getValues(field).trim() !== '' || futuresNow === null) return;
    const sale = form.getValues('side') === 'sale';
    form.setValue(field, near(futuresNow, field === 'accumulationLevel' ? (sale ? 1.08 : 0.92) : sale ? 0.88 : 1.12));
  };

  const price = () =>
    withInput('price', async (input) => {
      const answer = await priceStructure({ input });
      setResult({ valuation: answer.valuation, title: 'structures.valuation.title' });
    });

  const solve = (field: 'accumulationLevel' | 'knockOut') => {
    standIn(field);
    return withInput(field, async (input) => {
      if (input.kind !== 'accumulator') return;
      const answer = await solveZeroPremium({ input, solveFor: field });
      if (answer.status === 'solved') {
        form.setValue(field, answer.level, { shouldDirty: true });
        form.clearErrors(field);
        setResult({
          valuation: answer.valuation,
          title:
            field === 'accumulationLevel' ? 'structures.valuation.solvedLevel' : 'structures.valuation.solvedKnockOut',
        });
      } else {
        setResult(null);
        setNotice(
          t('structures.pricing.noZeroCost', {
            low: f.prices.futures(answer.range[0]),
            high: f.prices.futures(answer.range[1]),
          }),
        );
      }
    });
  };

  const zeroTable = () => {
    standIn('accumulationLevel');
    return withInput('table', async (input, values) => {
      if (input.kind !== 'accumulator' || futuresNow === null) return;
      setTable(await solveZeroTable({ input, ...zeroTableAxes(futuresNow, values.side, values.start, values.end) }));
    });
  };

  /** A zero-table cell into the form: its knock-out, its end and its zero-cost level. */
  const pick = (cell: ZeroTableCell & { result: { status: 'solved' } }) => {
    form.setValue('knockOut', cell.knockOut, { shouldDirty: true });
    form.setValue('end', cell.end, { shouldDirty: true });
    form.setValue('accumulationLevel', cell.result.level, { shouldDirty: true });
    setResult(null);
    showToast({ messageId: 'structures.zero.picked' }, { severity: 'info' });
  };

  return { busy, result, notice, failure, table, run, withInput, price, solve, zeroTable, pick };
}

/**
 * Save quote and Trade (structures-admin): the form saved as a quote (a new one, or the one open in place at its
 * version), then traded with the client's confirmation; a trade moves to the live structures with it open.
 */
export function useQuoteWrites(
  form: PricingForm,
  marketId: number,
  initial: Structure | null,
  withInput: ReturnType<typeof useEngineCalls>['withInput'],
  /** Told the id of a quote this form saved, before it goes into the URL (the tab keeps this form on screen). */
  onSaved?: (id: number) => void,
) {
  const t = useT();
  const [saved, setSaved] = useState<Structure | null>(initial);
  const [trading, setTrading] = useState<Structure | null>(null);
  const save = useSaveQuote();
  const trade = useTradeStructure();
  const { setView } = useStructuresView();
  const [, setParams] = useSearchParams();

  const saveQuote = async (values: PricingFormValues, input: StructureInput): Promise<Structure | null> => {
    if (!values.client) {
      form.setError(
        'client',
        { type: 'manual', message: t('structures.pricing.clientRequired') },
        { shouldFocus: true },
      );
      return null;
    }
    if (!/^\d{4}$/.test(values.cropYear.trim())) {
      form.setError(
        'cropYear',
        { type: 'manual', message: t('structures.pricing.cropYearInvalid') },
        { shouldFocus: true },
      );
      return null;
    }
    const quote = await save.mutateAsync({
      body: {
        marketId,
        clientLegalEntityId: values.client.id,
        cropYear: Number(values.cropYear),
        name: values.name.trim() === '' ? null : values.name.trim(),
        input,
      },
      quote: saved,
    });
    setSaved(quote);
    form.reset(values);
    onSaved?.(quote.id);
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('quote', String(quote.id));
        return p;
      },
      { replace: true },
    );
    return quote;
  };

  const onSave = () =>
    withInput('save', async (input, values) => {
      const quote = await saveQuote(values, input);
      if (quote) showToast({ messageId: 'structures.pricing.saved' }, { severity: 'success' });
    });

  const onTrade = () =>
    withInput('trade', async (input, values) => {
      const quote = saved && !form.formState.isDirty ? saved : await saveQuote(values, input);
      if (quote) {
        trade.reset();
        setTrading(quote);
      }
    });

  const confirmTrade = async (confirmation: 'esign' | 'verbal') => {
    if (!trading) return;
    const traded = await trade.mutateAsync({ quote: trading, confirmation }).catch(() => null);
    if (!traded) return;
    setTrading(null);
    showToast(
      { messageId: traded.status === 'live' ? 'structures.trade.doneLive' : 'structures.trade.doneSigning' },
      { severity: 'success' },
    );
    setView('live', { quote: null, structure: String(traded.id), status: traded.status === 'live' ? null : 'all' });
  };

  return { saved, trading, trade, onSave, onTrade, confirmTrade, closeTrade: () => setTrading(null) };
}
