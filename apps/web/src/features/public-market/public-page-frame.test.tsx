import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { PublicMarketPage, PublicPartnerHeader } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageLocation } from '../../lib/browser/page-location';
import { versionState } from '../../lib/version/version-poll';
import { PublicPageApp } from './public-page-app';

// Issue 13: /market belongs to the product — the app's header and links, the offline notice, the version poll, and
// office hours that say 'Closed today' on a holiday.
const partner: PublicPartnerHeader = {
  id: 'demo',
  displayName: 'Granary Demo Grain',
  logo: null,
  publicHeader: {
    title: 'Cash bids',
    links: [
      { label: 'Local bids', url: '/market' },
      { label: 'Support', url: '/support' },
    ],
  },
  legalFooter: '© Granary Demo Grain Co.',
  theme: { primary: '#2e6b3a', secondary: '#c98a1b' },
  publicPageFeatures: ['market-office-hours', 'market-announcements'],
  supportEmail: 'support@demo.granary.test',
  supportPhone: '1-800-555-0142',
  priceNotation: { price: 'fraction', basis: 'cents' },
};

const week = [1, 2, 3, 4, 5, 6, 0].map((d) => ({
  dayOfWeek: d,
  closed: d === 0,
  opensAt: d === 0 ? null : '07:00',
  closesAt: d === 0 ? null : '17:00',
}));

const page: PublicMarketPage = {
  partner,
  markets: [{ slug: 'ames', label: 'Ames Elevator' }],
  market: {
    slug: 'ames',
    label: 'Ames Elevator',
    addressLine1: '2400 S Duff Ave',
    city: 'Ames',
    administrativeAreaLevel1: 'IA',
    postalCode: '50010',
    countryCode: 'USA',
    phone: null,
    email: null,
    timezone: 'America/Chicago',
  },
  features: ['market-office-hours', 'market-announcements'],
  locale: 'en-US',
  crops: [],
  hours: {
    days: week,
    openNow: false,
    state: 'closed-today',
    todayLabel: 'Thanksgiving Day',
    closesAt: null,
    nextOpen: { date: '2026-11-27', dayOfWeek: 5, opensAt: '07:00', today: false },
    closures: [
      { date: '2026-11-26', label: 'Thanksgiving Day', closed: true, opensAt: null, closesAt: null },
      { date: '2026-12-24', label: 'Christmas Eve', closed: false, opensAt: '07:00', closesAt: '12:00' },
    ],
  },
  contacts: null,
  announcements: [
    {
      id: 1,
      title: 'Closed Thanksgiving Day',
      body: 'We reopen Friday.',
      startsAt: '2026-11-16T06:00:00Z',
      endsAt: null,
    },
  ],
  deliveryInformation: null,
  additionalInfo: null,
  updatedAt: '2026-11-25T16:30:00.000Z',
  futuresAt: null,
  dataUpdatedAt: null,
  generatedAt: '2026-11-26T15:00:00.000Z',
};

function offline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  versionState.set('none');
  document.cookie = 'granary_logged_in=; path=/; max-age=0';
});

describe('the light public page’s header', () => {
  it('has the app’s public navigation: the partner’s links, the store and Sign in', () => {
    offline();
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/market" />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Granary Demo Grain' }).getAttribute('href')).toBe('/market');
    const nav = within(header).getByRole('navigation', { name: 'Site' });
    expect(within(nav).getByRole('link', { name: 'Local bids' }).getAttribute('href')).toBe('/market');
    expect(within(nav).getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('/support');
    expect(within(header).getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/direct');
    expect(within(header).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(within(header).getByText('Cash bids')).toBeTruthy();
  });

  it('offers My account instead of Sign in to a signed-in visitor, keeping the locale prefix', () => {
    offline();
    document.cookie = 'granary_logged_in=1; path=/';
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/en-ca/market" />);
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/en-ca/dashboard');
    expect(screen.getByRole('link', { name: 'Store' }).getAttribute('href')).toBe('/en-ca/direct');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});

describe('the light public page’s footer', () => {
  it('links the legal pages and Support as the app’s footer does, with the partner’s support contacts', () => {
    offline();
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/en-ca/market" />);
    const footer = screen.getByRole('contentinfo');
    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Terms of service', '/en-ca/terms-of-service'],
      ['Privacy policy', '/en-ca/privacy-policy'],
      ['CCPA privacy notice', '/en-ca/ccpa-privacy-policy'],
      ['Community content policy', '/en-ca/community-content-policy'],
      ['Electronic funds transfer', '/en-ca/electronic-funds-transfer'],
      ['Support', '/en-ca/support'],
    ]);
    expect(within(footer).getByText('© Granary Demo Grain Co.')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'support@demo.granary.test' }).getAttribute('href')).toBe(
      'mailto:support@demo.granary.test',
    );
    expect(within(footer).getByRole('link', { name: '1-800-555-0142' }).getAttribute('href')).toBe('tel:18005550142');
  });
});

describe('stale prices', () => {
  it('says the visitor is offline and when the bids were last updated when the browser goes offline', () => {
    offline();
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/market" />);
    expect(screen.queryByText(/You are offline/)).toBeNull();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('You are offline — prices may be out of date.');
    expect(notice.textContent).toMatch(/Bids last updated Nov 25, 2026, 10:30 AM CST/);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('reloads the page after a countdown when /version.json requires a newer build', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(pageLocation, 'reload').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).startsWith('/version.json')
          ? new Response(JSON.stringify({ web: { required: 999, latest: 999 }, build: 'web-999' }), { status: 200 })
          : Promise.reject(new Error('offline')),
      ),
    );
    try {
      render(<PublicPageApp data={{ view: 'market', page }} pathname="/market" />);
      expect(screen.queryByRole('alert')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300_000);
      });
      expect(screen.getByRole('alert').textContent).toMatch(/There is a new update/);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5_000);
      });
      expect(reload).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('office hours', () => {
  it('says Closed today on a holiday, names it, says when it opens, and lists the holiday hours', () => {
    offline();
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/market" />);
    const hours = screen.getByRole('region', { name: 'Office hours' });
    expect(within(hours).getByText('Closed today')).toBeTruthy();
    expect(within(hours).queryByText('Open now')).toBeNull();
    expect(within(hours).getByText(/Thanksgiving Day · Opens Friday at 7:00 AM/)).toBeTruthy();
    const holidays = within(hours).getByRole('table', { name: 'Holiday hours' });
    expect(within(holidays).getByRole('row', { name: /Thanksgiving Day/ }).textContent).toContain('Closed');
    expect(within(holidays).getByRole('row', { name: /Christmas Eve/ }).textContent).toContain('7:00 AM – 12:00 PM');
  });

  it('puts the announcements before the bids', () => {
    offline();
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/market" />);
    const news = screen.getByRole('region', { name: 'Announcements' });
    const bids = screen.getByText('No bids are posted at this location right now.');
    expect(news.compareDocumentPosition(bids) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
