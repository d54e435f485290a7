import { cropBySymbol, type ClientSearchRow } from '@granary/domain';

export function place(row: ClientSearchRow): string {
  return [row.city, row.administrativeAreaLevel1].filter(Boolean).join(', ');
}

export function defaultCrop(row: ClientSearchRow): string {
  const crop = cropBySymbol(row.defaultCommodity)?.displayName ?? row.defaultCommodity ?? '';
  return [crop, row.defaultCropYear ?? ''].filter(Boolean).join(' ');
}
