/** Wording of /crm/dashboard: task list, follow-ups, recent activity. Part of the one catalogue (messages.ts). */
export const crmDashboardMessages = {
} as const;
