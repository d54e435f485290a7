import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

// /support and the legal pages (issue 13, 'No dead ends'): the partner's contacts, hours and help; the partner's
// own legal text rendered as text (never HTML), and every legal page linked from the footer.

function answerLegalText(body: string) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = String(input);
    const json = url.includes('/api/legal-texts/')
      ? { document: url.split('/').pop(), body, updatedAt: '2026-11-02T15:00:00.000Z' }
      : { code: 'not_found', message: 'Not found' };
    return Promise.resolve(
      new Response(JSON.stringify(json), {
        status: url.includes('/api/legal-texts/') ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
}

describe('legal pages', () => {
  it("show the partner's text as headings, paragraphs and lists, and no markup from it", async () => {
    const view = renderApp('/terms-of-service', 'anonymous');
    answerLegalText('# Your account\n\nKeep it **safe**.\n\n- one\n- two\n\n<img src=x onerror="alert(1)">');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your account' })).toBeTruthy();
    expect(screen.getByText('safe').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(['one', 'two']));
    expect(screen.getByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(view.container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/Last updated 11\/02\/2026/)).toBeTruthy();
  });

  it('are linked from the footer, with support', async () => {
    renderApp('/support', 'anonymous');
    const nav = await screen.findByRole('navigation', { name: 'Legal' });
    const href = (name: string) => within(nav).getByRole('link', { name }).getAttribute('href');
    expect(href('Terms of service')).toBe('/terms-of-service');
    expect(href('Privacy policy')).toBe('/privacy-policy');
    expect(href('CCPA privacy notice')).toBe('/ccpa-privacy-policy');
    expect(href('Community content policy')).toBe('/community-content-policy');
    expect(href('Electronic funds transfer')).toBe('/electronic-funds-transfer');
    expect(href('Support')).toBe('/support');
  });
});

describe('/support', () => {
  it("shows the partner's phone and e-mail and a short help section", async () => {
    renderApp('/support', 'anonymous');
    expect(await screen.findByRole('heading', { level: 1, name: 'Prairie support' })).toBeTruthy();
    const contacts = screen.getByRole('region', { name: 'Contact us' });
    expect(within(contacts).getByRole('link', { name: '1-800-555-0199' }).getAttribute('href')).toBe('tel:18005550199');
    expect(within(contacts).getByRole('link', { name: 'help@prairie.test' }).getAttribute('href')).toBe(
      'mailto:help@prairie.test',
    );
    expect(screen.getByRole('heading', { name: 'Office hours' })).toBeTruthy();
    for (const question of [
      'How do I sign in?',
      'I forgot my password. How do I reset it?',
      'Where are my contracts?',
      'Who do I call about a settlement?',
    ]) {
      expect(screen.getByRole('button', { name: question })).toBeTruthy();
    }
  });
});
