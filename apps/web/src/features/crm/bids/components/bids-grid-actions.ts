import type { InstrumentRow } from '@granary/domain';

/** What the bids grid does with its rows: the page's selection, busy rows and row actions. */
export type GridActions = {
  marketId: number;
  /** The bid the URL points at (instrument=<id>). */
  highlightId: number | null;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (ids: number[], on: boolean) => void;
  onEdit: (row: InstrumentRow) => void;
  onDelete: (row: InstrumentRow) => void;
  onUndelete: (row: InstrumentRow) => void;
  /** 'Place offer' for a client; absent without the offers permission at the market. */
  onPlaceOffer?: (row: InstrumentRow) => void;
  /** 'New contract' from the bid (issue 14); absent without the contracts permission at the market. */
  onNewContract?: (row: InstrumentRow) => void;
  busyIds: ReadonlySet<number>;
};

/** A row can be selected for a basis move when it is a live basis bid. */
export const movable = (row: InstrumentRow) => row.deletedAt === null && row.pricing === 'basis';
