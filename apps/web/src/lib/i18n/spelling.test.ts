import { describe, expect, it } from 'vitest';
import { allMessages } from '../../test/messages';
import { respell, respellMessage, spellCatalogue } from './spelling';

describe('respell', () => {
  it('spells the trade’s words as each locale does, keeping the case', () => {
    expect(respell('Cancelled 500 bu', 'en-US')).toBe('Canceled 500 bu');
    expect(respell('Canceled', 'en-CA')).toBe('Cancelled');
    expect(respell('CANCELED', 'en-AU')).toBe('CANCELLED');
    expect(respell('Fulfilment and cancelling', 'en-US')).toBe('Fulfillment and canceling');
    expect(respell('fulfillment', 'en-CA')).toBe('fulfilment');
    expect(respell('Applicator licence', 'en-US')).toBe('Applicator license');
    expect(respell('Applicator license', 'en-AU')).toBe('Applicator licence');
    expect(respell('Search the catalogue', 'en-US')).toBe('Search the catalog');
  });

  it('gives Australia -ise and keeps -ize for Canada and the US', () => {
    expect(respell('Payment authorized', 'en-AU')).toBe('Payment authorised');
    expect(respell('Payment authorised', 'en-CA')).toBe('Payment authorized');
    expect(respell('your organisation', 'en-US')).toBe('your organization');
  });

  it('keeps the product name “profit center” and leaves other words alone', () => {
    expect(respell('Open the Profit Center, the center of it', 'en-CA')).toBe(
      'Open the Profit Center, the centre of it',
    );
    expect(respell('Cancel the order', 'en-CA')).toBe('Cancel the order');
    expect(respell('Canceledness', 'en-CA')).toBe('Canceledness');
  });
});

describe('respellMessage', () => {
  it('changes the text of an ICU message, never its argument names or select keys', () => {
    const message = '{status, select, canceled {Canceled on {date}} cancelled {Cancelled} other {{canceled}}}';
    expect(respellMessage(message, 'en-CA')).toBe(
      '{status, select, canceled {Cancelled on {date}} cancelled {Cancelled} other {{canceled}}}',
    );
    expect(respellMessage(message, 'en-US')).toBe(
      '{status, select, canceled {Canceled on {date}} cancelled {Canceled} other {{canceled}}}',
    );
  });

  it('respells plural options and keeps number formats and quoted text', () => {
    expect(respellMessage('{n, plural, one {# offer cancelled} other {# offers cancelled}}', 'en-US')).toBe(
      '{n, plural, one {# offer canceled} other {# offers canceled}}',
    );
    expect(respellMessage("Cancelled {q, number, ::currency/USD} '{cancelled}'", 'en-US')).toBe(
      "Canceled {q, number, ::currency/USD} '{cancelled}'",
    );
  });
});

describe('spellCatalogue', () => {
  const letters = /[A-Za-z]+/g;
  it.each(['en-US', 'en-CA', 'en-AU'] as const)('%s: changes only words, never the ICU syntax', (locale) => {
    const spelled = spellCatalogue(allMessages, locale);
    for (const [id, text] of Object.entries(allMessages)) {
      expect(spelled[id]!.replace(letters, 'w'), id).toBe(text.replace(letters, 'w'));
    }
  });

  it('gives en-US one spelling and en-CA / en-AU the other, everywhere', () => {
    const us = Object.values(spellCatalogue(allMessages, 'en-US')).join('\n');
    const ca = Object.values(spellCatalogue(allMessages, 'en-CA')).join('\n');
    const au = Object.values(spellCatalogue(allMessages, 'en-AU')).join('\n');
    expect(us).not.toMatch(/\b(cancelled|cancelling|fulfilment|licence|catalogue)\b/i);
    expect(us).toMatch(/\bCanceled\b/);
    expect(ca).not.toMatch(/\b(canceled|canceling|fulfillment|license)\b/i);
    expect(ca).toMatch(/\bCancelled\b/);
    expect(au).not.toMatch(/\b(canceled|authorized|organization)\b/i);
  });

  it('computes a catalogue once per locale', () => {
    expect(spellCatalogue(allMessages, 'en-CA')).toBe(spellCatalogue(allMessages, 'en-CA'));
  });
});
