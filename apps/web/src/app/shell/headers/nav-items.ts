import type { MessageId } from '../../../lib/i18n/messages';

/** `group: 'admin'`: an administration page, in the header's Admin menu on desktop (the drawer lists it with the rest). */
export type NavItem = { id: string; path: string; label: MessageId; end?: boolean; group?: 'admin' };

/** The CRM header's navigation (grain-marketing.md 2 'CRM pages'): the daily pages, then the administration ones. */
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
  { id: 'ingest', path: '/crm/ingest', label: 'nav.crm.ingest', group: 'admin' },
  { id: 'public-bids-admin', path: '/crm/public-bids-admin', label: 'nav.crm.publicBidsAdmin', group: 'admin' },
  { id: 'administrator', path: '/crm/administrator', label: 'nav.crm.administrator', group: 'admin' },
];
