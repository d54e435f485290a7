/** Wording of /crm/dashboard: task list, follow-ups, recent activity. Part of the CRM's messages (areas/crm.ts). */
export const crmDashboardMessages = {
  'crm.dashboard.title': 'Dashboard',
  'crm.dashboard.noDashboardMarkets.title': 'No dashboard for your markets',
  'crm.dashboard.noDashboardMarkets.body':
    'You do not have the dashboard on any of your markets. Ask your administrator for access.',

  // Last updated
  'crm.dashboard.lastUpdated.label': 'Last updated',
  'crm.dashboard.lastUpdated.never': 'No data yet',
  'crm.dashboard.lastUpdated.contracts': 'Contracts',
  'crm.dashboard.lastUpdated.scaleTickets': 'Scale tickets',
  'crm.dashboard.lastUpdated.notes': 'Notes',
  'crm.dashboard.lastUpdated.failed': 'Could not load when the data was last updated.',

  // Task list
  'crm.dashboard.tasks.title': 'Task list',
  'crm.dashboard.tasks.subtitle': 'Contracts that need your attention at this market',
  'crm.dashboard.tasks.subtitleAsOf': 'Contracts that need your attention at this market on {date}',
  'crm.dashboard.tasks.signature_needed': 'Signature needed',
  'crm.dashboard.tasks.signature_needed.help': 'Contracts waiting for the client’s signature.',
  'crm.dashboard.tasks.pricing_needed': 'Pricing needed',
  'crm.dashboard.tasks.pricing_needed.help': 'Open contracts with bushels still to price.',
  'crm.dashboard.tasks.delivery_needed': 'Delivery needed',
  'crm.dashboard.tasks.delivery_needed.help':
    'Open contracts in or past their delivery window with bushels still to deliver. Opens the delinquent ones.',
  'crm.dashboard.tasks.open': 'View contracts',
  'crm.dashboard.tasks.openLabel': '{label}: {count} contracts. View contracts',
  'crm.dashboard.tasks.noAccess': 'The contract lists are not available to you at this market.',
  'crm.dashboard.tasks.failed': 'Could not load the task list.',

  // Follow-ups
  'crm.dashboard.followups.title': 'Follow-ups',
  'crm.dashboard.followups.upcoming': 'Upcoming',
  'crm.dashboard.followups.onlyMine': 'Only mine',
  'crm.dashboard.followups.past': 'Past',
  'crm.dashboard.followups.bucket': 'How overdue',
  'crm.dashboard.followups.under90Days': 'Under 90 days',
  'crm.dashboard.followups.over90Days': 'Over 90 days',
  'crm.dashboard.followups.dueToday': 'Due today',
  'crm.dashboard.followups.dueOn': 'Due {date}',
  'crm.dashboard.followups.overdue': '{days, plural, one {# day overdue} other {# days overdue}}',
  'crm.dashboard.followups.assignedTo': 'Assigned to {name}',
  'crm.dashboard.followups.unassigned': 'Unassigned',
  'crm.dashboard.followups.markDone': 'Mark done',
  'crm.dashboard.followups.markDoneLabel': 'Mark done: {client}, {description}',
  'crm.dashboard.followups.markedDone': 'Follow-up with {client} marked done.',
  'crm.dashboard.followups.markDoneFailed': 'Could not mark the follow-up done.',
  'crm.dashboard.followups.openClient': 'Open {client}',
  'crm.dashboard.followups.loadMore': 'Show more',
  'crm.dashboard.followups.failed': 'Could not load the follow-ups.',
  'crm.dashboard.followups.empty.upcoming': 'No upcoming follow-ups',
  'crm.dashboard.followups.empty.upcoming.body':
    'Follow-ups you set on a client’s notes will show here until they are due.',
  'crm.dashboard.followups.empty.under90Days': 'Nothing overdue in the last 90 days',
  'crm.dashboard.followups.empty.over90Days': 'Nothing overdue for 90 days or more',
  'crm.dashboard.followups.empty.past.body': 'You are all caught up.',
  'crm.dashboard.followups.showing': 'Showing {shown} of {total}',

  // Recent client activity
  'crm.dashboard.activity.title': 'Recent client activity',
  'crm.dashboard.activity.subtitle': 'Notes, contracts and scale tickets, newest first',
  'crm.dashboard.activity.note': 'Note',
  'crm.dashboard.activity.contract': 'Contract',
  'crm.dashboard.activity.scaleTicket': 'Scale ticket',
  'crm.dashboard.activity.openLabel': '{type} for {client}: {summary}, {date}. Open the client',
  'crm.dashboard.activity.empty': 'No recent activity',
  'crm.dashboard.activity.empty.body': 'New notes, contracts and scale tickets at this market will show here.',
  'crm.dashboard.activity.failed': 'Could not load the recent activity.',
} as const;
