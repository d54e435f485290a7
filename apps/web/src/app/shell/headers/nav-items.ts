import type { MessageId } from '../../../lib/i18n/messages';

export type NavItem = { id: string; path: string; label: MessageId; end?: boolean };

/** The CRM header's navigation (grain-marketing.md 2 'CRM pages'). */
export const CRM_NAV: readonly NavItem[] = [
  { id: 'dashboard', path: '/crm/dashboard', label: 'nav.crm.dashboard' },
  { id: 'contracts', path: '/crm/contracts', label: 'nav.crm.contracts' },
  { id: 'deliveries', path: '/crm/deliveries', label: 'nav.crm.deliveries' },
  { id: 'clients', path: '/crm/clients', label: 'nav.crm.clients' },
  { id: 'bids', path: '/crm/bids', label: 'nav.crm.bids' },
  { id: 'offers', path: '/crm/offers', label: 'nav.crm.offers' },
  { id: 'settlements', path: '/crm/settlements', label: 'nav.crm.settlements' },
  { id: 'payments', path: '/crm/payments', label: 'nav.crm.payments' },
  { id: 'structures', path: '/crm/structures', label: 'nav.crm.structures' },
  { id: 'ingest', path: '/crm/ingest', label: 'nav.crm.ingest' },
  { id: 'public-bids-admin', path: '/crm/public-bids-admin', label: 'nav.crm.publicBidsAdmin' },
  { id: 'administrator', path: '/crm/administrator', label: 'nav.crm.administrator' },
];

/**
 * The farmer's my-sales-lite navigation: the header carries it from a tablet's landscape width up; below, the pages'
 * own section tabs (features/my-sales-lite MslFrame) carry the same four. Bids stays current on
 * /my-sales-lite/bids/:marketName, Tickets is /my-sales-lite/tab.
 */
export const MY_SALES_LITE_NAV: readonly NavItem[] = [
  { id: 'my-sales', path: '/my-sales-lite', label: 'nav.mySalesLite.mySales', end: true },
  { id: 'balances', path: '/my-sales-lite/balances', label: 'nav.mySalesLite.balances' },
  { id: 'tickets', path: '/my-sales-lite/tab', label: 'nav.mySalesLite.tickets' },
  { id: 'bids', path: '/my-sales-lite/bids', label: 'nav.mySalesLite.bids' },
  { id: 'settlements', path: '/my-sales-lite/settlements', label: 'nav.mySalesLite.settlements' },
  { id: 'payments', path: '/my-sales-lite/payments', label: 'nav.mySalesLite.payments' },
];
