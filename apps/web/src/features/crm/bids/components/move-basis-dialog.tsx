import { previewBasisMove, type InstrumentRow } from '@granary/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { useMoveBasis } from '../api/instruments';
import { parseTypedDecimal } from '../bids-format';
import { MoveBasisPreview } from './move-basis-preview';
import { OffersHitNote } from './offers-hit-note';

const CENTS = /^-?\d{1,3}(\.\d{1,2})?$/;

/** The cents to move by: typed (Enter saves), or a cent down or up at a time. */
function CentsStepper({
  text,
  valid,
  onText,
  onStep,
  onEnter,
}: {
  text: string;
  valid: boolean;
  onText: (text: string) => void;
  onStep: (delta: number) => void;
  onEnter: () => void;
}) {
  const t = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
      <Button variant="outlined" onClick={() => onStep(-1)} sx={{ mt: 0.5, minWidth: 0, whiteSpace: 'nowrap' }}>
        <T id="crm.bids.move.down" />
      </Button>
      <TextField
        autoFocus
        label={t('crm.bids.move.cents')}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onEnter();
          }
        }}
        error={text.trim() !== '' && !valid}
        helperText={text.trim() !== '' && !valid ? t('crm.bids.move.enterCents') : t('crm.bids.move.centsHelp')}
        size="small"
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" onClick={() => onStep(1)} sx={{ mt: 0.5, minWidth: 0, whiteSpace: 'nowrap' }}>
        <T id="crm.bids.move.up" />
      </Button>
    </Stack>
  );
}

/**
 * 'Move basis' of the selected bids by ± cents, with a preview of each new basis and cash price before saving.
 * The server moves all or nothing; bases that would leave the bound are flagged here and block the save.
 */
export function MoveBasisDialog({
  open,
  marketId,
  rows,
  onClose,
  onMoved,
}: {
  open: boolean;
  marketId: number;
  rows: readonly InstrumentRow[];
  onClose: () => void;
  onMoved: (count: number, cents: string) => void;
}) {
  const t = useT();
  const move = useMoveBasis(marketId);
  const [text, setText] = useState('');
  const cents = parseTypedDecimal(text);
  const valid = cents !== null && CENTS.test(cents) && Number(cents) !== 0;
  const preview = useMemo(
    () => (valid ? previewBasisMove(rows, cents) : previewBasisMove(rows, '0')),
    [rows, cents, valid],
  );
  const outOfBound = valid && preview.some((p) => p.outOfBound);
  const movable = rows.filter((r) => r.pricing === 'basis');
  const hasFlat = movable.length < rows.length;

  const step = (delta: number) => {
    const base = cents !== null && CENTS.test(cents) ? Number(cents) : 0;
    setText(String(Math.round((base + delta) * 100) / 100));
  };
  const save = () => {
    if (!valid || outOfBound || movable.length === 0) return;
    move.mutate(
      { instrumentIds: movable.map((r) => r.id), adjustmentCents: cents },
      {
        onSuccess: (result) => {
          onMoved(result.rows.length, cents);
          setText('');
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={move.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="move-basis-title"
    >
      <DialogTitle id="move-basis-title">
        <T id="crm.bids.move.title" />
        <Typography variant="body2" color="text.secondary">
          <T id="crm.bids.move.subtitle" values={{ count: rows.length }} />
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <CentsStepper text={text} valid={valid} onText={setText} onStep={step} onEnter={save} />
        {outOfBound ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            <T id="crm.bids.move.outOfBoundAlert" />
          </Alert>
        ) : null}
        <OffersHitNote
          marketId={marketId}
          instrumentIds={movable.map((r) => r.id)}
          change={valid && !outOfBound ? { adjustmentCents: cents } : null}
          sx={{ mb: 2 }}
        />
        {hasFlat ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            <T id="crm.bids.move.flatAlert" />
          </Alert>
        ) : null}
        {move.error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('crm.bids.move.failed', { message: move.error.message })}
          </Alert>
        ) : null}
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          <T id="crm.bids.move.preview" />
        </Typography>
        <MoveBasisPreview rows={rows} preview={preview} valid={valid} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={move.isPending}>
          <T id="crm.bids.dialog.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={!valid || outOfBound || movable.length === 0 || move.isPending}
        >
          {move.isPending ? <T id="crm.bids.dialog.saving" /> : <T id="crm.bids.move.save" />}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
