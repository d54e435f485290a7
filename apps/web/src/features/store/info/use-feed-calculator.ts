import {
  computeFeedEfficiency,
  type FeedEfficiencyField,
  type FeedEfficiencyInput,
  type FeedProductList,
  type FeedWeightUnit,
} from '@granary/domain';
import { useMemo, useState } from 'react';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';

export type FeedValues = Omit<FeedEfficiencyInput, 'unit'> & { dryMatterPercent: string };

/** Starting figures: a pen of yearling steers (pounds) or the same in kilograms. */
const DEFAULTS: { readonly [U in FeedWeightUnit]: FeedValues } = {
  lb: {
    headCount: '100',
    startWeight: '750',
    targetWeight: '1350',
    averageDailyGain: '3.5',
    dryMatterIntake: '24',
    costPerTon: '240',
    dryMatterPercent: '100',
  },
  kg: {
    headCount: '100',
    startWeight: '340',
    targetWeight: '610',
    averageDailyGain: '1.6',
    dryMatterIntake: '11',
    costPerTon: '265',
    dryMatterPercent: '100',
  },
};

/**
 * The feed-efficiency calculator's state: the figures as typed, where the feed's price comes from (typed, or a feed
 * product's pack picked from the store, which fills the cost per ton), and the outcome with each field's message.
 */
export function useFeedCalculator(unit: FeedWeightUnit, feed: FeedProductList | undefined) {
  const t = useT();
  const [values, setValues] = useState<FeedValues>(DEFAULTS[unit]);
  const [source, setSource] = useState<'manual' | 'pick'>('manual');
  const [pick, setPick] = useState('');
  const set = (field: keyof FeedValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const outcome = useMemo(() => computeFeedEfficiency({ unit, ...values }), [unit, values]);
  const errorOf = (field: FeedEfficiencyField): string | null => {
    if (outcome.ok) return null;
    const error = outcome.errors.find((e) => e.field === field);
    return error ? t(`storePages.feed.error.${error.code}` as MessageId) : null;
  };
  const options = (feed?.products ?? []).flatMap((p) =>
    p.packs
      .filter((pack) => pack.costPerTon !== null)
      .map((pack) => ({ key: `${p.slug}|${pack.id}`, product: p, pack })),
  );
  const chosen = options.find((o) => o.key === pick) ?? null;
  const choose = (key: string) => {
    setPick(key);
    const option = options.find((o) => o.key === key);
    if (option?.pack.costPerTon) set('costPerTon')(option.pack.costPerTon);
  };
  return {
    values,
    set,
    errorOf,
    source,
    setSource,
    pick,
    setPick,
    options,
    chosen,
    choose,
    result: outcome.ok ? outcome.result : null,
  };
}

export type FeedCalculator = ReturnType<typeof useFeedCalculator>;
