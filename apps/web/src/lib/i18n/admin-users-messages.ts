/** Wording of the CRM administrator's users and permissions (issue 15; grain-marketing.md 6, 8 'CRM' admin user errors). */
export const adminUsersMessages = {
  'adminUsers.title': 'Users',
  'adminUsers.user.title': 'User',
} as const;
