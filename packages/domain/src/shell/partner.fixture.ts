// A complete partner record for tests (not exported from the package).
import type { WhiteLabelPartner } from './partner.ts';
import { DEFAULT_PRICE_NOTATION } from '../format/price.ts';

export const demoPartner: WhiteLabelPartner = {
  id: 'demo',
  vhost: null,
  intent: null,
  displayName: 'Demo Grain',
  logo: null,
  publicHeader: { title: 'Demo Grain', links: [{ label: 'Support', url: '/support' }] },
  legalFooter: '© Demo Grain Co.',
  assets: { favicon: '/favicon.ico' },
  experiences: ['crm', 'public', 'my-sales-lite'],
  publicPageFeatures: ['public-ci-score', 'market-office-hours'],
  branding: {
    shortName: 'Demo',
    tradeName: 'Demo Grain',
    legalName: 'Demo Grain Co.',
    vhostRegex: '^demo\\.',
    supportEmail: 'support@demo.granary.test',
    supportPhone: '1-800-555-0100',
    appSupportEmail: 'app@demo.granary.test',
    dataEmail: 'data@demo.granary.test',
    appSupportPhone: '1-800-555-0101',
    logoBanner: null,
  },
  theme: { primary: '#2e7d32', secondary: '#f9a825' },
  priceNotation: DEFAULT_PRICE_NOTATION,
};
