/** Wording of /crm/contracts and /crm/deliveries: views, filters, columns, paging, export. Part of the one catalogue (messages.ts). */
export const crmListsMessages = {
} as const;
