/** Wording of pricing a contract (issue 14): basis set, futures set, addenda, credit sale, secondary obligation, open positions. Part of the CRM's messages (areas/crm.ts). */
export const pricingMessages = {} as const;
