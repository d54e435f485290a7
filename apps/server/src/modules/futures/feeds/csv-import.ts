// The admin CSV import of quotes (POST /api/commodities/profit-center/quotes/import, text/csv, super admins):
// symbol,last[,open,high,low,previous_settle,trade_date,quoted_at,settle], with or without a header row. Every row
// is checked first; if any is bad nothing is written and the answer lists each bad row (its line in the file) with
// its reasons. A symbol of our products not yet listed is added with its calendar. The quotes go through the
// one writer (history, 'quotes' events) and the listeners hear of them through a job (one process).
// A `settle` is the settlement of the row's trade_date (the session's trading day when none is given): it is recorded
// as that day's 'settle' history row at the day's close (as the simulated feed records its settlements), replacing one
// already recorded for that symbol and day; the structures' nightly observation reads it (decision 062). A row with a
// settle and no last records the settlement alone (a missed day's, imported later) and leaves the quote as it is.

import { parse } from 'csv-parse/sync';
import {
  QUOTE_IMPORT_COLUMNS,
  QUOTE_IMPORT_MAX_ROWS,
  isDecimalString,
  exchangeClock,
  isIsoDate,
  lastTradeDay,
  parseFuturesSymbol,
  toDecimal,
  tradingSession,
  type FuturesProduct,
  type QuoteImportResult,
  type QuoteImportRowError,
} from '@granary/domain';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { applyQuoteUpdates, ensureSymbols, insertSettlements, type QuoteWrite } from '../futures.repo.ts';
import { enqueueQuotesChanged } from '../quotes-listeners.ts';
import { settlementInstant } from './simulated.ts';

type Column = (typeof QUOTE_IMPORT_COLUMNS)[number];

type Settlement = { symbol: string; price: string; quotedAt: Date };

/** A row's writes: the quote (when it has a last) and the settlement (when it has a settle), at least one. */
type ParsedRow = {
  line: number;
  write: QuoteWrite | null;
  settlement: Settlement | null;
  product: FuturesProduct;
  optionMonth: string;
};

function price(
  value: string | undefined,
  name: string,
  reasons: string[],
  required = false,
): string | null | undefined {
  const v = value?.trim() ?? '';
  if (v === '') {
    if (required) reasons.push(`${name} is missing`);
    return undefined;
  }
  if (!isDecimalString(v) || toDecimal(v).lte(0)) {
    reasons.push(`${name} '${v.slice(0, 20)}' is not a positive number`);
    return undefined;
  }
  if (toDecimal(v).decimalPlaces() > 4) {
    reasons.push(`${name} has more than 4 decimals`);
    return undefined;
  }
  return toDecimal(v).toFixed(4);
}

