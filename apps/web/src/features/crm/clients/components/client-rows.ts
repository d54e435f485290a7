import { cropBySymbol, type ClientSearchRow } from '@granary/domain';
import type { KeyboardEvent, MouseEvent } from 'react';

/** The client list's rows (as a table or as cards), each linking to and opening the client's profile. */
export type ClientRowsProps = {
  rows: ClientSearchRow[];
  href: (row: ClientSearchRow) => string;
  onOpen: (row: ClientSearchRow) => void;
};

/** A click anywhere on a row opens the client, except on its links (phone, e-mail) and with a modifier (new tab via the name link). */
export function rowClick(row: ClientSearchRow, onOpen: (row: ClientSearchRow) => void) {
  return (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a,button')) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    onOpen(row);
  };
}

export function rowKey(row: ClientSearchRow, onOpen: (row: ClientSearchRow) => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row);
  };
}

export function place(row: ClientSearchRow): string {
  return [row.city, row.administrativeAreaLevel1].filter(Boolean).join(', ');
}

export function defaultCrop(row: ClientSearchRow): string {
  const crop = cropBySymbol(row.defaultCommodity)?.displayName ?? row.defaultCommodity ?? '';
  return [crop, row.defaultCropYear ?? ''].filter(Boolean).join(' ');
}
