import { isDecimalString, toDecimal, type ApplyProposal, type ApplyTicketsRequest } from '@granary/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api/api-error';
import { FormSubmitButton, FormTextField } from '../../../lib/forms/form-fields';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { useT } from '../../../lib/i18n/t';
import { showToast } from '../../../lib/toast/toast-store';
import { useCrmFormat } from '../components/use-crm-format';
import { useApplyProposal, useApplyTickets } from './deliveries-api';

type Amounts = Record<string, string>;
const keyOf = (ticketId: number, contractId: number) => `${ticketId}:${contractId}`;
/** The form (decision 032): the bushels typed for each ticket and contract, checked as typed by applyRequestOf. */
const amountsForm = z.object({ amounts: z.record(z.string(), z.string()) });
type AmountsForm = z.infer<typeof amountsForm>;

/** The FIFO proposal as editable amounts, one per ticket and contract. */
function amountsOf(proposal: ApplyProposal): Amounts {
  const out: Amounts = {};
  for (const p of proposal.tickets)
    for (const c of p.contracts) {
      const a = p.allocations.find((x) => x.contractId === c.id);
      out[keyOf(p.ticket.id, c.id)] = a ? a.quantity : '';
    }
  return out;
}

/** What the amounts ask for, and the first problem with them (a message id), if any. */
function applyRequestOf(
  proposal: ApplyProposal,
  amounts: Amounts,
): { body: ApplyTicketsRequest | null; problem: 'number' | 'ticketTotal' | 'contractOpen' | 'nothing' | null } {
  const tickets: ApplyTicketsRequest['tickets'] = [];
  const perContract = new Map<number, ReturnType<typeof toDecimal>>();
  for (const p of proposal.tickets) {
    const allocations: { contractId: number; quantity: string }[] = [];
    let total = toDecimal(0);
    for (const c of p.contracts) {
      const raw = (amounts[keyOf(p.ticket.id, c.id)] ?? '').trim();
      if (raw === '' || raw === '0') continue;
      if (!isDecimalString(raw) || toDecimal(raw).isNegative()) return { body: null, problem: 'number' };
      const q = toDecimal(raw);
      if (q.isZero()) continue;
      total = total.plus(q);
      const used = (perContract.get(c.id) ?? toDecimal(0)).plus(q);
      if (used.greaterThan(toDecimal(c.open))) return { body: null, problem: 'contractOpen' };
      perContract.set(c.id, used);
      allocations.push({ contractId: c.id, quantity: raw });
    }
    if (total.greaterThan(toDecimal(p.ticket.unappliedQuantity))) return { body: null, problem: 'ticketTotal' };
    if (allocations.length > 0) tickets.push({ ticketId: p.ticket.id, allocations });
  }
  if (tickets.length === 0) return { body: null, problem: 'nothing' };
  return { body: { tickets }, problem: null };
}

