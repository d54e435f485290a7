import AddRoundedIcon from '@mui/icons-material/AddRounded';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { toDecimal, type ContractListRow, type CrmMarketRow } from '@granary/domain';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import { useUnapply } from './deliveries-api';
import { ApplyTicketsDialog } from './apply-tickets-dialog';
import { NewTicketDialog } from './new-ticket-dialog';
import { SpotSaleDialog } from './spot-sale-dialog';

/** A ticket row of the Unapplied view with bushels left to apply. */
function isUnappliedTicket(row: ContractListRow): boolean {
  return row.kind === 'scaleTicket' && row.actualUnapplied !== null && toDecimal(row.actualUnapplied).greaterThan(0);
}

/** The Unapplied view's row actions: Apply (the FIFO proposal, editable) and Spot sale (at today's cash bid). */
function UnappliedRowActions({ row }: { row: ContractListRow }) {
  const t = useT();
  const [dialog, setDialog] = useState<'apply' | 'spot' | null>(null);
  if (!isUnappliedTicket(row)) return null;
  const label = row.displayScaleTicketId ?? String(row.id);
  return (
    <Stack direction="row" spacing={0.75} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setDialog('apply')}
        aria-label={t('deliveries.row.applyTicket', { ticket: label })}
      >
        {t('deliveries.row.apply')}
      </Button>
      <Button
        size="small"
        onClick={() => setDialog('spot')}
        aria-label={t('deliveries.row.spotTicket', { ticket: label })}
      >
        {t('deliveries.row.spot')}
      </Button>
      <ApplyTicketsDialog ticketIds={[row.id]} open={dialog === 'apply'} onClose={() => setDialog(null)} />
      {dialog === 'spot' ? <SpotSaleDialog ticketId={row.id} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}

/** "Apply selected": the selected tickets in one Apply dialog. */
export function UnappliedBulkBar({ selected, onClear }: { selected: readonly ContractListRow[]; onClear: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const tickets = selected.filter(isUnappliedTicket);
  if (selected.length === 0 && !open) return null;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('deliveries.bulk.label')}
      sx={{ px: 2, py: 1, bgcolor: 'primary.50', borderColor: 'primary.light' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }} role="status">
          {t('deliveries.bulk.selected', { count: selected.length })}
        </Typography>
        <Button size="small" variant="contained" disabled={tickets.length === 0} onClick={() => setOpen(true)}>
          {t('deliveries.bulk.apply')}
        </Button>
        <Button size="small" onClick={onClear}>
          {t('deliveries.bulk.clear')}
        </Button>
      </Stack>
      <ApplyTicketsDialog
        ticketIds={tickets.map((r) => r.id)}
        open={open}
        onClose={() => setOpen(false)}
        onApplied={onClear}
      />
    </Paper>
  );
}

/** /crm/deliveries' heading actions: New ticket, and the discount schedules the tickets are computed with. */
export function DeliveriesHeaderActions({ market }: { market: CrmMarketRow | null }) {
  const t = useT();
  const localized = useLocalizedPath();
  const [open, setOpen] = useState(false);
  if (!market || !market.entitlements.includes('grain-buying-deliveries')) return null;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddRoundedIcon />}
        onClick={() => setOpen(true)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('deliveries.newTicket')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<TuneOutlinedIcon />}
        component={RouterLink}
        to={`${localized('/crm/discount-schedules')}?market_id=${market.id}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('discountSchedules.title')}
      </Button>
      <NewTicketDialog open={open} onClose={() => setOpen(false)} market={market} />
    </>
  );
}

/**
 * The Unapplied view's row actions and selection for the list's table (rowAction, selection), and the selected rows
 * for UnappliedBulkBar. Off (nothing) on every other view.
 */
export function useUnappliedActions(enabled: boolean, rows: readonly ContractListRow[] | null) {
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const selectable = (rows ?? []).filter(isUnappliedTicket);
  const selected = selectable.filter((r) => selectedIds.has(r.id));
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  if (!enabled) return { tableProps: {}, selected: [] as ContractListRow[], clear: () => setSelectedIds(new Set()) };
  return {
    tableProps: {
      rowAction: (row: ContractListRow) => <UnappliedRowActions row={row} />,
      selection: {
        isSelected: (row: ContractListRow) => selectedIds.has(row.id),
        toggle: (row: ContractListRow) =>
          setSelectedIds((s) => {
            const next = new Set(s);
            if (next.has(row.id)) next.delete(row.id);
            else if (isUnappliedTicket(row)) next.add(row.id);
            return next;
          }),
        toggleAll: () => setSelectedIds(allSelected ? new Set() : new Set(selectable.map((r) => r.id))),
        allSelected,
        someSelected: selected.length > 0,
      },
    },
    selected,
    clear: () => setSelectedIds(new Set()),
  };
}

/** "Unapply" on a contract's delivery: the ticket's bushels go back to unapplied (refused once settled). */
export function UnapplyButton({ application }: { application: { id: number; displayScaleTicketId: string } }) {
  const t = useT();
  const unapply = useUnapply();
  return (
    <Button
      size="small"
      disabled={unapply.isPending}
      aria-label={`${t('deliveries.unapply')} ${application.displayScaleTicketId}`}
      onClick={() =>
        unapply.mutate([application.id], {
          onSuccess: () =>
            showToast(
              { messageId: 'deliveries.unapply.done', values: { ticket: application.displayScaleTicketId } },
              { severity: 'success' },
            ),
          onError: (error) => showToast({ text: error.message }, { severity: 'error' }),
        })
      }
      sx={{ minWidth: 0, py: 0 }}
    >
      {t('deliveries.unapply')}
    </Button>
  );
}
