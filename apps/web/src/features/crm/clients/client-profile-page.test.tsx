import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ClientProfile, NoteRow } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { followup, market, note, paged, profile, serveCrm, type Call, type Handler } from './test-server';

afterEach(() => vi.restoreAllMocks());

const CLIENT = '/le/1/market/10/le/501';

/** A client server: the profile (by version), its notes and follow-ups; `extra` answers first. */
function serveClient(
  options: {
    profile?: () => ClientProfile;
    notes?: () => NoteRow[];
    extra?: Handler;
    markets?: Parameters<typeof serveCrm>[1];
  } = {},
) {
  const current = options.profile ?? (() => profile());
  return serveCrm((call, path) => {
    const extra = options.extra?.(call, path);
    if (extra) return extra;
    if (path.startsWith(`${CLIENT}/profile`) && call.method === 'GET') {
      const body = current();
      return { status: 200, body, headers: { etag: `"${body.version}"` } };
    }
    if (path === `${CLIENT}/notes` && call.method === 'GET')
      return { status: 200, body: paged(options.notes?.() ?? [note(2), note(1, { category: 'inbound_call' })]) };
    if (path === '/followups' && call.method === 'GET')
      return {
        status: 200,
        body: { ...paged([followup(40)]), counts: { upcoming: 1, past: 0, under90Days: 0, over90Days: 0 } },
      };
    return undefined;
  }, options.markets);
}

const find = (calls: Call[], method: string, suffix: string) =>
  calls.filter((call) => call.method === method && call.url.pathname.endsWith(suffix));

