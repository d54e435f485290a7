/** Wording of scale tickets, discount schedules and applying tickets to contracts (issue 14). Part of the CRM's messages (areas/crm.ts). */
export const deliveriesMessages = {
  'discountSchedules.title': 'Discount schedules',
} as const;
