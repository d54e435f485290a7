import {
  futuresProductForCrop,
  type InstrumentCropSummary,
  type InstrumentListResponse,
  type RoundingMode,
} from '@granary/domain';
import { useMemo } from 'react';

/**
 * What the page shows of a market's bids: the rows and crop tabs, the crops' groups under the crop tab chosen, the
 * grid's futures quotes (for the dialog's cash preview) and rounding, the latest quote time, and the crop whose
 * futures board shows (the crop shown, else the first crop with futures on 'All crops').
 */
export function useBidsView(data: InstrumentListResponse | undefined, cropId: number | null) {
  const rows = useMemo(() => data?.rows ?? [], [data]);
  const crops = useMemo<InstrumentCropSummary[]>(() => data?.crops ?? [], [data]);
  const shownRows = cropId === null ? rows : rows.filter((r) => r.cropId === cropId);
  const quotes = useMemo(
    () =>
      new Map(
        rows.flatMap((r) => (r.futuresSymbol && r.futuresLast ? [[r.futuresSymbol, r.futuresLast] as const] : [])),
      ),
    [rows],
  );
  const roundingModes = useMemo(
    () => new Map<number, RoundingMode>(crops.map((c) => [c.cropId, c.roundingMode])),
    [crops],
  );
  const lastQuote = rows.reduce<string | null>(
    (acc, r) => (r.quotedAt && (!acc || r.quotedAt > acc) ? r.quotedAt : acc),
    null,
  );
  const cropGroups = (cropId === null ? crops : crops.filter((c) => c.cropId === cropId))
    .map((crop) => ({ crop, rows: shownRows.filter((r) => r.cropId === crop.cropId) }))
    .filter((g) => g.rows.length > 0);
  const boardCropId =
    cropId !== null
      ? futuresProductForCrop(cropId)
        ? cropId
        : null
      : (crops.find((c) => futuresProductForCrop(c.cropId))?.cropId ?? null);
  return { rows, crops, quotes, roundingModes, lastQuote, cropGroups, boardCropId };
}
