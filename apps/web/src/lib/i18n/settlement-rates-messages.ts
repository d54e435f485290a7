/**
 * Wording of the partner's settlement rates on /crm/administrator (decision 044 addendum): "Checkoff" for US
 * partners, "Levies" for Canadian and Australian ones. In the CRM's messages.
 */
export const settlementRatesMessages = {
  'settlementRates.title.checkoff': 'Checkoff and storage rates',
  'settlementRates.title.levies': 'Levies and storage rates',
  'settlementRates.subtitle':
    'What settlements deduct from the grain. New settlements take these rates; settlements already made keep what they took.',
  'settlementRates.levies.checkoff': 'Checkoff',
  'settlementRates.levies.levies': 'Levies',
  'settlementRates.defaults':
    'These are the published US checkoff programs settlements take until you save your own rates.',
  'settlementRates.empty.checkoff': 'No checkoff set: settlements take no checkoff until you add one.',
  'settlementRates.empty.levies': 'No levies set: settlements take no levy until you add one.',
  'settlementRates.add.checkoff': 'Add checkoff',
  'settlementRates.add.levies': 'Add levy',
  'settlementRates.col.crop': 'Crop',
  'settlementRates.col.state': 'State',
  'settlementRates.col.province': 'Province',
  'settlementRates.col.region': 'State or territory',
  'settlementRates.col.program': 'Program',
  'settlementRates.col.rate': 'Rate',
  'settlementRates.col.basis': 'Basis',
  'settlementRates.col.source': 'Source or notes',
  'settlementRates.national': 'All (national)',
  'settlementRates.basis.per_bushel': 'per bu',
  'settlementRates.basis.per_tonne': 'per tonne',
  'settlementRates.basis.pct_of_value': '% of value',
  'settlementRates.storage': 'Storage',
  'settlementRates.storage.hint':
    'Storage is charged after the free days, per bushel and day, from delivery to settlement.',
  'settlementRates.storage.empty': 'No storage rates: settlements charge no storage until you add one.',
  'settlementRates.storage.add': 'Add storage rate',
  'settlementRates.col.market': 'Location',
  'settlementRates.col.freeDays': 'Free days',
  'settlementRates.col.perDay': 'Per bu per day',
  'settlementRates.allCrops': 'All crops',
  'settlementRates.removeRow': 'Remove row {row}',
  'settlementRates.save': 'Save rates',
  'settlementRates.saved': 'Rates saved. New settlements take them.',
  'settlementRates.stale': 'Someone else changed these rates meanwhile: reload them, then make your change again.',
  'settlementRates.reload': 'Reload',
  'settlementRates.error.rate': 'Enter a rate of 0 or more',
  'settlementRates.error.required': 'Required',
  'settlementRates.error.freeDays': 'Whole days, 0 or more',
} as const;
