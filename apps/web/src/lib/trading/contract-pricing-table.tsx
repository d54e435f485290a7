import type { SxProps, Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { ContractFactsTable, type ContractFactsColumn } from './contract-facts-table';

/** One pricing of a contract (the CRM's and the farmer's contract detail alike). */
type ContractPricingRow = {
  id: number;
  pricedAt: string;
  quantity: string;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
};

/**
 * A contract's pricings: when, how much, and at what futures, basis and cash, in the CRM's contract drawer and the
 * farmer's contract dialog. Each passes its own headings and formatting (its domain formatters, its dash for none).
 */
export function ContractPricingTable({
  events,
  label,
  headings,
  empty,
  format,
  legsWideOnly = false,
  sx,
}: {
  events: readonly ContractPricingRow[];
  /** The table's accessible name. */
  label: string;
  headings: { pricedAt: ReactNode; quantity: ReactNode; futures: ReactNode; basis: ReactNode; cash: ReactNode };
  /** Said instead of the table when nothing is priced yet. */
  empty: ReactNode;
  format: {
    instant: (value: string) => string;
    quantity: (value: string) => string;
    price: (value: string | null) => string;
  };
  /** The futures and basis columns are left out on a phone (the cash price stays). */
  legsWideOnly?: boolean;
  sx?: SxProps<Theme>;
}) {
  const columns: ContractFactsColumn<ContractPricingRow>[] = [
    { key: 'pricedAt', heading: headings.pricedAt, nowrap: true, value: (e) => format.instant(e.pricedAt) },
    {
      key: 'quantity',
      heading: headings.quantity,
      numeric: true,
      nowrap: true,
      value: (e) => format.quantity(e.quantity),
    },
    {
      key: 'futures',
      heading: headings.futures,
      numeric: true,
      wideOnly: legsWideOnly,
      value: (e) => format.price(e.futuresPrice),
    },
    {
      key: 'basis',
      heading: headings.basis,
      numeric: true,
      wideOnly: legsWideOnly,
      value: (e) => format.price(e.basis),
    },
    { key: 'cash', heading: headings.cash, numeric: true, value: (e) => format.price(e.cashPrice) },
  ];
  return <ContractFactsTable rows={events} label={label} columns={columns} empty={empty} sx={sx} />;
}
