import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContractDeliveriesTable } from './contract-deliveries-table';
import { ContractPricingTable } from './contract-pricing-table';

const PRICINGS = [
  {
    id: 1,
    pricedAt: '2026-04-02T15:00:00.000Z',
    quantity: '5000',
    futuresPrice: '4.3125',
    basis: null,
    cashPrice: null,
  },
  {
    id: 2,
    pricedAt: '2026-05-02T15:00:00.000Z',
    quantity: '250',
    futuresPrice: '4.25',
    basis: '-0.35',
    cashPrice: '3.9',
  },
];
const APPLICATIONS = [
  { id: 9, displayScaleTicketId: 'T-90', deliveryDate: '2026-10-04', quantity: '1200', splitPct: '100' },
  { id: 10, displayScaleTicketId: 'T-91', deliveryDate: '2026-10-05', quantity: '300', splitPct: '50' },
];
const pricingHeadings = { pricedAt: 'Priced', quantity: 'Qty', futures: 'Futures', basis: 'Basis', cash: 'Cash' };
const pricingFormat = {
  instant: (v: string) => `at ${v.slice(0, 10)}`,
  quantity: (v: string) => `${v} bu`,
};
/** A December corn contract: basis against Z, prices in the partner's (default) quarter-cent notation. */
const pricingPrices = { month: '2026-12', unit: 'bushel' as const, none: '—' };
const texts = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

afterEach(cleanup);

describe('ContractPricingTable', () => {
  it('lists each pricing in the given headings and formatting, prices in the trade notation, under its name', () => {
    render(
      <ContractPricingTable
        events={PRICINGS}
        label="Pricing"
        headings={pricingHeadings}
        empty="None yet"
        format={pricingFormat}
        prices={pricingPrices}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Pricing' })).getAllByRole('row');
    expect(rows.map(texts)).toEqual([
      ['Priced', 'Qty', 'Futures', 'Basis', 'Cash'],
      ['at 2026-04-02', '5000 bu', '$4.31¼', '—', '—'],
      ['at 2026-05-02', '250 bu', '$4.25', '-35 Z', '$3.90'],
    ]);
    expect(screen.queryByText('None yet')).toBeNull();
  });

  it('says so instead of a table when nothing is priced', () => {
    render(
      <ContractPricingTable
        events={[]}
        label="Pricing"
        headings={pricingHeadings}
        empty="None yet"
        format={pricingFormat}
        prices={pricingPrices}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('None yet')).toBeTruthy();
  });
});

describe('ContractDeliveriesTable', () => {
  const headings = { ticket: 'Ticket', date: 'Date', quantity: 'Applied' };
  const format = { day: (v: string) => `on ${v}`, quantity: (v: string) => `${v} bu` };

  it('lists each ticket applied, with the split column only when asked for', () => {
    render(
      <>
        <ContractDeliveriesTable
          applications={APPLICATIONS}
          label="Deliveries"
          headings={headings}
          empty=""
          format={format}
        />
        <ContractDeliveriesTable
          applications={APPLICATIONS}
          label="Tickets"
          headings={headings}
          empty=""
          format={format}
          split={{ heading: 'Split', format: (v) => `${v}%` }}
        />
      </>,
    );
    expect(
      within(screen.getByRole('table', { name: 'Deliveries' }))
        .getAllByRole('row')
        .map(texts),
    ).toEqual([
      ['Ticket', 'Date', 'Applied'],
      ['T-90', 'on 2026-10-04', '1200 bu'],
      ['T-91', 'on 2026-10-05', '300 bu'],
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Tickets' }))
        .getAllByRole('row')
        .map(texts),
    ).toEqual([
      ['Ticket', 'Date', 'Applied', 'Split'],
      ['T-90', 'on 2026-10-04', '1200 bu', '100%'],
      ['T-91', 'on 2026-10-05', '300 bu', '50%'],
    ]);
  });

  it('says so instead of a table when no ticket is applied', () => {
    render(
      <ContractDeliveriesTable
        applications={[]}
        label="Deliveries"
        headings={headings}
        empty="No deliveries"
        format={format}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No deliveries')).toBeTruthy();
  });
});
