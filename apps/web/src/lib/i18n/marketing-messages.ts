/**
 * The profit center's marketing tab (issue 17, decision 058): the marketing plan per crop and year, its progress chart,
 * and price alerts. In the profit center's area catalogue.
 */
export const marketingMessages = {
  'pc.tab.marketing': 'Marketing',
  'pc.marketing.crop': 'Crop',
  'pc.marketing.year': 'Crop year',
  'pc.marketing.loadFailed': 'The marketing plan could not be loaded.',
  'pc.marketing.retry': 'Try again',
  'pc.marketing.unit.bushels': 'bu',
  'pc.marketing.unit.tonnes': 't',

  // Plan
  'pc.marketing.plan.title': 'Marketing plan',
  'pc.marketing.plan.intro': 'How much of your {crop} {year} crop you want sold by each date, and at what price.',
  'pc.marketing.plan.progress': '{percent} sold of {production} estimated · average price {price}',
  'pc.marketing.plan.noEstimate':
    'No production estimate for {crop} {year}: add its acres and yield to your farm business to see the % sold.',
  'pc.marketing.plan.contracted': '{quantity} contracted',
  'pc.marketing.plan.empty': 'No targets yet. Add one to plan your sales.',
  'pc.marketing.plan.save': 'Save plan',
  'pc.marketing.plan.saved': 'Marketing plan saved.',
  'pc.marketing.plan.saveFailed': 'The plan could not be saved.',
  'pc.marketing.target.date': 'By date',
  'pc.marketing.target.percent': '% sold',
  'pc.marketing.target.minPrice': 'Minimum price',
  'pc.marketing.target.minPrice.help': 'Optional',
  'pc.marketing.target.add': 'Add target',
  'pc.marketing.target.remove': 'Remove target {n}',
  'pc.marketing.target.status': '{status, select, met {Met} behind {Behind} other {Upcoming}}',
  'pc.marketing.chart.title': 'Targets and % sold',
  'pc.marketing.chart.target': 'Target % sold',
  'pc.marketing.chart.sold': 'Sold now',

  // Field messages
  'pc.marketing.error.date': 'Enter a date',
  'pc.marketing.error.percent': 'Enter a percentage from 0 to 100',
  'pc.marketing.error.price': 'Enter a price such as 4.33½ or 4.3350',
  'pc.marketing.error.symbol': 'Enter a futures symbol such as ZCZ26',
  'pc.marketing.error.bid': 'Choose a bid',

  // Alerts
  'pc.marketing.alerts.title': 'Price alerts',
  'pc.marketing.alerts.new': 'New alert',
  'pc.marketing.alerts.empty':
    'No price alerts yet. An alert tells you once when a bid or futures price crosses your level.',
  'pc.marketing.alerts.futures': '{crop} futures {symbol}',
  'pc.marketing.alerts.bid': '{crop} · {bid} at {market}',
  'pc.marketing.alerts.rule': '{direction, select, above {At or above} other {At or below}} {level}',
  'pc.marketing.alerts.now': 'Now {price}',
  'pc.marketing.alerts.noPrice': 'No price posted',
  'pc.marketing.alerts.status': '{status, select, active {Watching} triggered {Fired at {price}} other {Expired}}',
  'pc.marketing.alerts.edit': 'Edit alert',
  'pc.marketing.alerts.remove': 'Remove alert',
  'pc.marketing.alerts.removeFailed': 'The alert could not be removed.',
  'pc.marketing.alert.titleNew': 'New price alert',
  'pc.marketing.alert.titleEdit': 'Edit price alert',
  'pc.marketing.alert.help':
    'It tells you once, as your notification settings say (in the app, by e-mail or by text). Saving it again sets it watching again.',
  'pc.marketing.alert.kind': 'Watch',
  'pc.marketing.alert.kind.futures': 'A futures contract',
  'pc.marketing.alert.kind.bid': 'A local bid',
  'pc.marketing.alert.symbol': 'Futures symbol',
  'pc.marketing.alert.bid': 'Bid (location and delivery)',
  'pc.marketing.alert.direction': 'When the price is',
  'pc.marketing.alert.direction.above': 'At or above',
  'pc.marketing.alert.direction.below': 'At or below',
  'pc.marketing.alert.level': 'Level',
  'pc.marketing.alert.expiresOn': 'Last day (optional)',
  'pc.marketing.alert.save': 'Save alert',
  'pc.marketing.alert.cancel': 'Cancel',
  'pc.marketing.alert.saveFailed': 'The alert could not be saved.',
} as const;
