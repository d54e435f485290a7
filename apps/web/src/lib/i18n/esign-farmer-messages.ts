/** Wording of the farmer's Sign in My Sales Lite: the contract list's Sign button and the contract dialog's amendments (issue 14). Part of My Sales Lite's messages (areas/my-sales-lite.ts). */
export const esignFarmerMessages = {
  'esign.msl.sign': 'Sign',
  'esign.msl.signContract': 'Sign contract {number}',
  'esign.msl.signAmendment': 'Sign amendment {id}',
  'esign.msl.signed': 'Signed',
  'esign.msl.toSign': 'Needs your signature',
  'esign.msl.amendments': 'Amendments',
  'esign.msl.amendmentPdf': 'PDF',
  'esign.msl.amendmentPdfLabel': 'Amendment {id} PDF',
} as const;