/** Reads and checks the file: the rows to write, or every bad row's reasons. */
function parseQuotesCsv(text: string, now: Date): { rows: ParsedRow[]; errors: QuoteImportRowError[] } {
  let parsedRecords: { record: string[]; info: { lines: number } }[];
  try {
    parsedRecords = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as typeof parsedRecords;
  } catch (err) {
    throw new AppError('invalid_request', `The file is not valid CSV: ${(err as Error).message}`);
  }
  // Rows are reported by their line in the file (1-based, the header included), as a spreadsheet numbers them.
  const records = parsedRecords.map((r) => r.record);
  const lines = parsedRecords.map((r) => r.info.lines);
  let columns: Column[] = [...QUOTE_IMPORT_COLUMNS];
  let first = 0;
  const errors: QuoteImportRowError[] = [];
  if (records[0] && records[0][0]?.toLowerCase() === 'symbol') {
    first = 1;
    const header = records[0].map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
    const unknown = header.filter((h) => !(QUOTE_IMPORT_COLUMNS as readonly string[]).includes(h));
    // A file of settlements alone (symbol, settle, trade_date) needs no last.
    const missing = (header.includes('settle') ? (['symbol'] as const) : (['symbol', 'last'] as const)).filter(
      (c) => !header.includes(c),
    );
    if (unknown.length > 0 || missing.length > 0) {
      errors.push({
        row: lines[0] ?? 1,
        reasons: [
          ...unknown.map((h) => `unknown column '${h.slice(0, 30)}'`),
          ...missing.map((c) => `column '${c}' is missing`),
        ],
      });
      return { rows: [], errors };
    }
    columns = header as Column[];
  }
  const body = records.slice(first);
  if (body.length === 0) throw new AppError('invalid_request', 'The file has no quotes.');
  if (body.length > QUOTE_IMPORT_MAX_ROWS)
    throw new AppError('invalid_request', `At most ${QUOTE_IMPORT_MAX_ROWS} quotes in one file.`);

  const defaultTradeDate = tradingSession(now).tradeDate;
  const today = exchangeClock(now).date;
  const seen = new Map<string, number>();
  const rows: ParsedRow[] = [];
  body.forEach((record, i) => {
    const line = lines[i + first] ?? i + first + 1;
    const reasons: string[] = [];
    if (record.length > columns.length) reasons.push(`${record.length} columns, at most ${columns.length}`);
    const cell = (c: Column): string | undefined => {
      const index = columns.indexOf(c);
      return index < 0 ? undefined : record[index];
    };
    const symbolText = (cell('symbol') ?? '').trim().toUpperCase();
    const parsed = symbolText ? parseFuturesSymbol(symbolText) : null;
    if (!symbolText) reasons.push('symbol is missing');
    else if (!parsed) reasons.push(`unknown symbol '${symbolText.slice(0, 12)}'`);
    else if (seen.has(symbolText)) reasons.push(`symbol ${symbolText} is also on row ${seen.get(symbolText)}`);
    if (symbolText && !seen.has(symbolText)) seen.set(symbolText, line);

    const settleGiven = (cell('settle')?.trim() ?? '') !== '';
    const last = price(cell('last'), 'last', reasons, !settleGiven);
    const settle = price(cell('settle'), 'settle', reasons);
    const open = price(cell('open'), 'open', reasons);
    const high = price(cell('high'), 'high', reasons);
    const low = price(cell('low'), 'low', reasons);
    const previousSettle = price(cell('previous_settle'), 'previous_settle', reasons);
    if (parsed) {
      const tick = toDecimal(parsed.product.tick);
      for (const [name, value] of [
        ['last', last],
        ['settle', settle],
      ] as const) {
        if (value && !toDecimal(value).div(tick).isInteger())
          reasons.push(`${name} ${value} is not on the ${parsed.product.tick} tick`);
      }
    }
    if (high && low && toDecimal(high).lt(toDecimal(low))) reasons.push('high is below low');
    if (last && high && toDecimal(last).gt(toDecimal(high))) reasons.push('last is above high');
    if (last && low && toDecimal(last).lt(toDecimal(low))) reasons.push('last is below low');

    const tradeDateText = cell('trade_date')?.trim() ?? '';
    let tradeDate = defaultTradeDate;
    if (tradeDateText !== '') {
      const shown = tradeDateText.slice(0, 20);
      if (isIsoDate(tradeDateText)) tradeDate = tradeDateText;
      else reasons.push(`trade_date '${shown}' is not a date (YYYY-MM-DD)`);
    }
    if (parsed && tradeDate > lastTradeDay(parsed.optionMonth))
      reasons.push(`${parsed.root}${parsed.monthCode} stopped trading on ${lastTradeDay(parsed.optionMonth)}`);
    if (settle && isIsoDate(tradeDate)) {
      // A settlement is a trading day's close: not on a weekend, not of a day still to come.
      const weekday = new Date(`${tradeDate}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) reasons.push(`trade_date ${tradeDate} is a weekend: no settlement`);
      else if (tradeDate > today) reasons.push(`settle of ${tradeDate}, a trading day still to come`);
    }

    const quotedAtText = cell('quoted_at')?.trim() ?? '';
    let quotedAt = now;
    if (quotedAtText !== '') {
      const t = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(quotedAtText)
        ? Date.parse(quotedAtText)
        : NaN;
      if (Number.isNaN(t)) reasons.push(`quoted_at '${quotedAtText.slice(0, 30)}' is not a date and time`);
      else if (t > now.getTime() + 86_400_000) reasons.push('quoted_at is in the future');
      else quotedAt = new Date(t);
    }

    if (reasons.length > 0 || !parsed || !(last || settle)) {
      errors.push({ row: line, reasons });
      return;
    }
    rows.push({
      line,
      product: parsed.product,
      optionMonth: parsed.optionMonth,
      write: last
        ? {
            symbol: symbolText,
            last,
            ...(open !== undefined ? { open } : {}),
            ...(high !== undefined ? { high } : {}),
            ...(low !== undefined ? { low } : {}),
            ...(previousSettle !== undefined ? { previousSettle } : {}),
            tradeDate,
            quotedAt,
          }
        : null,
      settlement: settle ? { symbol: symbolText, price: settle, quotedAt: settlementInstant(tradeDate) } : null,
    });
  });
  return { rows, errors };
}

/** Imports the file (all or nothing). */
export async function importQuotesCsv(db: Db, text: string, now: Date = new Date()): Promise<QuoteImportResult> {
  const { rows, errors } = parseQuotesCsv(text, now);
  if (errors.length > 0) {
    const shown = errors.slice(0, 5).map((e) => `row ${e.row}: ${e.reasons.join(', ')}`);
    throw new AppError(
      'invalid_request',
      `Nothing was imported: ${errors.length} ${errors.length === 1 ? 'row is' : 'rows are'} not valid (${shown.join('; ')}${errors.length > 5 ? '; …' : ''}).`,
      { rows: errors },
    );
  }
  return db.transaction(async (tx) => {
    const created: string[] = [];
    const byProduct = new Map<FuturesProduct, string[]>();
    for (const r of rows) byProduct.set(r.product, [...(byProduct.get(r.product) ?? []), r.optionMonth]);
    for (const [product, months] of byProduct) created.push(...(await ensureSymbols(tx, product, months)));
    const written = await applyQuoteUpdates(
      tx,
      rows.flatMap((r) => (r.write ? [r.write] : [])),
      'import',
    );
    const settlements = rows.flatMap((r) => (r.settlement ? [r.settlement] : []));
    await insertSettlements(tx, settlements, 'import');
    const symbols = written.map((q) => q.symbol);
    const settled = settlements.map((s) => s.symbol);
    await enqueueQuotesChanged(tx, [...new Set([...symbols, ...settled])], now, { settled });
    return { imported: written.length, created: created.sort(), symbols, settlements: settlements.length };
  });
}