function ProposalTables({ proposal, contractId }: { proposal: ApplyProposal; contractId: number | undefined }) {
  const t = useT();
  const f = useCrmFormat();
  return (
    <Stack spacing={2.5}>
      {proposal.tickets.map((p) => (
        <Box key={p.ticket.id} component="section" aria-label={p.ticket.displayScaleTicketId}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, mb: 0.75 }}>
            <Typography variant="subtitle2">{p.ticket.displayScaleTicketId}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('deliveries.apply.ticketLine', {
                client: p.ticket.clientName,
                day: f.day(p.ticket.deliveryDate),
                quantity: f.quantity(p.ticket.unappliedQuantity),
              })}
            </Typography>
          </Box>
          {p.contracts.length === 0 ? (
            <Alert severity="info" variant="outlined">
              {t('deliveries.apply.noContracts')}
            </Alert>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table
                size="small"
                aria-label={t('deliveries.apply.contractsOf', { ticket: p.ticket.displayScaleTicketId })}
                sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('deliveries.apply.contract')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('deliveries.apply.window')}
                    </TableCell>
                    <TableCell align="right">{t('deliveries.apply.open')}</TableCell>
                    <TableCell align="right" sx={{ width: { sm: 150 } }}>
                      {t('deliveries.apply.quantity')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {p.contracts.map((c) => {
                    const key = keyOf(p.ticket.id, c.id);
                    return (
                      <TableRow key={c.id} selected={c.id === contractId} aria-selected={c.id === contractId}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {c.displayContractId}
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            sx={{ display: { xs: 'block', sm: 'none' }, whiteSpace: 'normal' }}
                          >
                            {`${f.day(c.deliveryStart)} – ${f.day(c.deliveryEnd)}`}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                          {`${f.day(c.deliveryStart)} – ${f.day(c.deliveryEnd)}`}
                        </TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                          {f.columnQuantity(c.open)}
                        </TableCell>
                        <TableCell align="right" sx={{ py: 0.5 }}>
                          <FormTextField<AmountsForm>
                            name={`amounts.${key}`}
                            size="small"
                            slotProps={{
                              htmlInput: {
                                inputMode: 'decimal',
                                'aria-label': t('deliveries.apply.quantityFor', {
                                  ticket: p.ticket.displayScaleTicketId,
                                  contract: c.displayContractId,
                                }),
                                style: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
                              },
                            }}
                            sx={{ width: { xs: 104, sm: 130 } }}
                          />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
          )}
          {toDecimal(p.unplaced).greaterThan(0) && p.contracts.length > 0 ? (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              {t('deliveries.apply.unplaced', { quantity: f.quantity(p.unplaced) })}
            </Typography>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The Apply dialog (issue 14): the tickets' first-in-first-out proposal over their clients' open contracts (by delivery
 * window), editable; applying sends the amounts shown. Someone who applied first makes it a 409: the reason shows and
 * the proposal is read again. The contract views' "Apply tickets" opens it on a client's unapplied tickets with
 * `contractId`, the row's contract, marked as chosen in each ticket's table.
 */
export function ApplyTicketsDialog({
  ticketIds,
  open,
  onClose,
  onApplied,
  contractId,
}: {
  ticketIds: readonly number[];
  open: boolean;
  onClose: () => void;
  onApplied?: () => void;
  contractId?: number;
}) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const proposal = useApplyProposal(open ? ticketIds : null);
  const apply = useApplyTickets();
  const form = useZodForm(amountsForm, { defaultValues: { amounts: {} } });
  const amounts = useWatch({ control: form.control, name: 'amounts' });
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (proposal.data) form.reset({ amounts: amountsOf(proposal.data) });
  }, [form, proposal.data]);
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);
  const request = useMemo(
    () => (proposal.data ? applyRequestOf(proposal.data, amounts) : null),
    [proposal.data, amounts],
  );
  const problem = request?.problem && request.problem !== 'nothing' ? request.problem : null;

  const submit = form.handleSubmit(async () => {
    if (!request?.body) return;
    setRefusal(null);
    try {
      const out = await apply.mutateAsync(request.body);
      showToast(
        { messageId: 'deliveries.apply.done', values: { count: out.applications.length } },
        { severity: 'success' },
      );
      onApplied?.();
      onClose();
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : String(error));
      void proposal.refetch();
    }
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      slotProps={{
        paper: { component: 'form', onSubmit: (e: FormEvent) => void submit(e), noValidate: true } as object,
      }}
    >
      <FormProvider {...form}>
        <DialogTitle>{t('deliveries.apply.title', { count: ticketIds.length })}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('deliveries.apply.help')}
            </Typography>
            {refusal ? (
              <Alert severity="warning" role="alert">
                {refusal}
              </Alert>
            ) : null}
            {proposal.isLoading ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress size={28} aria-label={t('deliveries.loading')} />
              </Box>
            ) : proposal.error ? (
              <Alert severity="error">{proposal.error.message}</Alert>
            ) : proposal.data ? (
              <ProposalTables proposal={proposal.data} contractId={contractId} />
            ) : null}
            {problem ? <Alert severity="error">{t(`deliveries.apply.problem.${problem}`)}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={onClose}>{t('deliveries.cancel')}</Button>
          <FormSubmitButton fullWidth={false} size="medium" sx={{}} disabled={!request?.body || apply.isPending}>
            {t('deliveries.apply.submit')}
          </FormSubmitButton>
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
