import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { InstrumentRow } from '@granary/domain';
import { Box, ButtonBase, TextField } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { useUpdateBid } from '../api/instruments';
import { useOffersHit } from '../api/offers-hit';
import { useBasisInput } from './use-basis-input';

/**
 * The basis of a bid, edited in place: a click (or Enter on the focused cell) opens the field; Enter saves with
 * the version the grid shows, Esc cancels. On a 412 the grid reloads and the field stays open with what was
 * typed, so a second Enter saves it on the fresh version. The basis is typed in the partner's notation (cents:
 * '-45', '45 under'); the helper text says what it means and how many farmers' offers it would hit.
 */
export function BasisCell({
  row,
  marketId,
  onSaved,
}: {
  row: InstrumentRow;
  marketId: number;
  onSaved?: (row: InstrumentRow) => void;
}) {
  const t = useT();
  const prices = usePriceFormat();
  const basisInput = useBasisInput();
  const update = useUpdateBid(marketId);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = row.pricing === 'basis' && row.deletedAt === null;
  const target = { unit: row.priceUnit, currency: row.currency, futuresSymbol: row.futuresSymbol };
  const reading = draft === null ? null : basisInput.read(draft, target);
  const changed = reading?.state === 'ok' && row.basis !== null && Number(reading.value) !== Number(row.basis);
  const hits = useOffersHit(marketId, [row.id], changed && reading.state === 'ok' ? { basis: reading.value } : null);

  const shown = prices.basis(row.basis, row.futuresSymbol, row.priceUnit);
  if (!editable) {
    return <Box component="span">{row.pricing === 'flat' ? t('crm.bids.flat') : shown}</Box>;
  }

  const initialText = basisInput.textOf(row.basis, row.priceUnit);
  const close = () => {
    setDraft(null);
    setError(null);
  };
  const save = () => {
    if (draft === null || reading === null) return;
    if (reading.state !== 'ok') {
      setError(basisInput.errorOf(reading, target) ?? basisInput.help());
      return;
    }
    update.mutate(
      { id: row.id, version: row.version, patch: { basis: reading.value } },
      {
        onSuccess: (saved) => {
          close();
          onSaved?.(saved);
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 412) setError(t('crm.bids.basisEdit.stale', { name: row.name }));
          else setError(e instanceof Error && e.message ? e.message : t('crm.bids.actionFailed'));
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  if (draft !== null) {
    return (
      <TextField
        size="small"
        autoFocus
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!update.isPending && error === null && draft.trim() === initialText) close();
        }}
        disabled={update.isPending}
        error={error !== null}
        helperText={
          error ??
          [
            (reading && basisInput.meaningOf(reading, target)) || t('crm.bids.basisEdit.help'),
            hits ? t('crm.bids.offersHit', { count: hits }) : null,
          ]
            .filter(Boolean)
            .join(' · ')
        }
        slotProps={{
          htmlInput: {
            'aria-label': t('crm.bids.basisEdit.label', { name: row.name }),
            inputMode: 'text',
            style: { textAlign: 'right' },
          },
        }}
        sx={{ width: 150, '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal' } }}
      />
    );
  }
  return (
    <ButtonBase
      onClick={() => setDraft(initialText)}
      aria-label={t('crm.bids.basisEdit.editButton', { name: row.name })}
      sx={{
        px: 1,
        py: 0.5,
        mr: -1,
        borderRadius: 1,
        gap: 0.5,
        fontVariantNumeric: 'tabular-nums',
        fontSize: 'inherit',
        border: '1px dashed transparent',
        '&:hover, &:focus-visible': { borderColor: 'divider', bgcolor: 'action.hover' },
        '&:hover .basis-edit-icon, &:focus-visible .basis-edit-icon': { opacity: 1 },
      }}
    >
      {shown}
      <EditOutlinedIcon className="basis-edit-icon" sx={{ fontSize: 14, opacity: 0.35, color: 'text.secondary' }} />
    </ButtonBase>
  );
}
