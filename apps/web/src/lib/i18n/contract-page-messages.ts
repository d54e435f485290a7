/** Wording of the contract page and its documents, amendments and signatures (issue 14). Part of the CRM's messages (areas/crm.ts). */
export const contractPageMessages = {
  'contractPage.title': 'Contract {number}',
} as const;
