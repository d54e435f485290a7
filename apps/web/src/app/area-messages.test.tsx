import { renderHook, screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadedMessages } from '../lib/i18n/catalogue';
import { renderApp } from '../test/render-app';
import { createAppRoutes } from './router';

/** What react-intl reported missing (it logs a MISSING_TRANSLATION error and shows the raw id). */
function missingMessages(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls
    .flat()
    .map((arg) => (arg instanceof Error ? arg.message : String(arg)))
    .filter((text) => text.includes('MISSING_TRANSLATION'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('area messages (docs/decisions/029-messages-by-area.md)', () => {
  it('renders an area page with its wording on the first render, never a raw id', async () => {
    const consoleError = vi.spyOn(console, 'error');
    renderApp('/dev/mailbox', 'anonymous');
    expect(await screen.findByRole('heading', { name: 'Dev mailbox' })).toBeTruthy();
    expect(screen.getByText('Every e-mail and text message the app sent, newest first. Links open right here.'));
    expect(missingMessages(consoleError)).toEqual([]);
  });

  // One route per area, each the first of its area here: the catalogue keeps what it loaded.
  it.each([
    ['/crm/structures', 'structures.tab.pricing', 'Pricing tool'],
    ['/my-sales-lite/bids', 'offers.title', 'Offers'],
    ['/direct/carts/checkout', 'store.search.title', 'Search'],
    ['/profit-center/docusign/sign/token', 'esign.sign.title', 'Sign contract {number}'],
  ])('%s: its lazy route loads the area’s messages with the page (%s)', async (path, id, text) => {
    const matches = matchRoutes(createAppRoutes(), path) ?? [];
    expect(matches.length).toBeGreaterThan(0);
    await Promise.all(matches.map(({ route }) => (typeof route.lazy === 'function' ? route.lazy() : null)));
    const { result } = renderHook(() => useLoadedMessages());
    expect(result.current[id]).toBe(text);
  });
});
