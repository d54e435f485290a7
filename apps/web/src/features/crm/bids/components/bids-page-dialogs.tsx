import type { InstrumentCropSummary, InstrumentListResponse, InstrumentRow, RoundingMode } from '@granary/domain';
import { useT } from '../../../../lib/i18n/t';
import { priceUnitOf } from '../../../../lib/trading/price-units';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtQuantity } from '../bids-format';
import { BidDialog } from './bid-dialog';
import type { Notice } from './bids-notice';
import { MoveBasisDialog } from './move-basis-dialog';
import { PlaceOfferDialog } from './place-offer-dialog';

/** Which of the page's dialogs is open: a bid's (null rowId: a new bid), a bid's offer, the basis move. */
export type BidsPageDialogState = {
  dialog: { rowId: number | null } | null;
  offerFor: number | null;
  moveOpen: boolean;
};

/** The bids page's dialogs (create or edit a bid, place an offer, move the selection's basis), each saying what it did. */
export function BidsPageDialogs({
  marketId,
  data,
  rows,
  crops,
  cropId,
  quotes,
  roundingModes,
  selectedRows,
  state,
  onClose,
  onMoved,
  setNotice,
}: {
  marketId: number;
  data: InstrumentListResponse | undefined;
  rows: readonly InstrumentRow[];
  crops: readonly InstrumentCropSummary[];
  cropId: number | null;
  quotes: ReadonlyMap<string, string>;
  roundingModes: ReadonlyMap<number, RoundingMode>;
  selectedRows: readonly InstrumentRow[];
  state: BidsPageDialogState;
  onClose: (which: keyof BidsPageDialogState) => void;
  /** After a basis move: the selection is cleared. */
  onMoved: () => void;
  setNotice: (notice: Notice) => void;
}) {
  const t = useT();
  const priceFormat = usePriceFormat();
  const { dialog, offerFor, moveOpen } = state;
  const offerRow = offerFor !== null ? (rows.find((r) => r.id === offerFor && r.deletedAt === null) ?? null) : null;
  const editing = dialog?.rowId != null ? (rows.find((r) => r.id === dialog.rowId) ?? null) : null;
  return (
    <>
      {dialog && data ? (
        <BidDialog
          key={dialog.rowId ?? 'new'}
          open
          marketId={marketId}
          today={data.today}
          row={editing}
          defaultCropId={cropId ?? crops[0]?.cropId ?? 1}
          quotes={quotes}
          roundingModes={roundingModes}
          onClose={() => onClose('dialog')}
          onSaved={(saved, created) => {
            onClose('dialog');
            setNotice({
              message: t(created ? 'crm.bids.dialog.created' : 'crm.bids.dialog.saved', { name: saved.name }),
              severity: 'success',
            });
          }}
        />
      ) : null}
      {offerRow && data ? (
        <PlaceOfferDialog
          key={offerRow.id}
          marketId={marketId}
          row={offerRow}
          today={data.today}
          onClose={() => onClose('offerFor')}
          onPlaced={(offer) => {
            onClose('offerFor');
            const price = priceFormat.withUnit(offer.targetCashPrice, priceUnitOf(offerRow.priceUnit));
            setNotice({
              message:
                offer.status === 'price_hit'
                  ? t('crm.bids.offer.placedHit', { client: offer.clientName })
                  : t('crm.bids.offer.placed', {
                      client: offer.clientName,
                      quantity: fmtQuantity(offer.quantity),
                      unit: offer.quantityUnit,
                      price,
                    }),
              severity: 'success',
            });
          }}
        />
      ) : null}
      {moveOpen ? (
        <MoveBasisDialog
          open
          marketId={marketId}
          rows={selectedRows}
          onClose={() => onClose('moveOpen')}
          onMoved={(count, cents) => {
            onClose('moveOpen');
            onMoved();
            setNotice({ message: t('crm.bids.move.done', { count, cents }), severity: 'success' });
          }}
        />
      ) : null}
    </>
  );
}
