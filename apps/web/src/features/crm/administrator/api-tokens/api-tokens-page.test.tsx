import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render-app';
import { serveCrm, type Call } from '../../clients/test-server';

afterEach(() => vi.restoreAllMocks());

const TOKENS = '/api/auth/users/7/tokens';
const token = (id: string, extra: Partial<ApiToken> = {}): ApiToken => ({
  id,
  name: `Token ${id}`,
  scopes: ['ingest:write'],
  prefix: `gra_${id.padEnd(8, '0')}`,
  createdAt: '2026-11-20T15:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  ...extra,
});

function serveTokens(list: ApiToken[]) {
  let tokens = [...list];
  const calls = serveCrm((call) => {
    const path = call.url.pathname;
    if (path === TOKENS && call.method === 'GET') return { status: 200, body: { tokens } };
    if (path === TOKENS && call.method === 'POST') {
      const body = JSON.parse(call.body ?? '{}') as { name: string; scopes: ApiToken['scopes'] };
      if (body.name === 'Taken')
        return { status: 409, body: { code: 'conflict', message: 'At most 20 active tokens: revoke one first.' } };
      const made = token('abcd1234', { name: body.name, scopes: body.scopes });
      tokens = [made, ...tokens];
      return { status: 201, body: { ...made, token: `gra_abcd1234_${'s'.repeat(43)}` } };
    }
    const revoke = /^\/api\/auth\/users\/7\/tokens\/(.+)$/.exec(path);
    if (revoke && call.method === 'DELETE') {
      tokens = tokens.map((t) => (t.id === revoke[1] ? { ...t, revokedAt: '2026-11-27T10:00:00.000Z' } : t));
      return { status: 204 };
    }
    return undefined;
  });
  return calls;
}
const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.pathname === path);

describe('/crm/administrator/api-tokens', () => {
  it('lists the tokens with their scopes, prefix, state and use, and revokes one after a confirmation', async () => {
    renderApp('/crm/administrator/api-tokens', 'buyer');
    const calls = serveTokens([
      token('aaaa1111', {
        name: 'Agvance nightly',
        lastUsedAt: new Date().toISOString(),
        scopes: ['ingest:write', 'ingest:read'],
      }),
      token('bbbb2222', { name: 'Old script', revokedAt: '2026-11-21T15:00:00.000Z' }),
      token('cccc3333', { name: 'Pilot', expiresAt: '2026-01-01T00:00:00.000Z' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Agvance nightly')).toBeTruthy();
    expect(within(items[0]!).getByText('Active')).toBeTruthy();
    expect(within(items[0]!).getByText('gra_aaaa1111…')).toBeTruthy();
    expect(within(items[0]!).getByText('Send files')).toBeTruthy();
    expect(within(items[0]!).getByText('Read import status')).toBeTruthy();
    expect(items[0]!.textContent).toContain('Created 11/20/2026');
    expect(items[0]!.textContent).toContain('Last used just now');
    expect(items[0]!.textContent).toContain('Does not expire');
    expect(within(items[1]!).getByText('Revoked')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(items[1]!.textContent).toContain('Never used');
    expect(within(items[2]!).getByText('Expired')).toBeTruthy();

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Revoke Agvance nightly' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    expect(confirm.textContent).toContain('gra_aaaa1111');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await screen.findByText('Token revoked');
    expect(sent(calls, 'DELETE', `${TOKENS}/aaaa1111`)).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your API tokens' })).getAllByText('Revoked')).toHaveLength(2),
    );
  });

  it('creates a token through the form, checks the fields first, and shows the secret once with a copy button', async () => {
    renderApp('/crm/administrator/api-tokens', 'buyer');
    const calls = serveTokens([]);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await screen.findByText('No API tokens yet');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create token' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Send files/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one scope.')).toBeTruthy();
    expect(sent(calls, 'POST', TOKENS)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'AgTrax export' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Read import status/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const secret = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(JSON.parse(sent(calls, 'POST', TOKENS)[0]!.body!)).toEqual({
      name: 'AgTrax export',
      scopes: ['ingest:read'],
      expiresAt: null,
    });
    expect(within(secret).getByText(/shown only this once/)).toBeTruthy();
    const field = within(secret).getByRole('textbox', { name: 'API token' }) as HTMLTextAreaElement;
    expect(field.value).toBe(`gra_abcd1234_${'s'.repeat(43)}`);
    fireEvent.click(within(secret).getByRole('button', { name: 'Copy' }));
    await screen.findByText('Token copied');
    expect(writeText).toHaveBeenCalledWith(`gra_abcd1234_${'s'.repeat(43)}`);
    fireEvent.click(within(secret).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Once closed, the secret is gone: the list shows only the prefix.
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('gra_abcd1234…')).toBeTruthy();
    expect(document.body.textContent).not.toContain('s'.repeat(43));
  });

  it("says the server's refusal in the dialog and keeps what was typed", async () => {
    renderApp('/crm/administrator/api-tokens', 'buyer');
    serveTokens([]);
    await screen.findByText('No API tokens yet');
    fireEvent.click(screen.getAllByRole('button', { name: 'Create token' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create an API token' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('At most 20 active tokens: revoke one first.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Taken');
  });
});
