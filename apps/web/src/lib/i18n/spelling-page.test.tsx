import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { loadAreaMessages } from './catalogue';
import { T } from './t';

/** A contract's and an offer's status side by side, as the lists show them. */
function Statuses() {
  return (
    <ul>
      <li>
        <T id="crm.lists.status.cancelled" />
      </li>
      <li>
        <T id="offers.filter.canceled" />
      </li>
      <li>
        <T id="store.confirmation.fulfilment" />
      </li>
    </ul>
  );
}

const routes = [
  { path: '/en-ca/probe', element: <Statuses /> },
  { path: '/en-au/probe', element: <Statuses /> },
  { path: '/probe', element: <Statuses /> },
];

async function statusesOn(path: string): Promise<(string | null)[]> {
  await act(() => Promise.all([loadAreaMessages('crm'), loadAreaMessages('store')]));
  renderApp(path, 'buyer', routes);
  await screen.findAllByRole('listitem');
  return screen.getAllByRole('listitem').map((li) => li.textContent);
}

describe('spelling on a page follows its locale', () => {
  it('en-US: Canceled and Fulfillment, for contracts and offers alike', async () => {
    expect(await statusesOn('/probe')).toEqual(['Canceled', 'Canceled', 'Fulfillment']);
  });

  it('en-CA: Cancelled and Fulfilment', async () => {
    expect(await statusesOn('/en-ca/probe')).toEqual(['Cancelled', 'Cancelled', 'Fulfilment']);
  });

  it('en-AU: Cancelled and Fulfilment', async () => {
    expect(await statusesOn('/en-au/probe')).toEqual(['Cancelled', 'Cancelled', 'Fulfilment']);
  });
});
