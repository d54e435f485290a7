import { describe, expect, it } from 'vitest';
import {
  featuresNotOffered,
  marketPageSettingsUpdateSchema,
  normalizeContact,
  normalizeMarketFeatures,
  normalizePageText,
  offeredMarketFeatures,
  publicContactInputSchema,
  shownMarketFeatures,
  PAGE_TEXT_MAX,
  PUBLIC_CONTACTS_MAX,
} from './page-settings.ts';

const demoPartner = [
  'public-ci-score',
  'market-delivery-information',
  'market-announcements',
  'market-office-hours',
  'market-contacts',
  'additional-info',
];
const prairie = ['market-office-hours', 'market-contacts'];

describe('public page features', () => {
  it('offers a market only the market-level features its partner has', () => {
    expect(offeredMarketFeatures(demoPartner)).toEqual([
      'market-announcements',
      'market-office-hours',
      'market-contacts',
      'market-delivery-information',
      'additional-info',
    ]);
    expect(offeredMarketFeatures(prairie)).toEqual(['market-office-hours', 'market-contacts']);
    expect(offeredMarketFeatures(['public-ci-score', 'ingested-data'])).toEqual([]);
  });

  it('names the features asked for that the partner does not offer', () => {
    expect(featuresNotOffered(['market-contacts', 'market-announcements', 'market-announcements'], prairie)).toEqual([
      'market-announcements',
    ]);
    expect(featuresNotOffered(['market-contacts'], prairie)).toEqual([]);
  });

  it('shows nothing of an unpublished page, and never a feature the partner withdrew', () => {
    const page = { features: ['market-contacts', 'market-announcements'], published: true };
    expect(shownMarketFeatures(page, demoPartner)).toEqual(['market-announcements', 'market-contacts']);
    expect(shownMarketFeatures(page, prairie)).toEqual(['market-contacts']);
    expect(shownMarketFeatures({ ...page, published: false }, demoPartner)).toEqual([]);
    expect(shownMarketFeatures(null, demoPartner)).toEqual([]);
  });

  it('normalizes a feature list to the canonical order without repeats', () => {
    expect(normalizeMarketFeatures(['additional-info', 'market-contacts', 'additional-info', 'weather'])).toEqual([
      'market-contacts',
      'additional-info',
    ]);
  });
});

describe('contacts', () => {
  it('requires a name and accepts a valid phone and e-mail', () => {
    expect(
      publicContactInputSchema.safeParse({
        name: 'Dana Whitfield',
        title: 'Grain merchandiser',
        phone: '(515) 555-0134',
        email: 'dana@demo.granary.test',
      }).success,
    ).toBe(true);
    expect(publicContactInputSchema.safeParse({ name: '  ' }).success).toBe(false);
    expect(publicContactInputSchema.safeParse({ title: 'Manager' }).success).toBe(false);
  });

  it('refuses an invalid phone or e-mail, and takes empty ones as not given', () => {
    expect(publicContactInputSchema.safeParse({ name: 'A', phone: 'call me' }).success).toBe(false);
    expect(publicContactInputSchema.safeParse({ name: 'A', email: 'not-an-email' }).success).toBe(false);
    const parsed = publicContactInputSchema.parse({ name: ' Sam Ortiz ', title: '', phone: '', email: '' });
    expect(normalizeContact(parsed)).toEqual({ name: 'Sam Ortiz' });
  });
});

describe('settings update', () => {
  it('takes any one section, and refuses an empty change or an unknown field', () => {
    expect(marketPageSettingsUpdateSchema.safeParse({ published: false }).success).toBe(true);
    expect(marketPageSettingsUpdateSchema.safeParse({ deliveryInformation: 'Receiving 7–5' }).success).toBe(true);
    expect(marketPageSettingsUpdateSchema.safeParse({}).success).toBe(false);
    expect(marketPageSettingsUpdateSchema.safeParse({ slug: 'x' }).success).toBe(false);
    expect(marketPageSettingsUpdateSchema.safeParse({ features: ['public-ci-score'] }).success).toBe(false);
  });

  it('bounds the texts and the number of contacts', () => {
    expect(marketPageSettingsUpdateSchema.safeParse({ additionalInfo: 'x'.repeat(PAGE_TEXT_MAX) }).success).toBe(true);
    expect(marketPageSettingsUpdateSchema.safeParse({ additionalInfo: 'x'.repeat(PAGE_TEXT_MAX + 1) }).success).toBe(
      false,
    );
    const many = Array.from({ length: PUBLIC_CONTACTS_MAX + 1 }, (_, i) => ({ name: `C${i}` }));
    expect(marketPageSettingsUpdateSchema.safeParse({ contacts: many }).success).toBe(false);
  });

  it('stores an empty text as none', () => {
    expect(normalizePageText('  ')).toBeNull();
    expect(normalizePageText(null)).toBeNull();
    expect(normalizePageText(' Line 1\nLine 2 ')).toBe('Line 1\nLine 2');
  });
});
