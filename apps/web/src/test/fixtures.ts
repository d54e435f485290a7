import { DEFAULT_PRICE_NOTATION, anonymousUser, type BootstrapUser, type WhiteLabelPartner } from '@granary/domain';
import type { Bootstrap } from '../lib/api/bootstrap';

export const testPartner: WhiteLabelPartner = {
  id: 'test',
  vhost: null,
  intent: null,
  displayName: 'Prairie Test Grain',
  logo: null,
  publicHeader: { title: 'Local cash bids', links: [{ label: 'About us', url: 'https://example.test/about' }] },
  legalFooter: 'Prairie Test Grain Co-operative Ltd.',
  assets: {},
  experiences: ['crm', 'public', 'my-sales-lite'],
  publicPageFeatures: ['public-ci-score'],
  branding: {
    shortName: 'Prairie',
    tradeName: 'Prairie Test Grain',
    legalName: 'Prairie Test Grain Co-operative Ltd.',
    vhostRegex: null,
    supportEmail: 'help@prairie.test',
    supportPhone: '1-800-555-0199',
    appSupportEmail: 'app@prairie.test',
    dataEmail: 'data@prairie.test',
    appSupportPhone: '1-800-555-0198',
    logoBanner: null,
  },
  theme: { primary: '#2e6b3f', secondary: '#c98a1b' },
  priceNotation: DEFAULT_PRICE_NOTATION,
};

const anonymous: BootstrapUser = anonymousUser('anon-1');

/** 'newcomer': a brand-new signup, signed in with no experience yet. */
export type FakeUser = 'anonymous' | 'buyer' | 'farmer' | 'farmer-without-flag' | 'newcomer';

function fakeUser(kind: FakeUser): BootstrapUser {
  if (kind === 'anonymous') return anonymous;
  const base: BootstrapUser = { ...anonymous, id: 'u1', isLoggedIn: true, legacyId: 7, anonymousId: 'anon-7' };
  if (kind === 'newcomer') {
    return { ...base, firstName: 'Nia', lastName: 'Newcomer', email: 'nia@prairie.test', experiences: {} };
  }
  if (kind === 'buyer') {
    return {
      ...base,
      firstName: 'Bea',
      lastName: 'Buyer',
      email: 'buyer@prairie.test',
      experiences: { grain_buying: true },
    };
  }
  return {
    ...base,
    firstName: 'Fran',
    lastName: 'Farmer',
    email: 'farmer@prairie.test',
    experiences: { enterprise_agronomics: true },
    permissions: kind === 'farmer' ? ['my-sales-lite'] : [],
  };
}

/** A farmer's own farm business: the owner of one US farm (the farmer's navigation reads the role, decision 052). */
const FARMER_ENTERPRISE = {
  id: 7,
  legacyId: 7,
  publicId: 'e7',
  name: 'Fieldman Family Farms',
  countryCode: 'USA',
  role: 'owner',
} as const;

export function fakeBootstrap(kind: FakeUser = 'anonymous'): Bootstrap {
  const farmer = kind === 'farmer' || kind === 'farmer-without-flag';
  return {
    user: fakeUser(kind),
    enterprises: farmer ? { '7': FARMER_ENTERPRISE } : {},
    current_enterprise_id: farmer ? 7 : null,
    tos_accepted: true,
    csrf: 'csrf-token',
    partner: testPartner,
    build: { tag: 'web-64-test' },
    failed: false,
  };
}
