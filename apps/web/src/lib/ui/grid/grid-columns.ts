import type { GridDensity } from '@granary/domain';
import type { ReactNode } from 'react';

/**
 * One column of a CRM grid (issue 13): what the column chooser, the table and the phone cards need. The label is
 * the catalogue message already translated (the contract list's labels come from the domain's column labels).
 */
export type GridColumn<Row> = {
  id: string;
  label: string;
  /** Figures: right-aligned, tabular numerals. */
  numeric?: boolean;
  /** Shown until the user hides it (default true); less important columns start hidden so the defaults fit 1280 px. */
  defaultVisible?: boolean;
  /** Always shown and not in the chooser (a selection checkbox, the row's buttons). */
  fixed?: boolean;
  /** Its heading is read by screen readers only (a checkbox or an actions column). */
  labelHidden?: boolean;
  /** Left out of the phone card (e.g. a selection checkbox the card shows elsewhere). */
  cardHidden?: boolean;
  /** The cell's content. */
  render: (row: Row) => ReactNode;
  /** Extra styles of the body cell (min width, weight). */
  cellSx?: Record<string, unknown>;
};

/** The user's choices of a grid: columns hidden or shown against the defaults, and the density. */
export type GridPrefs = {
  hiddenColumns: readonly string[];
  shownColumns: readonly string[];
  density: GridDensity;
};

export const DEFAULT_GRID_PREFS: GridPrefs = { hiddenColumns: [], shownColumns: [], density: 'comfortable' };

/** Whether a column shows under the user's choices. */
export function isColumnVisible(column: { id: string; defaultVisible?: boolean; fixed?: boolean }, prefs: GridPrefs) {
  if (column.fixed) return true;
  if (prefs.hiddenColumns.includes(column.id)) return false;
  if (prefs.shownColumns.includes(column.id)) return true;
  return column.defaultVisible !== false;
}

/** The columns that show, in their order. */
export function visibleColumns<C extends { id: string; defaultVisible?: boolean; fixed?: boolean }>(
  columns: readonly C[],
  prefs: GridPrefs,
): C[] {
  return columns.filter((column) => isColumnVisible(column, prefs));
}

/**
 * The choices after the user shows or hides one column. The last column that can be hidden stays: at least one
 * column beyond the fixed ones is always visible.
 */
export function toggleColumn<C extends { id: string; defaultVisible?: boolean; fixed?: boolean }>(
  columns: readonly C[],
  prefs: GridPrefs,
  id: string,
  visible: boolean,
): GridPrefs {
  const column = columns.find((c) => c.id === id);
  if (!column || column.fixed) return prefs;
  if (!visible && columns.filter((c) => !c.fixed && isColumnVisible(c, prefs)).length <= 1) return prefs;
  const hidden = prefs.hiddenColumns.filter((c) => c !== id);
  const shown = prefs.shownColumns.filter((c) => c !== id);
  const byDefault = column.defaultVisible !== false;
  if (visible && !byDefault) shown.push(id);
  if (!visible && byDefault) hidden.push(id);
  return { ...prefs, hiddenColumns: hidden, shownColumns: shown };
}
