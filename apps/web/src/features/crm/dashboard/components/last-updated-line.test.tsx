import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../../app/providers';
import { RegionProvider } from '../../../../lib/i18n/locale';
import { allMessages } from '../../../../test/messages';
import { LastUpdatedLine } from './last-updated-line';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;

function renderLine(body: Record<string, string | null>, locale: 'en-us' | 'en-ca' = 'en-us') {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ marketId: 10, ...body }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    ),
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <IntlProvider locale="en-US" messages={allMessages}>
        <RegionProvider locale={locale}>
          <LastUpdatedLine marketId={10} />
        </RegionProvider>
      </IntlProvider>
    </QueryClientProvider>,
  );
}

describe('LastUpdatedLine', () => {
  it('says how long ago the data changed, the exact 12-hour time in the tooltip, never a 24-hour time with seconds', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR - 60_000);
    const { container } = renderLine({
      lastUpdated: twoHoursAgo.toISOString(),
      contracts: twoHoursAgo.toISOString(),
      scaleTickets: null,
      notes: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    const latest = await screen.findByTestId('last-updated');
    expect(latest.textContent).toBe('2 h ago');
    const time = latest.querySelector('time')!;
    expect(time.getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
    expect(time.getAttribute('dateTime')).toBe(twoHoursAgo.toISOString());
    expect(screen.getByText('10 min ago')).toBeTruthy();
    expect(screen.getByText('No data yet')).toBeTruthy();
    expect(container.textContent).not.toMatch(/\d{1,2}:\d{2}:\d{2}/);
  });

  it('ends in the locale’s day for older changes (en-CA: year first)', async () => {
    renderLine({ lastUpdated: '2026-01-05T15:00:00.000Z', contracts: null, scaleTickets: null, notes: null }, 'en-ca');
    expect((await screen.findByTestId('last-updated')).textContent).toBe('2026-01-05');
  });
});
