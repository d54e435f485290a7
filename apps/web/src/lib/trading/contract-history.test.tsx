import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { testPartner } from '../../test/fixtures';
import { allMessages } from '../../test/messages';
import { renderWithIntl } from '../../test/render-app';
import { PartnerProvider } from '../brand/partner-context';
import { RegionProvider } from '../i18n/locale';
import { spellCatalogue } from '../i18n/spelling';
import type { HistoryContract, HistoryEntry } from '@granary/domain';
import { useContractHistoryText } from './contract-history';

afterEach(cleanup);

const corn: HistoryContract = { optionMonth: '2026-12', quantityUnit: 'bushels' };

function Rows({ entries, contract = corn }: { entries: HistoryEntry[]; contract?: HistoryContract }) {
  const text = useContractHistoryText(contract);
  return (
    <ul>
      {entries.map((entry, i) => (
        <li key={i}>{text(entry)}</li>
      ))}
    </ul>
  );
}

const lines = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('contract history in words', () => {
  it('reads each event kind as a sentence with its figures, prices in the trade notation', () => {
    renderWithIntl(
      <Rows
        entries={[
          { action: 'basis_set', details: { quantity: '3000', basis: '-0.45' } },
          {
            action: 'basis_set',
            details: { quantity: '3000', basis: '-0.45', futuresPrice: '4.33', cashPrice: '3.88' },
          },
          { action: 'futures_set', details: { quantity: '2000', futuresPrice: '4.335' } },
          { action: 'delivery', details: { quantity: '1200', ticket: 'T-500123' } },
          { action: 'cancel', details: { cancelledQuantity: '500', reason: 'Short crop' } },
          { action: 'partial_cancel', details: { cancelledQuantity: '500', remainingQuantity: '4500' } },
          {
            action: 'futures_roll',
            details: { fromOptionMonth: '2027-03', toOptionMonth: '2027-05', spread: '-0.035' },
          },
          { action: 'futures_roll', details: { fromOptionMonth: '2026-12', toOptionMonth: '2027-03', spread: '0' } },
          {
            action: 'basis_roll',
            details: {
              fromDelivery: '2026-11-01/2026-11-30',
              toDelivery: '2027-01-01/2027-01-31',
              basisAdjustment: '-0.05',
            },
          },
          {
            action: 'roll',
            details: { fromOptionMonth: '2026-12', toOptionMonth: '2027-03', toDelivery: '2027-02-01/2027-02-28' },
          },
          { action: 'convert_credit_sale', details: { paymentDate: '2027-01-15' } },
          { action: 'pricing_addenda_trade', details: { quantity: '1000' } },
          { action: 'structured_addendum', details: {} },
          { action: 'note', details: { note: 'Called Dale' } },
          { action: 'secondary_obligation', details: {} },
          { action: 'price_later', details: {} },
        ]}
      />,
    );
    expect(lines()).toEqual([
      'Basis set to -45 Z on 3,000 bu',
      'Basis set to -45 Z on 3,000 bu, cash $3.88',
      'Futures set at $4.33½ on 2,000 bu',
      'Delivered 1,200 bu (ticket T-500123)',
      'Canceled 500 bu',
      'Canceled 500 bu, 4,500 bu left',
      'Rolled futures from H27 to K27 at a -3½ spread',
      'Rolled futures from Z26 to H27',
      'Rolled delivery from 11/01/2026 – 11/30/2026 to 01/01/2027 – 01/31/2027, basis adjusted -5',
      'Rolled futures from Z26 to H27 and delivery to 02/01/2027 – 02/28/2027',
      'Converted to a credit sale, paid on 01/15/2027',
      'Pricing addendum traded on 1,000 bu',
      'Structured addendum added',
      'Note added',
      'Secondary obligation recorded',
      'Changed: Price later',
    ]);
    expect(lines().join(' ')).not.toMatch(/basis_set|_roll|A-2/);
  });

  it('keeps per-tonne crops in dollars and tonnes', () => {
    renderWithIntl(
      <Rows
        contract={{ optionMonth: '2026-11', quantityUnit: 'tonnes' }}
        entries={[{ action: 'basis_set', details: { quantity: '40', basis: '-25.5' } }]}
      />,
    );
    expect(lines()).toEqual(['Basis set to -$25.50 X on 40 t']);
  });

  it('spells and dates as the page’s locale does (en-CA)', () => {
    render(
      <IntlProvider locale="en-CA" messages={spellCatalogue(allMessages, 'en-CA')}>
        <RegionProvider locale="en-ca">
          <PartnerProvider partner={testPartner}>
            <Rows
              entries={[
                { action: 'cancel', details: { cancelledQuantity: '500' } },
                {
                  action: 'basis_roll',
                  details: { fromDelivery: '2026-11-01/2026-11-30', toDelivery: '2027-01-01/2027-01-31' },
                },
              ]}
            />
          </PartnerProvider>
        </RegionProvider>
      </IntlProvider>,
    );
    expect(lines()).toEqual([
      'Cancelled 500 bu',
      'Rolled delivery from 2026-11-01 – 2026-11-30 to 2027-01-01 – 2027-01-31',
    ]);
  });
});
