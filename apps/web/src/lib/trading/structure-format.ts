import { cropById, formatDate, formatNumber, type StructureKindName, type StructureSide } from '@granary/domain';
import type { MessageId } from '../i18n/messages';

// What the merchandiser's pages and the farmer's share to name a structure's pieces (the words are catalogue messages).

export const STRUCTURE_KIND_MESSAGES: Record<StructureKindName, MessageId> = {
  accumulator: 'structure.kind.accumulator',
  'minimum-price': 'structure.kind.minimum-price',
  hta: 'structure.kind.hta',
  'average-price': 'structure.kind.average-price',
};

/** The kind's name, with the side where it changes the product (a purchase's minimum price is a maximum price). */
export function structureKindMessage(kind: StructureKindName, side: StructureSide): MessageId {
  return kind === 'minimum-price' && side === 'purchase'
    ? 'structure.kind.maximum-price'
    : STRUCTURE_KIND_MESSAGES[kind];
}

export const STRUCTURE_SIDE_MESSAGES: Record<StructureSide, MessageId> = {
  sale: 'structure.side.sale',
  purchase: 'structure.side.purchase',
};

/** A futures month 'YYYY-MM' as 'Dec 2026'. */
export function optionMonthLabel(optionMonth: string): string {
  return formatDate(`${optionMonth}-01`, 'MMM YYYY') || optionMonth;
}

/** The crop's name (the platform's crop list), or its id when unknown. */
export function cropLabel(cropId: number): string {
  return cropById(cropId)?.displayName ?? String(cropId);
}

/** A probability 0…1 as a percentage with one decimal: '12.5%'. */
export function probabilityLabel(p: number): string {
  return `${formatNumber(p * 100, { minFractionDigits: 1, maxFractionDigits: 1 })}%`;
}
