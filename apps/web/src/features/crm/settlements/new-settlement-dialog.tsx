import { decimalString, toDecimal, type SettleableLine } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { ClientPicker, type PickedClient } from '../contract-writing/client-picker';
import { useCrmFormat } from '../components/use-crm-format';
import { previewSettlement, useCreateSettlement, useSettleableLines } from './settlements-api';
import { SettlementView } from '../../../lib/trading/settlement-view';

type ContractChoice = {
  contractId: number;
  displayContractId: string;
  crop: string;
  price: string | null;
  bushels: string;
  tickets: number;
  unpricedTickets: number;
};

/** The client's applied lines grouped by contract: what each contract would settle, and what waits for a price. */
function contractChoices(rows: readonly SettleableLine[]): ContractChoice[] {
  const byContract = new Map<number, ContractChoice>();
  for (const r of rows) {
    const c = byContract.get(r.contractId) ?? {
      contractId: r.contractId,
      displayContractId: r.displayContractId,
      crop: `${r.cropName} ${r.cropYear}`,
      price: r.price,
      bushels: '0',
      tickets: 0,
      unpricedTickets: 0,
    };
    if (r.blockedBy === null) {
      c.tickets += 1;
      c.bushels = decimalString(toDecimal(c.bushels).plus(toDecimal(r.bushels)));
    } else c.unpricedTickets += 1;
    byContract.set(r.contractId, c);
  }
  return [...byContract.values()];
}

/** The client's contracts with applied bushels: a box for each that has some to settle, what waits for pricing. */
function ContractChoices({
  choices,
  picked,
  onToggle,
}: {
  choices: ContractChoice[];
  picked: readonly number[];
  onToggle: (contractId: number, on: boolean) => void;
}) {
  const t = useT();
  const f = useCrmFormat();
  if (choices.length === 0) return null;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {t('settlements.new.contracts')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
        {choices.map((c) => (
          <FormControlLabel
            key={c.contractId}
            disabled={c.tickets === 0}
            control={
              <Checkbox
                checked={picked.includes(c.contractId)}
                onChange={(e) => onToggle(c.contractId, e.target.checked)}
              />
            }
            label={
              <Box>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {c.displayContractId}
                </Typography>{' '}
                <Typography component="span" color="text.secondary">
                  {c.crop}
                  {c.price ? ` · ${f.prices.cash(c.price)}` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.tickets > 0
                    ? t('settlements.new.settleable', { tickets: c.tickets, bushels: f.quantity(c.bushels) })
                    : null}
                  {c.unpricedTickets > 0 ? (
                    <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                      {t('settlements.new.unpriced', { tickets: c.unpricedTickets })}
                    </Box>
                  ) : null}
                </Typography>
              </Box>
            }
            sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiCheckbox-root': { pt: 0.25 } }}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * New settlement: pick the client, then the contracts whose applied, priced bushels to settle; the preview shows every
 * line, deduction and payee as the settlement will have them; Create writes it as a draft.
 */
export function NewSettlementDialog({
  open,
  marketId,
  today,
  onClose,
  onCreated,
}: {
  open: boolean;
  marketId: number | null;
  today: string;
  onClose: () => void;
  onCreated: (settlementId: number) => void;
}) {
  const t = useT();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [client, setClient] = useState<PickedClient | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [date, setDate] = useState(today);
  const lines = useSettleableLines(client?.id ?? null);
  const choices = useMemo(() => contractChoices(lines.data?.rows ?? []), [lines.data]);
  const settleable = choices.filter((c) => c.tickets > 0);
  const contractIds = picked.filter((id) => settleable.some((c) => c.contractId === id));
  const body = client && contractIds.length > 0 ? { clientId: client.id, contractIds, settlementDate: date } : null;
  const preview = useQuery({
    queryKey: ['crm', 'settlements', 'preview', body],
    queryFn: ({ signal }) => previewSettlement(body!, signal),
    enabled: open && body !== null && /^\d{4}-\d{2}-\d{2}$/.test(date),
    retry: false,
  });
  const create = useCreateSettlement();

  const reset = () => {
    setClient(null);
    setPicked([]);
    setDate(today);
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = () => {
    if (!body) return;
    create.mutate(body, {
      onSuccess: (s) => {
        showToast(
          { messageId: 'settlements.created', values: { number: s.displaySettlementId ?? '' } },
          {
            severity: 'success',
          },
        );
        reset();
        if (s.id !== null) onCreated(s.id);
      },
    });
  };
  const toggle = (id: number, on: boolean) =>
    setPicked((current) => (on ? [...current, id] : current.filter((x) => x !== id)));

  return (
    <Dialog open={open} onClose={close} maxWidth="lg" fullWidth fullScreen={fullScreen}>
      <DialogTitle>{t('settlements.new.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <ClientPicker
              marketId={marketId}
              value={client}
              onChange={(c) => {
                setClient(c);
                setPicked([]);
              }}
              label={t('settlements.new.client')}
            />
          </Box>
          <TextField
            type="date"
            label={t('settlements.new.date')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
        </Stack>

        {client && lines.isPending ? <PageSpinner /> : null}
        {client && lines.data && choices.length === 0 ? (
          <Alert severity="info">{t('settlements.new.nothing')}</Alert>
        ) : null}
        <ContractChoices choices={choices} picked={picked} onToggle={toggle} />

        {body && preview.isFetching && !preview.data ? <PageSpinner /> : null}
        {body && preview.isError ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {isApiError(preview.error) ? preview.error.message : t('crm.loadFailed')}
          </Alert>
        ) : null}
        {body && preview.data ? (
          <Box sx={{ mt: 2 }} aria-label={t('settlements.new.preview')} role="region">
            <Typography variant="subtitle2">{t('settlements.new.preview')}</Typography>
            <SettlementView settlement={preview.data} />
          </Box>
        ) : null}
        {create.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {isApiError(create.error) ? create.error.message : t('crm.loadFailed')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('settlements.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!body || !preview.data || create.isPending}>
          {t('settlements.new.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
