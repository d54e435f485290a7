/** Wording of the live futures board and the administrator's futures pages. Part of the CRM's messages (areas/crm.ts). */
export const futuresMessages = {
  // Quote board
  'futures.board.title': '{name} futures',
  'futures.board.label': '{name} futures quotes',
  'futures.board.contract': 'Contract',
  'futures.board.last': 'Last',
  'futures.board.change': 'Change',
  'futures.board.time': 'Time',
  'futures.board.unit': '{exchange} · {currency} per {unit, select, tonne {tonne} other {bushel}}',
  'futures.board.up': 'Up {change}',
  'futures.board.down': 'Down {change}',
  'futures.board.unchanged': 'Unchanged',
  'futures.board.noChange': 'No settlement yet',
  'futures.board.noFutures': 'This crop has no futures market: its bids are flat cash prices.',
  'futures.board.empty': 'No futures quotes yet.',
  'futures.board.loadFailed': 'Futures quotes could not be loaded.',
  'futures.board.retry': 'Retry',
  'futures.live.open': 'Live',
  'futures.live.connecting': 'Connecting…',
  'futures.live.reconnecting': 'Reconnecting…',
  'futures.board.closed': 'Market closed',

  // Administrator page
  'crm.administrator.title': 'Administrator',

  // Price notation (CRM administrators, issue 13)
  'crm.administrator.notation.title': 'Price notation',
  'crm.administrator.notation.subtitle':
    'How every page, e-mail and export writes futures, cash and basis prices. Canola and other crops priced per tonne keep dollars and cents a tonne.',
  'crm.administrator.notation.price': 'Futures and cash prices',
  'crm.administrator.notation.price.fraction': 'Fractions — {example}',
  'crm.administrator.notation.price.eighths': 'Eighths — {example}',
  'crm.administrator.notation.price.decimal': 'Four decimals — {example}',
  'crm.administrator.notation.basis': 'Basis',
  'crm.administrator.notation.basis.cents': 'Cents — {example}',
  'crm.administrator.notation.basis.dollars': 'Dollars — {example}',
  'crm.administrator.notation.preview':
    'December corn reads: futures {futures}, basis {basis}, cash {cash}. Canola stays {canola}.',
  'crm.administrator.notation.save': 'Save notation',
  'crm.administrator.notation.saved': 'Price notation saved.',

  // Futures quotes import (super admins)
  'futures.import.title': 'Futures quotes',
  'futures.import.subtitle':
    'Upload a CSV file of quotes: symbol, last, and optionally open, high, low, previous_settle, trade_date, quoted_at and settle. A settle is the settlement price of the row’s trade_date (today when none is given): it is recorded as that day’s settlement, replacing one already recorded, and live structures are observed with it. A row with a settle and no last records the settlement only. Every row is checked first: if one is wrong, nothing is imported.',
  'futures.import.example': 'Example: {example}',
  'futures.import.choose': 'Choose a CSV file',
  'futures.import.chosen': '{name} · {rows, plural, one {# row} other {# rows}}',
  'futures.import.upload': 'Import quotes',
  'futures.import.uploading': 'Importing…',
  'futures.import.done':
    '{imported, plural, one {# quote} other {# quotes}} imported{created, plural, =0 {} one {, # new contract month listed} other {, # new contract months listed}}{settlements, plural, =0 {} one {, # settlement recorded} other {, # settlements recorded}}.',
  'futures.import.failed': 'Nothing was imported. Fix these rows and upload the file again.',
  'futures.import.row': 'Row',
  'futures.import.reasons': 'What is wrong',
  'futures.import.readFailed': 'The file could not be read.',
  'futures.import.current': 'Current quotes',

  // Rounding modes (buyer admins)
  'futures.rounding.title': 'Cash price rounding',
  'futures.rounding.subtitle': 'How each crop’s cash price (futures + basis) is rounded at this market.',
  'futures.rounding.crop': 'Crop',
  'futures.rounding.mode': 'Rounding',
  'futures.rounding.modeOf': 'Rounding of {crop}',
  'futures.rounding.default': 'Default',
  'futures.rounding.saved': 'Rounding saved.',
  'futures.rounding.saveFailed': 'Could not save the rounding. Please try again.',
  'futures.rounding.readOnly': 'You need the bids permission at this market to change its rounding.',
  'futures.rounding.mode.nearest_cent': 'Nearest cent',
  'futures.rounding.mode.down_cent': 'Down to the cent',
  'futures.rounding.mode.up_cent': 'Up to the cent',
  'futures.rounding.mode.nearest_half_cent': 'Nearest half cent',
  'futures.rounding.mode.nearest_quarter_cent': 'Nearest quarter cent',
  'futures.rounding.mode.none': 'No rounding',
} as const;
