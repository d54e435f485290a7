import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/api/query-keys';
import { PartnerProvider } from '../../lib/brand/partner-context';
import { createPartnerTheme } from '../../lib/brand/theme';
import { addressesMessages } from '../../lib/i18n/addresses-messages';
import { stubFetch, type StubCall } from '../../test/fetch-stub';
import { fakeBootstrap, testPartner } from '../../test/fixtures';
import { allMessages } from '../../test/messages';
import { presetQueryClient } from '../../test/render-app';
import { AddressGeocodeLine } from './address-geocode';

// Where an address lies (issue 16, platform.md 7.4 geocodes; decision 051 addendum): the location and its source for
// everyone who reads the book; the "Override location" form only for staff holding manage-geocode-overrides, whose
// field problems come back snake_case from the server and land on the form's fields. The account area's catalogue is
// added to the shared test catalogue (which holds the areas the router does not load here).

const PATH = '/api/effu/enterprises/7/addresses/11/geocodes';
const COMPUTED = {
  address_id: 11,
  latitude: 42.0308,
  longitude: -93.6319,
  source: 'computed',
  precision: 'postal_code',
  at: '2026-11-27T15:00:00.000Z',
  computed: {
    latitude: 42.0308,
    longitude: -93.6319,
    precision: 'postal_code',
    geocoder: 'builtin',
    at: '2026-11-27T15:00:00.000Z',
  },
  override: null,
};

function renderLine(permissions: Record<string, true>) {
  const client = presetQueryClient('farmer');
  const bootstrap = fakeBootstrap('farmer');
  client.setQueryData(queryKeys.bootstrap, {
    ...bootstrap,
    user: { ...bootstrap.user, admin: { is_super_admin: false, permissions } },
  });
  return render(
    <QueryClientProvider client={client}>
      <IntlProvider locale="en-US" messages={{ ...allMessages, ...addressesMessages }}>
        <PartnerProvider partner={testPartner}>
          <ThemeProvider theme={createPartnerTheme(testPartner.theme)}>
            <MemoryRouter>
              <AddressGeocodeLine enterpriseId={7} addressId={11} />
            </MemoryRouter>
          </ThemeProvider>
        </PartnerProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

describe('AddressGeocodeLine', () => {
  it('shows the location and its source, and no override form to a member', async () => {
    stubFetch((call) => (call.url.pathname === PATH ? { status: 200, body: COMPUTED } : undefined));
    renderLine({});
    expect(await screen.findByText('Location: 42.0308° N, 93.6319° W')).toBeTruthy();
    expect(screen.getByText('From the postal code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Override location' })).toBeNull();
  });

  it("lets staff with manage-geocode-overrides set the location: checks the range, shows the server's fields, saves", async () => {
    let refuse = true;
    const calls: StubCall[] = stubFetch((call) => {
      if (call.url.pathname === PATH) return { status: 200, body: COMPUTED };
      if (call.url.pathname === `${PATH}/override` && call.method === 'PUT') {
        if (refuse) {
          refuse = false;
          return {
            status: 400,
            body: {
              code: 'invalid_request',
              message: 'Latitude must be between -90 and 90 and longitude between -180 and 180.',
              details: { fields: [{ field: 'longitude', problem: 'invalid' }] },
            },
          };
        }
        return {
          status: 200,
          body: {
            ...COMPUTED,
            latitude: 42.1,
            longitude: -93.5,
            source: 'override',
            precision: 'exact',
            at: '2026-11-27T16:00:00.000Z',
            override: { latitude: 42.1, longitude: -93.5, set_by: 'Gia Ode', at: '2026-11-27T16:00:00.000Z' },
          },
        };
      }
      return undefined;
    });
    renderLine({ 'manage-geocode-overrides': true });
    fireEvent.click(await screen.findByRole('button', { name: 'Override location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override location' });
    const latitude = within(dialog).getByLabelText('Latitude');
    expect((latitude as HTMLInputElement).value).toBe('42.0308');

    // The form's own check, the domain's range rule: nothing is sent.
    fireEvent.change(latitude, { target: { value: '95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a latitude between -90 and 90')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // The server's refusal names its field snake_case on the wire; it lands on the form's field.
    fireEvent.change(latitude, { target: { value: '42.1' } });
    fireEvent.change(within(dialog).getByLabelText('Longitude'), { target: { value: '-93.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please check this')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.at(-1)?.body).toEqual({ latitude: 42.1, longitude: -93.5 });
    expect(await screen.findByText('Location: 42.1000° N, 93.5000° W')).toBeTruthy();
    expect(screen.getByText(/^Set by Gia Ode on /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear override' })).toBeTruthy();
  });
});
