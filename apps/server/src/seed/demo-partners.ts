import type { partners } from '../db/schema/index.ts';

type PartnerInsert = typeof partners.$inferInsert;

/** The demo partner (the fallback for every host) and a second partner, so tenant isolation can be seen. */
export const DEMO_PARTNERS: PartnerInsert[] = [
  {
    id: 'demo',
    vhost: 'demo.localhost',
    vhostRegex: null,
    intent: 'demo',
    displayName: 'Granary Demo Grain',
    logo: null,
    publicHeader: {
      title: 'Granary Demo Grain',
      links: [
        { label: 'Cash bids', url: '/market' },
        { label: 'Support', url: '/support' },
      ],
    },
    legalFooter: '© Granary Demo Grain Co. All rights reserved.',
    assets: {},
    experiences: ['crm', 'public', 'my-sales-lite'],
    publicPageFeatures: [
      'public-ci-score',
      'market-delivery-information',
      'market-announcements',
      'market-office-hours',
      'market-contacts',
      'additional-info',
      // Fed by its ERP: the public page says when its data last came in (issue 15).
      'ingested-data',
    ],
    branding: {
      shortName: 'Granary',
      tradeName: 'Granary Demo Grain',
      legalName: 'Granary Demo Grain Co.',
      vhostRegex: null,
      supportEmail: 'support@demo.granary.test',
      supportPhone: '1-800-555-0142',
      appSupportEmail: 'app-support@demo.granary.test',
      dataEmail: 'data@demo.granary.test',
      appSupportPhone: '1-800-555-0143',
      logoBanner: null,
      supportHours: {
        timezone: 'America/Chicago',
        days: [1, 2, 3, 4, 5]
          .map((day) => ({ day, open: '07:00', close: '17:30' }))
          .concat([{ day: 6, open: '08:00', close: '12:00' }]),
      },
    },
    theme: { primary: '#2e6b3a', secondary: '#c98a1b' },
    isDefault: true,
  },
  {
    id: 'prairie',
    vhost: 'prairie.localhost',
    vhostRegex: '^prairie\\.',
    intent: 'prairie',
    displayName: 'Prairie Grain Co-op',
    logo: null,
    publicHeader: {
      title: 'Prairie Grain Co-op',
      links: [
        { label: 'Local bids', url: '/market' },
        { label: 'Contact us', url: '/support' },
      ],
    },
    legalFooter: '© Prairie Grain Cooperative Ltd.',
    assets: {},
    experiences: ['crm', 'public'],
    publicPageFeatures: ['market-office-hours', 'market-contacts'],
    branding: {
      shortName: 'Prairie',
      tradeName: 'Prairie Grain Co-op',
      legalName: 'Prairie Grain Cooperative Ltd.',
      vhostRegex: '^prairie\\.',
      supportEmail: 'help@prairie.granary.test',
      supportPhone: '1-306-555-0190',
      appSupportEmail: 'app@prairie.granary.test',
      dataEmail: 'data@prairie.granary.test',
      appSupportPhone: '1-306-555-0191',
      logoBanner: null,
      supportHours: {
        timezone: 'America/Regina',
        days: [1, 2, 3, 4, 5].map((day) => ({ day, open: '08:00', close: '17:00' })),
      },
    },
    theme: { primary: '#8a4b14', secondary: '#2f5d8a' },
    isDefault: false,
  },
];
