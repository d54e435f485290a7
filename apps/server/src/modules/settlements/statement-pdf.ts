// The settlement statement (pdf-lib, as the contract PDF and the store invoice): the partner, market, farmer, the
// settlement's lines (ticket, contract, bushels, price, amount and each deduction), the deductions and the payees.
// Every figure goes through the domain's formatters (formatMoney, formatPrice, formatNumber, formatDay).

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  DEFAULT_PRICE_NOTATION,
  formatDay,
  formatMoney,
  formatNumber,
  formatPrice,
  toDecimal,
  type PriceNotationSettings,
  type SettlementDetail,
} from '@granary/domain';

const PAGE: [number, number] = [792, 612]; // letter, landscape: the line table is wide
const MARGIN = 40;
const INK = rgb(0.11, 0.16, 0.12);
const MUTED = rgb(0.4, 0.42, 0.4);
const RULE = rgb(0.8, 0.82, 0.8);

function pdfText(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

export type StatementMeta = {
  partnerName: string;
  currency: string;
  locale: 'en-US' | 'en-CA' | 'en-AU';
  priceNotation?: PriceNotationSettings;
};

type Column = {
  label: string;
  width: number;
  align: 'left' | 'right';
  value: (l: SettlementDetail['lines'][number]) => string;
};

export async function statementPdf(s: SettlementDetail, meta: StatementMeta): Promise<Uint8Array> {
  const notation = meta.priceNotation ?? DEFAULT_PRICE_NOTATION;
  const money = (v: string) => formatMoney(v, { currency: meta.currency });
  const minus = (v: string) => (Number(v) === 0 ? '-' : money(v));
  const bushels = (v: string) => formatNumber(v, { maxFractionDigits: 2 });
  const day = (v: string) => formatDay(v, meta.locale);

  const doc = await PDFDocument.create();
  const title = `Settlement ${s.displaySettlementId ?? ''}`.trim();
  doc.setTitle(pdfText(title), { showInWindowTitleBar: true });
  doc.setAuthor(pdfText(meta.partnerName));
  doc.setSubject(pdfText(`${title} for ${s.clientName}`));
  const created = s.createdAt ? new Date(s.createdAt) : new Date();
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);

  let page = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const text = (p: PDFPage, t: string, x: number, at: number, size: number, font: PDFFont, color = INK) =>
    p.drawText(pdfText(t), { x, y: at, size, font, color });
  const right = (p: PDFPage, t: string, xRight: number, at: number, size: number, font: PDFFont, color = INK) =>
    text(p, t, xRight - font.widthOfTextAtSize(pdfText(t), size), at, size, font, color);

  text(page, meta.partnerName, MARGIN, y, 16, bold);
  right(page, title, PAGE[0] - MARGIN, y, 14, bold);
  y -= 18;
  text(page, `Grain settlement statement - ${s.marketName}`, MARGIN, y, 10, regular, MUTED);
  right(page, s.status === 'void' ? 'VOID' : s.status === 'draft' ? 'DRAFT' : '', PAGE[0] - MARGIN, y, 10, bold, MUTED);
  y -= 24;

  const facts: [string, string][] = [
    ['Seller', s.clientName],
    ['Settlement date', day(s.settlementDate)],
    ['Crop', `${s.cropName} ${s.cropYear}`],
    ['Contracts', s.contracts.map((c) => c.displayContractId).join(', ')],
    ['Bushels', bushels(s.bushels)],
  ];
  for (const [label, value] of facts) {
    text(page, label, MARGIN, y, 9, regular, MUTED);
    text(page, value, MARGIN + 100, y, 9, bold);
    y -= 13;
  }
  y -= 10;

  const columns: Column[] = [
    { label: 'Ticket', width: 80, align: 'left', value: (l) => l.displayScaleTicketId },
    { label: 'Delivered', width: 64, align: 'left', value: (l) => day(l.deliveryDate) },
    { label: 'Contract', width: 72, align: 'left', value: (l) => l.displayContractId },
    { label: 'Bushels', width: 62, align: 'right', value: (l) => bushels(l.bushels) },
    {
      label: 'Price',
      width: 58,
      align: 'right',
      value: (l) => formatPrice(l.price, { notation: notation.price, currency: meta.currency }),
    },
    { label: 'Amount', width: 74, align: 'right', value: (l) => money(l.amount) },
    { label: 'Drying', width: 58, align: 'right', value: (l) => minus(l.drying) },
    { label: 'Discounts', width: 58, align: 'right', value: (l) => minus(l.discounts) },
    { label: 'Storage', width: 58, align: 'right', value: (l) => minus(l.storage) },
    { label: 'Checkoff', width: 58, align: 'right', value: (l) => minus(l.checkoff) },
    { label: 'Net', width: 70, align: 'right', value: (l) => money(l.net) },
  ];
  const drawRow = (values: string[], font: PDFFont, color = INK) => {
    let x = MARGIN;
    columns.forEach((c, i) => {
      if (c.align === 'left') text(page, values[i]!, x, y, 8, font, color);
      else right(page, values[i]!, x + c.width - 4, y, 8, font, color);
      x += c.width;
    });
  };
  const header = () => {
    drawRow(
      columns.map((c) => c.label),
      bold,
      MUTED,
    );
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE[0] - MARGIN, y }, thickness: 0.5, color: RULE });
    y -= 11;
  };
  header();
  for (const l of s.lines) {
    if (y < MARGIN + 20) {
      page = doc.addPage(PAGE);
      y = PAGE[1] - MARGIN;
      header();
    }
    drawRow(
      columns.map((c) => c.value(l)),
      regular,
    );
    y -= 12;
  }
  page.drawLine({
    start: { x: MARGIN, y: y + 8 },
    end: { x: PAGE[0] - MARGIN, y: y + 8 },
    thickness: 0.5,
    color: RULE,
  });
  y -= 8;

  const summary: [string, string, boolean][] = [['Gross', money(s.gross), true]];
  for (const d of s.deductions) {
    const what =
      d.kind === 'advance'
        ? `advance recovered (paid ${day(d.description)})`
        : d.kind === 'checkoff'
          ? d.description
          : d.kind === 'discounts'
            ? 'grade discounts'
            : d.kind;
    summary.push([`Less ${what}`, `-${money(d.amount)}`, false]);
    // What is left of the advance after this settlement (recovered in part), or that it is recovered whole.
    if (d.kind === 'advance' && d.advanceBalance != null) {
      const left = toDecimal(d.advanceBalance).gt(0) ? `balance left ${money(d.advanceBalance)}` : 'recovered in full';
      summary.push([`    Advance ${left}`, '', false]);
    }
  }
  summary.push(['Total deductions', `-${money(s.deductionsTotal)}`, true]);
  summary.push(['Net', money(s.net), true]);
  summary.push(['', '', false]);
  summary.push(['Paid to', '', true]);
  for (const p of s.payees) {
    summary.push([`${p.payeeName}${p.kind === 'lienholder' ? ' (lienholder)' : ''}`, money(p.amount), false]);
  }
  const needed = summary.length * 13 + 20;
  if (y - needed < MARGIN) {
    page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  }
  const xLabel = PAGE[0] - MARGIN - 320;
  for (const [label, value, strong] of summary) {
    text(page, label, xLabel, y, 9, strong ? bold : regular, strong ? INK : MUTED);
    if (value) right(page, value, PAGE[0] - MARGIN, y, 9, strong ? bold : regular);
    y -= 13;
  }
  if (s.voidReason) {
    y -= 6;
    text(page, `Voided: ${s.voidReason}`, MARGIN, y, 9, regular, MUTED);
  }
  return doc.save();
}
