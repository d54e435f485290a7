/** Wording of writing a contract (issue 14): the New contract form of every type, its fields and errors. Part of the CRM's messages (areas/crm.ts). */
export const contractWritingMessages = {} as const;
