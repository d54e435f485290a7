import type { EnterpriseSection } from '../lib/enterprise/enterprise-section';

/**
 * The tabs of an enterprise's pages, /account/user/:userPublicId/enterprise/:enterprisePublicId/:section? (issue 16,
 * decision 050), in the order shown; the first is the default. Each area adds its own entry here (team, addresses,
 * delivery contacts…): the URL segment, the tab's message id (the area's catalogue) and its lazily loaded component,
 * which receives EnterpriseSectionProps. The shell composes them because features do not import each other.
 */
export const ENTERPRISE_SECTIONS: readonly EnterpriseSection[] = [
  {
    id: 'profile',
    labelId: 'enterprise.section.profile',
    load: () => import('../features/account/enterprise-profile-section').then((m) => m.EnterpriseProfileSection),
  },
  // The team (issue 16, decision 052): /account/user/:u/enterprise/:e/team; /enterprise/:id/team shows the same.
  { id: 'team', labelId: 'team.title', load: () => import('../features/team/team-section').then((m) => m.TeamSection) },
  // The farm business's one address book and its delivery contacts (issue 16, decision 051).
  {
    id: 'addresses',
    labelId: 'addresses.tab',
    load: () => import('../features/addresses/addresses-section').then((m) => m.AddressesSection),
  },
  {
    id: 'delivery-contacts',
    labelId: 'contacts.tab',
    load: () => import('../features/addresses/delivery-contacts-section').then((m) => m.DeliveryContactsSection),
  },
  // The farm business's billing (issue 17, decision 056); /billing shows the same for the current farm business.
  {
    id: 'billing',
    labelId: 'billing.title',
    load: () => import('../features/billing/billing-section').then((m) => m.BillingSection),
  },
  {
    id: 'contributed-data',
    labelId: 'enterprise.section.contributedData',
    load: () => import('../features/account/contributed-data-section').then((m) => m.ContributedDataSection),
  },
  {
    id: 'qualifying-questions',
    labelId: 'enterprise.section.qualifyingQuestions',
    load: () => import('../features/account/qualifying-questions-section').then((m) => m.QualifyingQuestionsSection),
  },
  {
    id: 'agronomics',
    labelId: 'enterprise.section.agronomics',
    load: () => import('../features/account/agronomics-section').then((m) => m.AgronomicsSection),
  },
];
