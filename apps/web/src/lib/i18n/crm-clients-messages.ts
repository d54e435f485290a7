/** Wording of /crm/clients and /crm/client/:clientId: search, profile, charts, notes, follow-ups. Part of the one catalogue (messages.ts). */
export const crmClientsMessages = {
} as const;
