import type { InstrumentRow } from '@granary/domain';
import { useState } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';
import { useDeleteBid, useUndeleteBid } from '../api/instruments';
import type { Notice } from './bids-notice';

/**
 * A row's delete (with Undo, which undeletes the deleted version) and undelete, each saying how it went; the row is
 * busy (its actions disabled) while its call runs, and a deleted row leaves the selection.
 */
export function useBidRowWrites(marketId: number, setNotice: (notice: Notice) => void, deselect: (id: number) => void) {
  const t = useT();
  const remove = useDeleteBid(marketId);
  const restore = useUndeleteBid(marketId);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  const busy = (id: number, on: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const failed = (e: Error) =>
    setNotice({
      message: isApiError(e) && e.status === 412 ? t('crm.bids.staleNotice') : e.message || t('crm.bids.actionFailed'),
      severity: 'error',
    });

  const onUndelete = (row: InstrumentRow, version?: number) => {
    busy(row.id, true);
    restore.mutate(
      { id: row.id, ...(version === undefined ? {} : { version }) },
      {
        onSuccess: () => setNotice({ message: t('crm.bids.restoredNotice', { name: row.name }), severity: 'success' }),
        onError: failed,
        onSettled: () => busy(row.id, false),
      },
    );
  };
  const onDelete = (row: InstrumentRow) => {
    busy(row.id, true);
    remove.mutate(
      { id: row.id, version: row.version },
      {
        onSuccess: (deleted) => {
          deselect(row.id);
          setNotice({
            message: t('crm.bids.deletedNotice', { name: row.name }),
            undo: () => onUndelete(row, deleted.version),
          });
        },
        onError: failed,
        onSettled: () => busy(row.id, false),
      },
    );
  };
  return { busyIds, onDelete, onUndelete: (row: InstrumentRow) => onUndelete(row) };
}
