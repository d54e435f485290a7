import type { SxProps, Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { ContractFactsTable, type ContractFactsColumn } from './contract-facts-table';

/** One scale ticket applied to a contract (the CRM's and the farmer's contract detail alike). */
type ContractDeliveryRow = {
  id: number;
  displayScaleTicketId: string;
  deliveryDate: string;
  quantity: string;
  splitPct: string;
};

/**
 * A contract's deliveries: the tickets applied to it, their day and the quantity applied, in the CRM's contract drawer
 * and the farmer's contract dialog. Each passes its own headings and formatting; the CRM also shows each ticket's split.
 */
export function ContractDeliveriesTable({
  applications,
  label,
  headings,
  empty,
  format,
  split,
  action,
  sx,
}: {
  applications: readonly ContractDeliveryRow[];
  /** The table's accessible name. */
  label: string;
  headings: { ticket: ReactNode; date: ReactNode; quantity: ReactNode };
  /** Said instead of the table when no ticket is applied yet. */
  empty: ReactNode;
  format: { day: (value: string) => string; quantity: (value: string) => string };
  /** A last column with the share of the ticket applied to this contract. */
  split?: { heading: ReactNode; format: (value: string) => string };
  /** A last column with an action on each application (the CRM's Unapply). */
  action?: { heading: ReactNode; render: (row: ContractDeliveryRow) => ReactNode };
  sx?: SxProps<Theme>;
}) {
  const columns: ContractFactsColumn<ContractDeliveryRow>[] = [
    { key: 'ticket', heading: headings.ticket, value: (a) => a.displayScaleTicketId },
    { key: 'date', heading: headings.date, value: (a) => format.day(a.deliveryDate) },
    {
      key: 'quantity',
      heading: headings.quantity,
      numeric: true,
      nowrap: true,
      value: (a) => format.quantity(a.quantity),
    },
  ];
  if (split) {
    const share = split.format;
    columns.push({ key: 'split', heading: split.heading, numeric: true, value: (a) => share(a.splitPct) });
  }
  if (action) columns.push({ key: 'action', heading: action.heading, nowrap: true, value: action.render });
  return <ContractFactsTable rows={applications} label={label} columns={columns} empty={empty} sx={sx} />;
}
