/**
 * Wording of the profit center's payments tab and the market home's bid chart (issue 17, decision 057 addendum);
 * the payments tab's sections are My Sales Lite's (payments-messages.ts).
 */
export const pcPaymentsMessages = {
  'pc.tab.payments': 'Payments',
  'pc.pay.label': 'Payments sections',
  'pc.pay.requests': 'Request payment',
  'pc.pay.history': 'Payment history',
  'pc.pay.balances': 'Balances',
  // The bid chart (market home: a bid's row opens it)
  'pc.chart.open': 'Price history of {name}',
  'pc.chart.title': '{crop} {name}',
  'pc.chart.subtitle': '{market} · futures {month}',
  'pc.chart.subtitleFlat': '{market} · flat price',
  'pc.chart.range': 'Period',
  'pc.chart.range.1M': '1M',
  'pc.chart.range.3M': '3M',
  'pc.chart.range.1Y': '1Y',
  'pc.chart.cash': 'Cash',
  'pc.chart.futures': 'Futures',
  'pc.chart.basis': 'Basis',
  'pc.chart.latest': 'Latest close {day}',
  'pc.chart.help': 'One point a day: the day’s last cash price, futures and basis.',
  'pc.chart.empty': 'No price history for this bid in this period yet.',
  'pc.chart.close': 'Close',
} as const;
