import {
  commonRollOptionMonths,
  contractFuturesRollSchema,
  exchangeToday,
  listQueryToParams,
  parseBasis,
  parseListQuery,
  toDecimal,
  type ContractListRow,
  type ContractView,
} from '@granary/domain';
import { Alert, Button, MenuItem, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../../../lib/api/api-error';
import { request } from '../../../../lib/api/request';
import { FormTextField } from '../../../../lib/forms/form-fields';
import { useZodForm } from '../../../../lib/forms/use-zod-form';
import { useT } from '../../../../lib/i18n/t';
import { showToast } from '../../../../lib/toast/toast-store';
import { CTRM } from '../../api/crm-paths';
import { crmKeys } from '../../api/crm-keys';
import { ContractFormDialog } from '../../components/contract-form-dialog';
import { useContractDetail } from '../../contract/contract-api';
import { sendForSignatureBulk } from '../../contract-page/contract-page-api';
import { useSendForSignature } from '../../contract/esign-api';
import { ApplyTicketsDialog } from '../../deliveries/apply-tickets-dialog';
import { ContractPricingActions } from '../../contract/pricing-actions';
import type { PricingAction } from '../../pricing/pricing-api';
import { useContractSearch } from '../api/contract-search';
import { formatOptionMonth } from './list-cells';

/** A row button as compact as the row's text. */
const ROW_BUTTON_SX = { py: 0, px: 1, minWidth: 0, lineHeight: 1.6 } as const;

/** The in-place action each task view offers on its rows (issue 14): price it, send it, apply tickets to it. */
export type RowAction = 'price' | 'send' | 'apply';

export function rowActionOf(view: ContractView, row: ContractListRow): RowAction | null {
  if (row.kind !== 'contract') return null;
  if (view === 'needs_pricing' || view === 'mp_pricing') return 'price';
  if (view === 'get_signatures') return 'send';
  if (view === 'to_arrive' || view === 'delinquent') return 'apply';
  return null;
}

/** Views whose rows can be selected for the bulk actions (send for signature, roll). */
export function bulkActionsOf(view: ContractView): readonly ('send' | 'roll')[] {
  if (view === 'get_signatures') return ['send'];
  if (view === 'needs_pricing' || view === 'to_arrive' || view === 'delinquent' || view === 'mp_pricing')
    return ['roll'];
  return [];
}

/** What half of the price a row still needs: the other half of what is fixed, else both (an addendum). */
function pricingActionFor(row: ContractListRow): PricingAction {
  if (row.priceStatus === 'basis_set') return 'futures_set';
  if (row.priceStatus === 'futures_set') return 'basis_set';
  return 'pricing_addenda';
}

/** Loads the contract (its version), then opens the pricing dialog for what the row still needs. */
function PriceDialogFor({ row, onClose }: { row: ContractListRow; onClose: () => void }) {
  const detail = useContractDetail(row.clientId, row.id);
  if (!detail.data) return null;
  return (
    <ContractPricingActions detail={detail.data} initial={pricingActionFor(row)} menu={false} onClosed={onClose} />
  );
}

function SendButton({ row }: { row: ContractListRow }) {
  const t = useT();
  const send = useSendForSignature(row.clientId, row.id);
  const [sent, setSent] = useState(false);
  return (
    <Button
      size="small"
      variant="outlined"
      sx={ROW_BUTTON_SX}
      disabled={send.isPending || sent}
      onClick={() =>
        send.mutate(
          { amendment: false },
          {
            onSuccess: () => setSent(true),
            onError: (error) => showToast({ text: error.message }, { severity: 'error' }),
          },
        )
      }
    >
      {sent ? t('crm.pricing.row.sent') : t('crm.pricing.row.send')}
    </Button>
  );
}

/** The list call for a client's unapplied tickets of the row's crop at its market (the deliveries' Unapplied view). */
function unappliedTicketsParams(row: ContractListRow): Record<string, string> {
  const params: Record<string, string> = {
    market_id: String(row.marketId),
    tab: 'deliveries',
    predefinedFilter: 'unapplied',
    client_legal_entity_id: String(row.clientId),
  };
  return listQueryToParams(parseListQuery(params));
}

/**
 * Reads the client's unapplied tickets, then opens the Apply dialog on all of them with the row's contract chosen
 * (the proposal is first-in-first-out by delivery window, editable). No ticket to apply: says so and closes.
 */
function ApplyTicketsFor({ row, onClose }: { row: ContractListRow; onClose: () => void }) {
  const search = useContractSearch(unappliedTicketsParams(row));
  const rows = search.data?.rows;
  const ticketIds = (rows ?? [])
    .filter((r) => r.kind === 'scaleTicket' && r.actualUnapplied !== null && toDecimal(r.actualUnapplied).gt(0))
    .map((r) => r.id);
  const none = rows !== undefined && ticketIds.length === 0;
  useEffect(() => {
    if (search.error) {
      showToast({ text: failureMessage(search.error) }, { severity: 'error' });
      onClose();
    } else if (none) {
      showToast({ messageId: 'deliveries.apply.noTickets', values: { client: row.client } }, { severity: 'info' });
      onClose();
    }
  }, [none, search.error, onClose, row.client]);
  if (rows === undefined || ticketIds.length === 0) return null;
  return <ApplyTicketsDialog ticketIds={ticketIds} contractId={row.id} open onClose={onClose} />;
}

/** A row's in-place action button (and the dialog it opens). */
export function ContractRowAction({ view, row }: { view: ContractView; row: ContractListRow }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const action = rowActionOf(view, row);
  if (action === null) return null;
  if (action === 'send') return <SendButton row={row} />;
  return (
    <>
      <Button size="small" variant="outlined" sx={ROW_BUTTON_SX} disabled={open} onClick={() => setOpen(true)}>
        {t(action === 'apply' ? 'crm.pricing.row.applyTickets' : 'crm.pricing.row.price')}
      </Button>
      {open && action === 'apply' ? <ApplyTicketsFor row={row} onClose={close} /> : null}
      {open && action === 'price' ? <PriceDialogFor row={row} onClose={close} /> : null}
    </>
  );
}

type RowOutcome = { row: ContractListRow; ok: boolean; message: string | null };

function failureMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Rolls each contract: reads its version, then futures-rolls it (one request each; a refusal is that row's). */
async function rollOne(row: ContractListRow, optionMonth: string, spread: string): Promise<RowOutcome> {
  const path = `${CTRM}/seller/${row.clientId}/contract/${row.id}`;
  try {
    const { json } = await request<{ version: number }>(path);
    await request(`${path}/futures-roll`, {
      method: 'POST',
      body: { optionMonth, spread },
      ifMatch: `"${json.version}"`,
    });
    return { row, ok: true, message: null };
  } catch (error) {
    return { row, ok: false, message: failureMessage(error) };
  }
}

/** Sends the rows for signature with the contract page's bulk send (task C): each answers on its own. */
async function sendAll(rows: readonly ContractListRow[]): Promise<RowOutcome[]> {
  const outcomes = await sendForSignatureBulk(rows.map((r) => r.id));
  return rows.map((row, i) => ({ row, ok: outcomes[i]?.ok ?? false, message: outcomes[i]?.message ?? null }));
}

/** Runs one request per row, two at a time, in row order. */
async function eachRow(rows: readonly ContractListRow[], run: (row: ContractListRow) => Promise<RowOutcome>) {
  const out: RowOutcome[] = new Array(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      out[index] = await run(rows[index]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}

/**
 * The bulk actions bar for the selected rows: send for signature, roll (to a futures month, with a spread). Each row
 * is its own request: what fails is listed per row, what succeeded stays done.
 */
export function BulkActionsBar({
  view,
  selected,
  onClear,
}: {
  view: ContractView;
  selected: readonly ContractListRow[];
  onClear: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [outcomes, setOutcomes] = useState<RowOutcome[] | null>(null);
  const [rolling, setRolling] = useState(false);
  const actions = bulkActionsOf(view);
  if (selected.length === 0 && outcomes === null) return null;

  async function run(runAll: (rows: readonly ContractListRow[]) => Promise<RowOutcome[]>) {
    setBusy(true);
    const result = await runAll(selected);
    setBusy(false);
    setOutcomes(result);
    const ok = result.filter((r) => r.ok).length;
    showToast(
      { messageId: 'crm.pricing.bulk.result', values: { ok, failed: result.length - ok } },
      { severity: ok === result.length ? 'success' : 'warning' },
    );
    for (const r of result.filter((x) => x.ok))
      void queryClient.invalidateQueries({ queryKey: crmKeys.contract(r.row.clientId, r.row.id) });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'contracts'] });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'open-positions'] });
    onClear();
  }

  const failed = outcomes?.filter((o) => !o.ok) ?? [];
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('crm.pricing.row.actions')}
      sx={{ px: 2, py: 1, bgcolor: 'primary.50', borderColor: 'primary.light' }}
    >
      {selected.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} role="status">
            {t('crm.pricing.bulk.selected', { count: selected.length })}
          </Typography>
          {actions.includes('send') ? (
            <Button size="small" variant="contained" disabled={busy} onClick={() => void run(sendAll)}>
              {t('crm.pricing.bulk.send')}
            </Button>
          ) : null}
          {actions.includes('roll') ? (
            <Button size="small" variant="contained" disabled={busy} onClick={() => setRolling(true)}>
              {t('crm.pricing.bulk.roll')}
            </Button>
          ) : null}
          <Button size="small" disabled={busy} onClick={onClear}>
            {t('crm.pricing.bulk.clear')}
          </Button>
        </Stack>
      ) : null}
      {failed.length > 0 ? (
        <Alert severity="warning" onClose={() => setOutcomes(null)} sx={{ mt: selected.length > 0 ? 1 : 0 }}>
          <Stack component="ul" sx={{ m: 0, pl: 2 }}>
            {failed.map((o) => (
              <li key={o.row.id}>
                {t('crm.pricing.bulk.failedRow', {
                  number: o.row.displayContractId ?? String(o.row.id),
                  message: o.message ?? '',
                })}
              </li>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {rolling ? (
        <RollDialog
          rows={selected}
          onClose={() => setRolling(false)}
          onRoll={(optionMonth, spread) => {
            setRolling(false);
            void run((rows) => eachRow(rows, (row) => rollOne(row, optionMonth, spread)));
          }}
        />
      ) : null}
    </Paper>
  );
}

/**
 * The bulk roll's form: one of the months every selected contract may roll to, and the spread typed in cents, read
 * into dollars a unit, then checked by the domain's futures roll schema the server applies to each row.
 */
function rollFormSchema(months: readonly string[]) {
  return z
    .object({ optionMonth: z.string(), spread: z.string() })
    .transform((values, ctx): { optionMonth: string; spread?: string } => {
      if (!months.includes(values.optionMonth))
        ctx.addIssue({ code: 'custom', message: 'crm.pricing.required', path: ['optionMonth'] });
      // Cents typed → dollars a unit (the API's unit), exactly.
      const spread = parseBasis(values.spread.trim(), { notation: 'cents' });
      if (!spread.ok) ctx.addIssue({ code: 'custom', message: 'crm.pricing.invalidSpread', path: ['spread'] });
      return { optionMonth: values.optionMonth, spread: spread.ok ? spread.value : '' };
    })
    .pipe(contractFuturesRollSchema);
}

/**
 * The bulk roll on the forms library (decision 032): the new futures month is chosen among the listed months every
 * selected contract may roll to (the first proposed), the spread in cents. Each row is then rolled on its own and
 * its refusal reported on its row (BulkActionsBar).
 */
function RollDialog({
  rows,
  onClose,
  onRoll,
}: {
  rows: readonly ContractListRow[];
  onClose: () => void;
  onRoll: (optionMonth: string, spreadDollars: string) => void;
}) {
  const t = useT();
  const months = useMemo(() => commonRollOptionMonths(rows, exchangeToday()), [rows]);
  const schema = useMemo(() => rollFormSchema(months), [months]);
  const form = useZodForm(schema, { defaultValues: { optionMonth: months[0] ?? '', spread: '0' } });
  const submit = form.handleSubmit((body) => onRoll(body.optionMonth, body.spread));

  return (
    <ContractFormDialog
      form={form}
      onSubmit={submit}
      onClose={onClose}
      title={t('crm.pricing.bulk.rollTitle', { count: rows.length })}
      help={t('crm.pricing.bulk.rollHelp')}
      failure={null}
      dismissLabel={t('crm.pricing.cancel')}
      submitLabel={t('crm.pricing.bulk.roll')}
    >
      <FormTextField<RollFormValues> name="optionMonth" select label={t('crm.pricing.bulk.optionMonth')} required>
        {months.map((month) => (
          <MenuItem key={month} value={month}>
            {formatOptionMonth(month)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField<RollFormValues>
        name="spread"
        label={t('crm.pricing.bulk.spread')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
      />
    </ContractFormDialog>
  );
}

type RollFormValues = { optionMonth: string; spread: string };
