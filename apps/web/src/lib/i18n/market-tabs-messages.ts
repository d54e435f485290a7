/**
 * The profit center's market tabs (issue 17, decision 057 addendum): the market summary board, the futures prices
 * chart, the brokerage tab and the crop spot basis analysis. In the profit center's area catalogue.
 */
export const marketTabsMessages = {
  'pc.tab.marketSummary': 'Market summary',
  'pc.tab.futurePrices': 'Futures prices',
  'pc.tab.brokerage': 'Brokerage',
  'pc.tab.research': 'Basis analysis',
  // Market summary
  'pc.ms.intro': 'Futures for the crops you sell, nearest months first.',
  'pc.ms.empty':
    'No futures to show yet: the board lists the crops of your contracts and scale tickets that trade on a futures exchange.',
  'pc.ms.product': '{product} · {exchange}',
  'pc.ms.month': 'Month',
  'pc.ms.last': 'Last',
  'pc.ms.change': 'Change',
  'pc.ms.high': 'High',
  'pc.ms.low': 'Low',
  'pc.ms.previous': 'Prev. settle',
  'pc.ms.asOf': 'As of {time}',
  'pc.ms.live': 'Prices update live while this page is open.',
  'pc.ms.offline': 'Live updates paused: prices are as of the time shown.',
  'pc.ms.chart': 'Chart',
  'pc.ms.chartOf': 'Chart {symbol}',
  // Futures prices
  'pc.fp.symbol': 'Futures month',
  'pc.fp.range': 'Range',
  'pc.fp.range.1M': '1M',
  'pc.fp.range.3M': '3M',
  'pc.fp.range.6M': '6M',
  'pc.fp.range.1Y': '1Y',
  'pc.fp.rangeLabel.1M': 'One month',
  'pc.fp.rangeLabel.3M': 'Three months',
  'pc.fp.rangeLabel.6M': 'Six months',
  'pc.fp.rangeLabel.1Y': 'One year',
  'pc.fp.chart': '{symbol} settlements, {from} to {to}',
  'pc.fp.price': 'Price',
  'pc.fp.settle': 'Settlement',
  'pc.fp.latest': 'Latest',
  'pc.fp.noSymbols': 'No futures quotes yet.',
  'pc.fp.noHistory': 'No prices recorded for {symbol} in this range.',
  'pc.fp.recordedFrom': 'Prices recorded from {day}: earlier days of the range have none.',
  'pc.fp.high': 'Range high',
  'pc.fp.low': 'Range low',
  'pc.fp.last': 'Latest',
  // Brokerage
  'pc.brokerage.title': 'Futures and options brokerage',
  'pc.brokerage.body':
    'This tab is for a futures and options brokerage account: hedges on the exchange placed through a licensed broker, with their positions, trades and statements.',
  'pc.brokerage.none':
    '{brand} does not hold a brokerage account for your farm business, so there are no positions or trades to show here. Your cash grain contracts are under Sales.',
  'pc.brokerage.how': 'To open a brokerage account or link one you already have, contact {brand}:',
  'pc.brokerage.phone': 'Phone',
  'pc.brokerage.email': 'E-mail',
  'pc.brokerage.support': 'Support hours and contacts',
  'pc.brokerage.sales': 'Your contracts',
  // Crop spot basis analysis
  'pc.basis.title': 'Crop spot basis analysis',
  'pc.basis.intro':
    'The basis of a location’s spot bid — the nearest delivery period still open — day by day, against its seasonal average: the same weeks of the three years before.',
  'pc.basis.location': 'Location',
  'pc.basis.crop': 'Crop',
  'pc.basis.range': 'Range',
  'pc.basis.noLocations':
    'No local bids yet: the analysis reads the bids your elevators post at the locations you sell to.',
  'pc.basis.noBid': 'No bid for {crop} is posted at this location, so there is no spot basis to analyze.',
  'pc.basis.spot': 'Spot bid',
  'pc.basis.spotOf': '{name} ({from} – {to})',
  'pc.basis.today': 'Basis today',
  'pc.basis.seasonal': 'Seasonal average',
  'pc.basis.seasonalYears': 'over {count, plural, one {# earlier year} other {# earlier years}}',
  'pc.basis.vsSeasonal': 'Against the seasonal average',
  'pc.basis.stronger': '{amount} stronger',
  'pc.basis.weaker': '{amount} weaker',
  'pc.basis.even': 'Even',
  'pc.basis.noSeasonal': 'Not yet recorded',
  'pc.basis.recordedSince':
    'Basis has been recorded for this bid since {day}. The seasonal average needs the same weeks of an earlier year, so it is drawn only where one is recorded; nothing is estimated for the days before.',
  'pc.basis.chart': 'Spot basis of {crop} at {location}',
  'pc.basis.line': 'Basis',
  'pc.basis.seasonalLine': 'Seasonal average',
  'pc.basis.back': 'Back to the market home',
} as const;
