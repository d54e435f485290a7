// A structure's rules in words (issue 18 'Booking and life of a structure'): what the client's confirmation says — the
// signing page and the confirmation PDF print these sentences, the CRM's detail can show them. Built from the
// builder input the merchandiser typed (the levels as written) and the observation dates the engine built; every
// figure goes through the formatters the caller passes (the partner's price notation, the locale's day, bushels), so
// nothing here writes a raw number.

import type { StructureInput } from './inputs.ts';

export type StructureWordsFormat = {
  /** A futures level in $/bu, as the trade writes it ('$4.33½/bu'). */
  price: (value: string) => string;
  /** A calendar day ('2026-12-01') in the reader's locale. */
  day: (isoDay: string) => string;
  /** Bushels with their unit ('1,250 bu'). */
  bushels: (value: string) => string;
};

/** What the engine built from the input: the observation dates and the bushels of each. */
export type StructureWordsFacts = {
  observations: number;
  /** Bushels each observation prices (the quantity over the observations), a decimal string. */
  perObservation: string;
  firstDate: string;
  lastDate: string;
};

export const STRUCTURE_KIND_LABELS: Readonly<Record<StructureInput['kind'], string>> = {
  accumulator: 'Accumulator',
  'minimum-price': 'Minimum price',
  hta: 'Hedge-to-arrive',
  'average-price': 'Average price',
};

/** The kind's label, with the side where it changes the product's name (a purchase's minimum price is a maximum). */
export function structureKindLabel(input: Pick<StructureInput, 'kind' | 'side'>): string {
  if (input.kind === 'minimum-price' && input.side === 'purchase') return 'Maximum price';
  return STRUCTURE_KIND_LABELS[input.kind];
}

/**
 * The rules as sentences, in the order a reader needs them: the quantity and period, how each observation prices,
 * the double-up, the knock-out, the floor, the fee and what is written at the end. Sides are the farmer's: a sale is
 * knocked out by a settle at or below the knock-out and doubled at or above the trigger; a purchase mirrors both.
 */
export function structureRuleWords(
  input: StructureInput,
  facts: StructureWordsFacts,
  f: StructureWordsFormat,
): string[] {
  const sale = input.side === 'sale';
  const atOrBeyond = sale ? 'at or above' : 'at or below';
  const atOrShort = sale ? 'at or below' : 'at or above';
  const slice = f.bushels(facts.perObservation);
  const period = `from ${f.day(input.start)} to ${f.day(input.end)}`;
  const feeSentence =
    Number(input.fee) === 0
      ? 'No fee is taken.'
      : sale
        ? `A fee of ${f.price(input.fee)} is taken off the futures price of every priced bushel.`
        : `A fee of ${f.price(input.fee)} is added to the futures price of every priced bushel.`;
  const end = `At the end the priced bushels are written as a hedge-to-arrive contract at their average futures price ${sale ? 'less' : 'plus'} the fee.`;
  const out: string[] = [];
  switch (input.kind) {
    case 'accumulator': {
      const weekly = input.frequency === 'weekly';
      const each = weekly ? "each week's last trading day" : 'each trading day';
      out.push(
        `${f.bushels(input.quantity)} ${sale ? 'sold' : 'bought'} over ${facts.observations} ${weekly ? 'weeks' : 'trading days'} ${period}: ${slice} on ${each}.`,
      );
      const barrier = input.pricingBarrier ?? null;
      out.push(
        `On ${each}, ${slice} are priced at ${f.price(input.accumulationLevel)}` +
          (input.knockOut === null ? '.' : ` as long as the structure is not knocked out.`),
      );
      if (barrier)
        out.push(
          `A settle ${sale ? 'below' : 'above'} the pricing barrier ${f.price(barrier.level)} prices that day's bushels at the protection level ${f.price(barrier.protectionLevel)} instead.`,
        );
      const trigger = input.doubleUpTrigger ?? input.accumulationLevel;
      if (input.doubleUp === 'daily')
        out.push(
          `A settle ${atOrBeyond} ${f.price(trigger)} doubles that day's bushels: ${f.bushels(String(Number(facts.perObservation) * 2))} are priced at ${f.price(input.accumulationLevel)}.`,
        );
      if (input.doubleUp === 'euro')
        out.push(
          `If the last settle (${f.day(facts.lastDate)}) is ${atOrBeyond} ${f.price(trigger)} and the structure was not knocked out, the bushels priced at fixed levels are doubled.`,
        );
      if (input.knockOut !== null) {
        const continuous = input.knockOutMonitoring === 'continuous';
        out.push(
          (continuous
            ? `Futures trading ${atOrShort} the knock-out ${f.price(input.knockOut)} at any time`
            : `A settle ${atOrShort} the knock-out ${f.price(input.knockOut)}`) +
            ` ends the pricing: ${input.knockOutDayPriced ? "that day's bushels are still priced" : "that day's bushels are not priced"} and no later day is.`,
        );
      }
      if (input.floor)
        out.push(
          `Bushels a knock-out leaves unpriced are priced at the last settle, but ${sale ? 'no lower' : 'no higher'} than ${f.price(input.floor)}.`,
        );
      break;
    }
    case 'minimum-price':
      out.push(
        `${f.bushels(input.quantity)} ${sale ? 'sold' : 'bought'}, priced on ${f.day(facts.lastDate)} at that day's settle, but ${sale ? 'no lower' : 'no higher'} than ${f.price(input.floor)}.`,
      );
      break;
    case 'hta':
      out.push(
        `${f.bushels(input.quantity)} ${sale ? 'sold' : 'bought'} at ${f.price(input.futuresLevel)}, written on ${f.day(facts.lastDate)}.`,
      );
      break;
    case 'average-price': {
      const weekly = input.frequency === 'weekly';
      out.push(
        `${f.bushels(input.quantity)} ${sale ? 'sold' : 'bought'} over ${facts.observations} ${weekly ? 'weeks' : 'trading days'} ${period}: ${slice} priced at the settle of ${weekly ? "each week's last trading day" : 'each trading day'}.`,
      );
      break;
    }
  }
  out.push(feeSentence, end);
  return out;
}
