import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { advanceRecovery, type Advance, type AdvanceRecoveryState, type Lien } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/i18n/messages';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { numericCellSx } from '../../../lib/ui/numeric-cell';
import { useCrmFormat } from '../components/use-crm-format';
import {
  useClientAdvances,
  useClientLiens,
  useCreateAdvance,
  useCreateLien,
  useRemoveLien,
  useSettleableLines,
} from './settlements-api';

/** An error of the server as a line under the form, the field errors by name. */
function errorText(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

function AdvanceDialog({
  clientId,
  today,
  open,
  onClose,
}: {
  clientId: number;
  today: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const lines = useSettleableLines(open ? clientId : null);
  const contracts = [...new Map((lines.data?.rows ?? []).map((r) => [r.contractId, r.displayContractId]))];
  const [contractId, setContractId] = useState<number | ''>('');
  const [amount, setAmount] = useState('');
  const [paidDate, setPaidDate] = useState(today);
  const [note, setNote] = useState('');
  const create = useCreateAdvance();
  const submit = () => {
    if (contractId === '') return;
    create.mutate(
      { contractId, amount: amount.trim(), paidDate, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          showToast({ messageId: 'settlements.advance.saved' }, { severity: 'success' });
          setAmount('');
          setNote('');
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('settlements.advance.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label={t('settlements.col.contract')}
            value={contractId}
            onChange={(e) => setContractId(Number(e.target.value))}
            helperText={contracts.length === 0 ? t('settlements.advance.noContracts') : undefined}
          >
            {contracts.map(([id, name]) => (
              <MenuItem key={id} value={id}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('settlements.advance.amount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            type="date"
            label={t('settlements.advance.paidDate')}
            value={paidDate}
            onChange={(e) => setPaidDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField label={t('settlements.advance.note')} value={note} onChange={(e) => setNote(e.target.value)} />
          {create.isError ? <Alert severity="error">{errorText(create.error, t('crm.loadFailed'))}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('settlements.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={contractId === '' || !amount || create.isPending}>
          {t('settlements.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function LienDialog({ clientId, open, onClose }: { clientId: number; open: boolean; onClose: () => void }) {
  const t = useT();
  const [lienholder, setLienholder] = useState('');
  const [kind, setKind] = useState<'amount' | 'pct'>('amount');
  const [value, setValue] = useState('');
  const [cropYear, setCropYear] = useState('');
  const create = useCreateLien(clientId);
  const submit = () =>
    create.mutate(
      {
        lienholder: lienholder.trim(),
        ...(kind === 'amount' ? { amount: value.trim() } : { pct: value.trim() }),
        ...(cropYear ? { cropYear: Number(cropYear) } : {}),
      },
      {
        onSuccess: () => {
          showToast({ messageId: 'settlements.lien.saved' }, { severity: 'success' });
          setLienholder('');
          setValue('');
          onClose();
        },
      },
    );
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('settlements.lien.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('settlements.lien.lienholder')}
            value={lienholder}
            onChange={(e) => setLienholder(e.target.value)}
          />
          <Stack direction="row" spacing={1}>
            <TextField
              select
              label={t('settlements.lien.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value as 'amount' | 'pct')}
              sx={{ width: 160 }}
            >
              <MenuItem value="amount">{t('settlements.lien.amount')}</MenuItem>
              <MenuItem value="pct">{t('settlements.lien.pct')}</MenuItem>
            </TextField>
            <TextField
              label={kind === 'amount' ? t('settlements.lien.amount') : t('settlements.lien.pct')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <TextField
            label={t('settlements.lien.cropYear')}
            value={cropYear}
            onChange={(e) => setCropYear(e.target.value.replace(/\D/g, '').slice(0, 4))}
            helperText={t('settlements.lien.cropYearHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          {create.isError ? <Alert severity="error">{errorText(create.error, t('crm.loadFailed'))}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('settlements.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!lienholder.trim() || !value || create.isPending}>
          {t('settlements.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const ADVANCE_STATE_COLORS: Record<AdvanceRecoveryState, 'default' | 'info' | 'success' | 'warning'> = {
  open: 'warning',
  partly_recovered: 'info',
  recovered: 'success',
  void: 'default',
};

/** An advance: its contract and day, where it stands, its amount, what settlements recovered of it and what is left. */
function AdvanceRow({ advance }: { advance: Advance }) {
  const t = useT();
  const f = useCrmFormat();
  const { balance, state } = advanceRecovery(advance);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={2}
      sx={{
        listStyle: 'none',
        justifyContent: 'space-between',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0, pb: 0 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {advance.displayContractId} · {t('settlements.advance.paidOn', { day: f.day(advance.paidDate) })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <Chip
            size="small"
            color={ADVANCE_STATE_COLORS[state]}
            variant={state === 'void' ? 'outlined' : 'filled'}
            label={t(`settlements.advance.status.${state}` as MessageId)}
          />
          {advance.recoveredByDisplaySettlementId ? (
            <Typography variant="caption" color="text.secondary">
              {t('settlements.advance.lastRecoveredBy', { number: advance.recoveredByDisplaySettlementId })}
            </Typography>
          ) : null}
        </Stack>
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography variant="body2" sx={{ ...numericCellSx, fontWeight: 600 }}>
          {f.money(advance.amount)}
        </Typography>
        {state === 'void' ? null : (
          <>
            <Typography variant="caption" color="text.secondary" sx={{ ...numericCellSx, display: 'block' }}>
              {t('settlements.advance.recoveredSoFar', { amount: f.money(advance.recoveredAmount) })}
            </Typography>
            <Typography variant="caption" sx={{ ...numericCellSx, display: 'block', fontWeight: 600 }}>
              {t('settlements.advance.balance', { amount: f.money(balance) })}
            </Typography>
          </>
        )}
      </Box>
    </Stack>
  );
}

/** How many recovered (or void) advances show at first, and how many more each 'Show more' adds. */
const CLOSED_ADVANCES_STEP = 3;

/**
 * The advances the panel shows, newest first as listed: every advance with a balance left (open or partly recovered,
 * however old: the next settlement recovers it) and the `closedShown` most recent recovered or void ones.
 */
function advancesShown(advances: readonly Advance[], closedShown: number) {
  let closed = 0;
  const shown = advances.filter((a) => {
    const { state } = advanceRecovery(a);
    if (state === 'open' || state === 'partly_recovered') return true;
    closed += 1;
    return closed <= closedShown;
  });
  return { shown, hidden: advances.length - shown.length };
}

/** The client's advances: those with a balance and the recent recovered ones, the older ones on 'Show more'. */
function AdvanceList({ advances }: { advances: readonly Advance[] }) {
  const t = useT();
  const [closedShown, setClosedShown] = useState(CLOSED_ADVANCES_STEP);
  const { shown, hidden } = advancesShown(advances, closedShown);
  return (
    <>
      <Box component="ul" sx={{ p: 0, m: 0 }}>
        {shown.map((a) => (
          <AdvanceRow key={a.id} advance={a} />
        ))}
      </Box>
      {hidden > 0 ? (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setClosedShown((n) => n + CLOSED_ADVANCES_STEP)}>
          {t('settlements.advance.showMore', { count: hidden })}
        </Button>
      ) : null}
    </>
  );
}

function LienRow({ lien }: { lien: Lien }) {
  const t = useT();
  const f = useCrmFormat();
  const remove = useRemoveLien();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', py: 0.5 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {lien.lienholder}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {lien.amount !== null
            ? t('settlements.lien.balance', { amount: f.money(lien.amount), paid: f.money(lien.paidAmount) })
            : t('settlements.lien.ofNet', { pct: f.percent(lien.pct) })}
          {lien.cropYear ? ` · ${lien.cropYear}` : ''}
          {lien.active ? '' : ` · ${t('settlements.lien.inactive')}`}
        </Typography>
      </Box>
      {lien.active ? (
        <Tooltip title={t('settlements.lien.remove')}>
          <IconButton
            size="small"
            aria-label={t('settlements.lien.remove')}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(lien, {
                onError: (e) => showToast({ text: errorText(e, t('crm.loadFailed')) }, { severity: 'error' }),
              })
            }
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  );
}

/** The client's advances and liens, compact, beside the settlements of that client. */
export function AdvancesAndLiens({ clientId, today }: { clientId: number; today: string }) {
  const t = useT();
  const advances = useClientAdvances(clientId);
  const liens = useClientLiens(clientId);
  const [dialog, setDialog] = useState<'advance' | 'lien' | null>(null);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mb: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('settlements.advances')}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle2" component="h2">
            {t('settlements.advances')}
          </Typography>
          <Button size="small" onClick={() => setDialog('advance')}>
            {t('settlements.advance.new')}
          </Button>
        </Stack>
        {advances.data?.rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('settlements.advance.none')}
          </Typography>
        ) : null}
        {advances.data?.rows.length ? <AdvanceList advances={advances.data.rows} /> : null}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('settlements.liens')}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle2" component="h2">
            {t('settlements.liens')}
          </Typography>
          <Button size="small" onClick={() => setDialog('lien')}>
            {t('settlements.lien.new')}
          </Button>
        </Stack>
        {liens.data?.rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('settlements.lien.none')}
          </Typography>
        ) : null}
        {liens.data?.rows.map((l) => (
          <LienRow key={l.id} lien={l} />
        ))}
      </Paper>
      <AdvanceDialog clientId={clientId} today={today} open={dialog === 'advance'} onClose={() => setDialog(null)} />
      <LienDialog clientId={clientId} open={dialog === 'lien'} onClose={() => setDialog(null)} />
    </Box>
  );
}
