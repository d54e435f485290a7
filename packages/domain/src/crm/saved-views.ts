// Saved views of the CRM grids (issue 13 'Grids a merchandiser can work in'): a user names the state of a grid —
// its URL filters (with sort and sort order), the columns shown or hidden against the grid's defaults, and the
// density — and gets it back on any device. Not to be confused with the contract list's fixed views (views.ts).

import { z } from 'zod';

/** The grids that keep saved views. */
export const SAVED_VIEW_GRIDS = ['contracts', 'deliveries', 'clients', 'bids', 'offers'] as const;
export type SavedViewGrid = (typeof SAVED_VIEW_GRIDS)[number];

export const GRID_DENSITIES = ['comfortable', 'compact'] as const;
export type GridDensity = (typeof GRID_DENSITIES)[number];

export const SAVED_VIEW_NAME_MAX = 60;
/** How many views a user may keep per grid. */
export const SAVED_VIEWS_PER_GRID_MAX = 50;

const columnId = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'A column id is 1–64 letters, digits, _ . or -.');
const paramKey = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'A filter name is 1–64 letters, digits, _ . or -.');

/** A grid's state as a saved view keeps it. Paging is never part of it (a view starts at page 1). */
export const savedViewStateSchema = z.strictObject({
  /** The grid's URL parameters: filters, `sort`, `sortOrder`. */
  filters: z
    .record(paramKey, z.string().max(500))
    .refine((value) => Object.keys(value).length <= 40, 'At most 40 filters.'),
  /** Columns hidden that the grid shows by default. */
  hiddenColumns: z.array(columnId).max(100),
  /** Columns shown that the grid hides by default. */
  shownColumns: z.array(columnId).max(100),
  density: z.enum(GRID_DENSITIES),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

const viewName = z
  .string()
  .trim()
  .min(1, 'Give the view a name.')
  .max(SAVED_VIEW_NAME_MAX, `A view name has at most ${SAVED_VIEW_NAME_MAX} characters.`);

export const savedViewCreateSchema = z.strictObject({
  grid: z.enum(SAVED_VIEW_GRIDS),
  name: viewName,
  state: savedViewStateSchema,
});
export type SavedViewCreate = z.infer<typeof savedViewCreateSchema>;

/** A rename, a new state, or both. */
export const savedViewUpdateSchema = z
  .strictObject({ name: viewName.optional(), state: savedViewStateSchema.optional() })
  .refine((value) => value.name !== undefined || value.state !== undefined, 'Send a name or a state.');
export type SavedViewUpdate = z.infer<typeof savedViewUpdateSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  grid: z.enum(SAVED_VIEW_GRIDS),
  name: z.string(),
  state: savedViewStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ rows: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListSchema>;

/** A state with its keys in one order and its lists sorted, so that two equal states compare equal as text. */
export function savedViewStateKey(state: SavedViewState): string {
  const filters = Object.fromEntries(Object.entries(state.filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({
    filters,
    hiddenColumns: [...state.hiddenColumns].sort(),
    shownColumns: [...state.shownColumns].sort(),
    density: state.density,
  });
}
