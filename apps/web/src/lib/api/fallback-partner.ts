import { DEFAULT_PRICE_NOTATION, anonymousUser, type BootstrapResponse, type WhiteLabelPartner } from '@granary/domain';
import { readStorage, writeStorage } from '../browser/storage';

/**
 * When the bootstrap fails the page still needs a partner record to render: this neutral one carries no brand
 * words (they only ever come from the server) and the default theme colours.
 */
export const FALLBACK_PARTNER: WhiteLabelPartner = {
  id: 'fallback',
  vhost: null,
  intent: null,
  displayName: '',
  logo: null,
  publicHeader: { title: '', links: [] },
  legalFooter: '',
  assets: {},
  experiences: ['public'],
  publicPageFeatures: [],
  branding: {
    shortName: '',
    tradeName: '',
    legalName: '',
    vhostRegex: null,
    supportEmail: '',
    supportPhone: '',
    appSupportEmail: '',
    dataEmail: '',
    appSupportPhone: '',
    logoBanner: null,
  },
  theme: { primary: '#2e6b3f', secondary: '#c98a1b' },
  priceNotation: DEFAULT_PRICE_NOTATION,
};

const ANONYMOUS_ID_KEY = 'granary_anonymous_id';

function anonymousId(): string {
  const stored = readStorage(ANONYMOUS_ID_KEY);
  if (stored) return stored;
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeStorage(ANONYMOUS_ID_KEY, id);
  return id;
}

/** The bootstrap a failed call leaves behind: an identified, anonymous user (grain-marketing.md 8 'Transport'). */
export function anonymousBootstrap(): BootstrapResponse {
  return {
    user: anonymousUser(anonymousId()),
    enterprises: {},
    current_enterprise_id: null,
    tos_accepted: false,
    csrf: '',
    partner: FALLBACK_PARTNER,
    build: { tag: '' },
  };
}