describe('client profile', () => {
  it('shows the summary in the profile’s units, the charts, notes and follow-ups for the crop and year of the URL', async () => {
    renderApp('/crm/client/501?market_id=10&commodity=SB&crop_year=2025', 'buyer');
    const calls = serveClient();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bakken Family Farms' })).toBeTruthy();
    expect(find(calls, 'GET', '/profile/SB/2025')).toHaveLength(1);
    expect(screen.getByText('ID 010268')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contracts' }).getAttribute('href')).toBe(
      '/crm/contracts?market_id=10&client_legal_entity_id=501&crop_year=2025&commodity=SB',
    );
    expect(screen.queryByRole('link', { name: 'Deliveries' })).toBeNull();
    expect(screen.getByText('e-Sign eligible')).toBeTruthy();
    expect(screen.getByText('No ACH')).toBeTruthy();
    expect(screen.getByText('18,000 bu')).toBeTruthy();
    expect(screen.getByText('141,215.2 bu')).toBeTruthy();
    const farm = screen.getByRole('region', { name: 'Farm details' });
    expect(within(farm).getByRole('button', { name: 'Edit Area' }).textContent).toContain('938 ac');
    expect(within(farm).getByRole('button', { name: 'Edit Estimated yield' }).textContent).toContain('180.4 bu/ac');
    for (const chart of ['Breakdown by contract type', 'Contracted vs delivered', 'Average pricing']) {
      const region = screen.getByRole('region', { name: chart });
      expect(region.querySelector('svg.recharts-surface')).not.toBeNull();
    }
    expect(screen.getByRole('region', { name: 'Breakdown by contract type' }).textContent).toContain('Flat price');
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    expect(within(notes).getAllByRole('listitem')).toHaveLength(2);
    expect(within(notes).getByText('Note number 2')).toBeTruthy();
    expect(await screen.findByText('Call back 40')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Contacts' }))
        .getAllByRole('link', { name: 'jbakken23@example.org' })[0]!
        .getAttribute('href'),
    ).toBe('mailto:jbakken23@example.org');
  });

  it('shows an empty state for charts of a crop year without contracts, and hectares where the profile says so', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    serveClient({
      profile: () =>
        profile({
          areaUnit: 'hectares',
          quantityUnit: 'tonnes',
          charts: { breakdown: [], contractedAndDelivered: [], averagePricing: [] },
        }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Bakken Family Farms' });
    expect(screen.getAllByText('No contracts for Soybeans 2025.')).toHaveLength(3);
    expect(
      within(screen.getByRole('region', { name: 'Farm details' })).getByRole('button', { name: 'Edit Area' })
        .textContent,
    ).toContain('938 ha');
    expect(screen.getByText('18,000 t')).toBeTruthy();
  });

  it('edits a summary field with If-Match after checking it as the domain does', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    let version = 3;
    const calls = serveClient({
      profile: () => profile({ version }, version > 3 ? { area: '1200.5' } : {}),
      extra: (call, path) => {
        if (path !== `${CLIENT}/profile` || call.method !== 'PATCH') return undefined;
        version = 4;
        return {
          status: 200,
          body: {
            legalEntityId: 501,
            area: '1200.5',
            estimatedYield: '180.4',
            estimatedStorage: '94000',
            contractedWithOther: '10000',
            version: 4,
          },
        };
      },
    });
    const farm = await screen.findByRole('region', { name: 'Farm details' });
    fireEvent.click(within(farm).getByRole('button', { name: 'Edit Area' }));
    const input = within(farm).getByRole('textbox', { name: 'Area' });
    fireEvent.change(input, { target: { value: '1.234' } });
    expect(within(farm).getByText('At most 2 decimals.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '-4' } });
    expect(within(farm).getByText('Must not be negative.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '12 acres' } });
    expect(within(farm).getByText('Enter a number, like 1250 or 1250.5.')).toBeTruthy();
    expect((within(farm).getByRole('button', { name: 'Save Area' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '1,200.5' } });
    fireEvent.submit(input.closest('form')!);
    expect(await within(farm).findByText('Area saved.')).toBeTruthy();
    const patch = find(calls, 'PATCH', '/profile')[0]!;
    expect(JSON.parse(patch.body!)).toEqual({ area: '1200.5' });
    expect(patch.headers['If-Match']).toBe('"3"');
    await waitFor(() =>
      expect(within(farm).getByRole('button', { name: 'Edit Area' }).textContent).toContain('1,200.5 ac'),
    );
  });

  it('on 412 says someone else changed the client, shows the current value and keeps the typed one; the next save carries the new version', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    let version = 3;
    let patches = 0;
    const calls = serveClient({
      profile: () =>
        profile({ version }, version === 4 ? { estimatedStorage: '50000' } : { estimatedStorage: '94000' }),
      extra: (call, path) => {
        if (path !== `${CLIENT}/profile` || call.method !== 'PATCH') return undefined;
        patches += 1;
        if (patches === 1) {
          version = 4; // someone else saved 50,000 first
          return {
            status: 412,
            body: { code: 'precondition_failed', message: 'Changed', details: { currentVersion: 4 } },
          };
        }
        return {
          status: 200,
          body: {
            legalEntityId: 501,
            area: '938',
            estimatedYield: '180.4',
            estimatedStorage: '61000',
            contractedWithOther: '10000',
            version: 5,
          },
        };
      },
    });
    const farm = await screen.findByRole('region', { name: 'Farm details' });
    fireEvent.click(within(farm).getByRole('button', { name: 'Edit Estimated storage' }));
    const input = within(farm).getByRole('textbox', { name: 'Estimated storage' });
    fireEvent.change(input, { target: { value: '61000' } });
    fireEvent.click(within(farm).getByRole('button', { name: 'Save Estimated storage' }));
    expect(
      await within(farm).findByText(/Someone else changed this client’s details while you were editing/),
    ).toBeTruthy();
    expect((within(farm).getByRole('textbox', { name: 'Estimated storage' }) as HTMLInputElement).value).toBe('61000');
    expect(await within(farm).findByText('Now saved: 50,000 bu. Save to replace it with yours.')).toBeTruthy();
    fireEvent.click(within(farm).getByRole('button', { name: 'Save Estimated storage' }));
    expect(await within(farm).findByText('Estimated storage saved.')).toBeTruthy();
    expect(find(calls, 'PATCH', '/profile').map((call) => call.headers['If-Match'])).toEqual(['"3"', '"4"']);
  });

  it('adds a note as text/plain with its category and day', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    const calls = serveClient({
      extra: (call, path) =>
        path === `${CLIENT}/notes` && call.method === 'POST' ? { status: 201, body: note(9) } : undefined,
    });
    const form = await screen.findByRole('form', { name: 'New note' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), {
      target: { value: 'Wants 5,000 bu priced at $10.40.\r\nCall Monday.' },
    });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Outbound call' }));
    fireEvent.change(within(form).getByLabelText('Day'), { target: { value: '2026-11-20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added.')).toBeTruthy();
    const post = find(calls, 'POST', '/notes')[0]!;
    expect(post.url.searchParams.get('category')).toBe('outbound_call');
    expect(post.url.searchParams.get('noteDate')).toBe('2026-11-20');
    expect(post.headers['Content-Type']).toBe('text/plain;charset=UTF-8');
    expect(post.body).toBe('Wants 5,000 bu priced at $10.40.\nCall Monday.');
    await waitFor(() =>
      expect((within(form).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe(''),
    );
  });

  it('on a note edit’s 412 shows the note as it is now and keeps the text typed', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    let changed = false;
    const calls = serveClient({
      notes: () => [changed ? note(2, { note: 'Their newer text', version: 2 }) : note(2)],
      extra: (call, path) => {
        if (path !== `${CLIENT}/notes/2` || call.method !== 'PUT') return undefined;
        changed = true;
        return {
          status: 412,
          body: { code: 'precondition_failed', message: 'Changed', details: { currentVersion: 2 } },
        };
      },
    });
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    fireEvent.click(within(notes).getByRole('button', { name: 'Edit note' }));
    const form = screen.getByRole('form', { name: 'Edit note' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Note' }), { target: { value: 'My careful rewrite' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save note' }));
    expect(await within(form).findByText('Someone else changed this note while you were editing it.')).toBeTruthy();
    expect(await within(form).findByText('Their newer text')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Note' }) as HTMLTextAreaElement).value).toBe(
      'My careful rewrite',
    );
    expect(find(calls, 'PUT', '/notes/2')[0]!.headers['If-Match']).toBe('"1"');
    fireEvent.click(within(form).getByRole('button', { name: 'Save my version' }));
    await waitFor(() => expect(find(calls, 'PUT', '/notes/2').at(-1)!.headers['If-Match']).toBe('"2"'));
  });

  it('deletes a note with If-Match after a confirmation', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    const calls = serveClient({
      extra: (call, path) => (path === `${CLIENT}/notes/1` && call.method === 'DELETE' ? { status: 204 } : undefined),
    });
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    const item = within(notes).getByText('Note number 1').closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Delete note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete note' }));
    expect(await screen.findByText('Note deleted.')).toBeTruthy();
    expect(find(calls, 'DELETE', '/notes/1')[0]!.headers['If-Match']).toBe('"1"');
  });

  it('adds a follow-up from a note and marks one done', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    const calls = serveClient({
      extra: (call, path) => {
        if (path === '/followups' && call.method === 'POST') return { status: 201, body: followup(41) };
        if (path === '/followups/40' && call.method === 'PATCH')
          return { status: 200, body: followup(40, { doneAt: '2026-11-22T08:00:00.000Z' }) };
        return undefined;
      },
    });
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    const item = within(notes).getByText('Note number 2').closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Add a follow-up from this note' }));
    const form = await screen.findByRole('form', { name: 'New follow-up' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'What to follow up on' }), {
      target: { value: 'Send the contract' },
    });
    fireEvent.change(within(form).getByLabelText('Due'), { target: { value: '2026-12-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save follow-up' }));
    expect(await screen.findByText('Follow-up added.')).toBeTruthy();
    expect(JSON.parse(find(calls, 'POST', '/followups')[0]!.body!)).toEqual({
      marketId: 10,
      clientId: 501,
      dueDate: '2026-12-01',
      description: 'Send the contract',
      noteId: 2,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Mark done: Call back 40' }));
    expect(await screen.findByText('Done: Call back 40')).toBeTruthy();
    expect(JSON.parse(find(calls, 'PATCH', '/followups/40')[0]!.body!)).toEqual({ done: true });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Open again: Call back 40')).toBeTruthy();
    expect(JSON.parse(find(calls, 'PATCH', '/followups/40')[1]!.body!)).toEqual({ done: false });
  });

  it('filters the notes by category', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    const calls = serveClient();
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    expect(within(notes).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Show notes of a category' })).getByRole('button', { name: 'Meeting' }),
    );
    await waitFor(() => expect(find(calls, 'GET', '/notes').at(-1)!.url.searchParams.get('category')).toBe('meeting'));
  });

  it('highlights the note of highlight_id', async () => {
    renderApp('/crm/client/501?market_id=10&highlight_id=1', 'buyer');
    serveClient();
    const notes = await screen.findByRole('list', { name: 'Notes, newest first' });
    const item = within(notes).getByText('Note number 1').closest('li')!;
    expect(item.getAttribute('aria-current')).toBe('true');
    expect(within(item).getByText('From recent activity')).toBeTruthy();
    expect(within(notes).getByText('Note number 2').closest('li')!.getAttribute('aria-current')).toBeNull();
  });

  it('shows the contract of highlight_id in a card linking to its row in the contract list', async () => {
    renderApp('/crm/client/501?market_id=10&highlight_id=77', 'buyer');
    const calls = serveClient({
      extra: (call) => {
        if (call.url.pathname === '/api/commodities/ctrm/seller/501/contract/77') {
          const contract = {
            id: 77,
            clientId: 501,
            marketId: 10,
            contractType: 'hta',
            quantity: '5000',
            commodity: 'Soybeans',
            cropYear: 2025,
            priceStatus: 'futures_set',
            averageCash: null,
            deliveryStartIsoStr: '2025-10-01',
            deliveryEndIsoStr: '2025-10-31',
            displayContractId: 'C-1077',
          };
          return {
            status: 200,
            body: {
              contract,
              version: 1,
              direction: 'purchase',
              pricingEvents: [],
              amendments: [],
              ticketApplications: [],
              documents: [],
              allowedOperations: [],
            },
          };
        }
        return undefined;
      },
    });
    const card = await screen.findByRole('region', { name: 'From recent activity' });
    expect(within(card).getByText('Contract C-1077')).toBeTruthy();
    expect(
      within(card).getByText(
        /Hedge-to-arrive · 5,000 bu Soybeans 2025 · Futures set · delivery 10\/01\/2025 – 10\/31\/2025/,
      ),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open in contracts' }).getAttribute('href')).toBe(
      '/crm/contracts?market_id=10&client_legal_entity_id=501&highlight_id=77',
    );
    // Tried as a note of the client first (404), then as its contract.
    expect(find(calls, 'GET', '/notes/77')).toHaveLength(1);
  });

  it('changes the crop and crop year through the URL', async () => {
    const { router } = renderApp('/crm/client/501?market_id=10&commodity=SB&crop_year=2025', 'buyer');
    const calls = serveClient();
    await screen.findByRole('heading', { level: 1, name: 'Bakken Family Farms' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Crop' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Barley' }));
    await waitFor(() => expect(find(calls, 'GET', '/profile/9/2025')).toHaveLength(1));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('cropId')).toBe('9');
    expect(params.get('commodity')).toBeNull();
  });

  it('hides notes without the notes permission', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    const calls = serveClient({
      markets: { markets: [market(10, 'Ames Elevator', { userPermissions: ['profile'] })] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Bakken Family Farms' });
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Follow-ups' })).toBeNull();
    expect(find(calls, 'GET', '/notes')).toHaveLength(0);
  });

  it('says so when the market does not grant the profile permission', async () => {
    renderApp('/crm/client/501?market_id=12', 'buyer');
    const calls = serveClient({
      markets: {
        markets: [market(10, 'Ames Elevator'), market(12, 'Cedar', { userPermissions: ['notes', 'contracts'] })],
      },
    });
    expect(await screen.findByText('You cannot view client profiles here')).toBeTruthy();
    expect(find(calls, 'GET', '/profile')).toHaveLength(0);
  });

  it('shows a clear not-found state for a client that is not the buyer’s', async () => {
    renderApp('/crm/client/999?market_id=10', 'buyer');
    serveClient();
    expect(await screen.findByText('Client not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to clients' }).getAttribute('href')).toBe(
      '/crm/clients?market_id=10',
    );
  });

  it('invites a contact to the app (decision 060) and says where the e-mail went', async () => {
    renderApp('/crm/client/501?market_id=10', 'buyer');
    const calls = serveClient({
      extra: (call, path) =>
        path === `${CLIENT}/contacts/7/invite-to-app` && call.method === 'POST'
          ? { status: 200, body: { sentTo: 'jbakken23@example.org' } }
          : undefined,
    });
    const contacts = await screen.findByRole('region', { name: 'Contacts' });
    fireEvent.click(within(contacts).getByRole('button', { name: 'Invite to the app' }));
    expect(await within(contacts).findByText('Invitation sent to jbakken23@example.org.')).toBeTruthy();
    expect(find(calls, 'POST', '/contacts/7/invite-to-app')).toHaveLength(1);
  });
});
