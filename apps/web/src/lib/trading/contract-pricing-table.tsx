import { eventCashPrice, type PriceUnit } from '@granary/domain';
import type { SxProps, Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { ContractFactsTable, type ContractFactsColumn } from './contract-facts-table';
import { usePriceFormat } from './use-price-format';

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
 * farmer's contract dialog. Each passes its own headings, day and quantity formatting and its dash for none; prices
 * are in the partner's notation ('$4.33½', basis '-45 Z' against the contract's futures month).
 */
export function ContractPricingTable({
  events,
  label,
  headings,
  empty,
  format,
  prices,
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
  };
  /** The contract's futures month ('YYYY-MM', for the basis's letter), price unit, and what a missing price shows. */
  prices: { month: string | null; unit: PriceUnit; none: string };
  /** The futures and basis columns are left out on a phone (the cash price stays). */
  legsWideOnly?: boolean;
  sx?: SxProps<Theme>;
}) {
  const price = usePriceFormat();
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
      value: (e) => price.futures(e.futuresPrice, prices.unit) || prices.none,
    },
    {
      key: 'basis',
      heading: headings.basis,
      numeric: true,
      wideOnly: legsWideOnly,
      value: (e) => price.basis(e.basis, prices.month, prices.unit) || prices.none,
    },
    {
      key: 'cash',
      heading: headings.cash,
      numeric: true,
      value: (e) => price.cash(eventCashPrice(e), prices.unit) || prices.none,
    },
  ];
  return <ContractFactsTable rows={events} label={label} columns={columns} empty={empty} sx={sx} />;
}
