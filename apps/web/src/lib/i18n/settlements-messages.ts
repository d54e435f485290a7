/** Wording of settlements, advances and liens (issue 14), the CRM's and the farmer's. In the CRM's and My Sales Lite's messages. */
export const settlementsMessages = {
  'settlements.title': 'Settlements',
} as const;
