/** Wording of the CRM administrator's frame (issue 15): its tabs, legal entities and the offboarding report. */
export const crmAdminMessages = {
  'crmAdmin.tabs.label': 'Administrator sections',
  'crmAdmin.tabs.settings': 'Settings',
  'crmAdmin.tabs.users': 'Users',
  'crmAdmin.tabs.markets': 'Markets',
  'crmAdmin.tabs.legalEntities': 'Legal entities',
  'crmAdmin.tabs.apiTokens': 'API tokens',
  'crmAdmin.tabs.offboarding': 'Offboarding',
  'crmAdmin.legalEntities.title': 'Legal entities',
  'crmAdmin.offboarding.title': 'Offboarding report',
} as const;
