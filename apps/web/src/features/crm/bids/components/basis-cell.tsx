import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { basisBoundDollars, isBasisWithinUnitBound, type InstrumentRow } from '@granary/domain';
import { Box, ButtonBase, TextField } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { isApiError } from '../../../../lib/api/api-error';
import { useT } from '../../../../lib/i18n/t';
import { useUpdateBid } from '../api/instruments';
import { fmtSigned, parseTypedDecimal } from '../bids-format';

/**
 * The basis of a bid, edited in place: a click (or Enter on the focused cell) opens the field; Enter saves with
 * the version the grid shows, Esc cancels. On a 412 the grid reloads and the field stays open with what was
 * typed, so a second Enter saves it on the fresh version.
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
  const update = useUpdateBid(marketId);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = row.pricing === 'basis' && row.deletedAt === null;

  if (!editable) {
    return <Box component="span">{row.pricing === 'flat' ? t('crm.bids.flat') : fmtSigned(row.basis)}</Box>;
  }

  const bound = basisBoundDollars(row.priceUnit).toFixed(2);
  const close = () => {
    setDraft(null);
    setError(null);
  };
  const save = () => {
    if (draft === null) return;
    const value = parseTypedDecimal(draft);
    if (value === null || !isBasisWithinUnitBound(value, row.priceUnit)) {
      setError(t('crm.bids.basisEdit.invalid', { min: `-${bound}`, max: bound }));
      return;
    }
    update.mutate(
      { id: row.id, version: row.version, patch: { basis: value } },
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
          if (!update.isPending && error === null && draft.trim() === (row.basis === null ? '' : fmtSigned(row.basis)))
            close();
        }}
        disabled={update.isPending}
        error={error !== null}
        helperText={error ?? t('crm.bids.basisEdit.help')}
        slotProps={{
          htmlInput: {
            'aria-label': t('crm.bids.basisEdit.label', { name: row.name }),
            inputMode: 'decimal',
            style: { textAlign: 'right' },
          },
        }}
        sx={{ width: 150, '& .MuiFormHelperText-root': { mx: 0, whiteSpace: 'normal' } }}
      />
    );
  }
  return (
    <ButtonBase
      onClick={() => setDraft(row.basis === null ? '' : fmtSigned(row.basis))}
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
      {fmtSigned(row.basis)}
      <EditOutlinedIcon className="basis-edit-icon" sx={{ fontSize: 14, opacity: 0.35, color: 'text.secondary' }} />
    </ButtonBase>
  );
}
