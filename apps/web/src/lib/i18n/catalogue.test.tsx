import { act, render, screen } from '@testing-library/react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { crmAreaMessages } from './areas/crm';
import { devAreaMessages } from './areas/dev';
import { mySalesLiteAreaMessages } from './areas/my-sales-lite';
import { profitCenterAreaMessages } from './areas/profit-center';
import { storeAreaMessages } from './areas/store';
import { messages } from './messages';

const areas: Record<string, Readonly<Record<string, string>>> = {
  crm: crmAreaMessages,
  mySalesLite: mySalesLiteAreaMessages,
  store: storeAreaMessages,
  profitCenter: profitCenterAreaMessages,
  dev: devAreaMessages,
};

/**
 * The catalogue module afresh (test files share a worker's modules, so another file may have loaded an area already)
 * and one message through an IntlProvider fed like the app's (the entry's and the loaded areas' messages).
 */
async function freshCatalogue() {
  vi.resetModules();
  const catalogue = await import('./catalogue');
  function Probe({ id }: { id: string }) {
    return (
      <IntlProvider locale="en-US" defaultLocale="en-US" messages={catalogue.useLoadedMessages()} onError={() => {}}>
        <p>
          <FormattedMessage id={id} />
        </p>
      </IntlProvider>
    );
  }
  return { loadAreaMessages: catalogue.loadAreaMessages, Probe };
}

describe('message catalogue by area', () => {
  it('keeps the areas’ messages out of the entry’s, and gives an id shared by two areas one text', () => {
    const texts = new Map<string, string>();
    for (const [area, catalogue] of Object.entries(areas)) {
      for (const [id, text] of Object.entries(catalogue)) {
        expect(messages, `${area}: ${id}`).not.toHaveProperty(id);
        expect(texts.get(id) ?? text, `${area}: ${id}`).toBe(text);
        texts.set(id, text);
      }
    }
    // The app shell's, identity's and the common messages stay in the entry.
    expect(messages['shell.nav.store']).toBe('Store');
    expect(messages['identity.signIn.title']).toBe('Sign in');
    expect(messages['error.unexpected']).toBe('Sorry, an unexpected issue occurred. Please come back later!');
  });

  it('adds an area’s messages once they have loaded, loading each area once', async () => {
    const { loadAreaMessages, Probe } = await freshCatalogue();
    render(<Probe id="crm.retry" />);
    expect(screen.getByText('crm.retry')).toBeTruthy();
    const first = loadAreaMessages('crm');
    expect(loadAreaMessages('crm')).toBe(first);
    await act(() => first);
    expect(screen.getByText('Try again')).toBeTruthy();
  });
});
