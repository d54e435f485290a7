// The invoice of a store order as a PDF (issue 13), drawn with pdf-lib like the e-sign contract: the partner's brand
// words, the order number and dates, who is billed, each shipment's lines (quantity × pack size, unit price, total)
// and the order's totals. Money goes through formatMoney and dates through formatDay, as on the order page.

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDay, formatMoney, type DateLocale, type OrderDetail } from '@granary/domain';

const PAGE: [number, number] = [612, 792];
const MARGIN = 48;
const INK = rgb(0.11, 0.16, 0.12);
const MUTED = rgb(0.4, 0.42, 0.4);
const RULE = rgb(0.82, 0.84, 0.82);

export type InvoiceWords = { brand: string; legalName: string };

/** The standard fonts write WinAnsi only: other characters become their closest ASCII or '?'. */
function pdfText(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00d7/g, 'x')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** A payment term's wire value in words ('28_eom' → '28 eom', 'acme_ach' → 'Acme ACH'). */
function termWords(term: string): string {
  const words = term.replace(/_/g, ' ').replace(/\b(ach|eft|eom|acss)\b/gi, (w) => w.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function addressLines(a: Record<string, unknown> | null): string[] {
  if (!a) return [];
  const s = (k: string) => (typeof a[k] === 'string' ? (a[k] as string).trim() : '');
  const cityLine = [s('city'), [s('region'), s('postalCode')].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [s('name'), s('line1'), s('line2'), cityLine].filter(Boolean);
}

type Cursor = { doc: PDFDocument; page: PDFPage; y: number; font: PDFFont; bold: PDFFont };

function text(c: Cursor, s: string, x: number, opts: { size?: number; bold?: boolean; color?: typeof INK } = {}) {
  c.page.drawText(pdfText(s), {
    x,
    y: c.y,
    size: opts.size ?? 10,
    font: opts.bold ? c.bold : c.font,
    color: opts.color ?? INK,
  });
}

function rightText(c: Cursor, s: string, right: number, opts: { size?: number; bold?: boolean } = {}) {
  const font = opts.bold ? c.bold : c.font;
  const width = font.widthOfTextAtSize(pdfText(s), opts.size ?? 10);
  text(c, s, right - width, opts);
}

/** A new page when fewer than `need` points are left above the bottom margin. */
function room(c: Cursor, need: number) {
  if (c.y - need > MARGIN) return;
  c.page = c.doc.addPage(PAGE);
  c.y = PAGE[1] - MARGIN;
}

function fit(font: PDFFont, s: string, size: number, width: number): string {
  let out = pdfText(s);
  while (out.length > 1 && font.widthOfTextAtSize(out, size) > width) out = out.slice(0, -2);
  return out === pdfText(s) ? out : `${out}...`;
}

const COLS = { product: MARGIN, pack: 300, qty: 420, unit: 490, total: PAGE[0] - MARGIN };

function lineRows(c: Cursor, order: OrderDetail, money: (v: string) => string) {
  for (const f of order.fulfillments) {
    room(c, 60);
    c.y -= 22;
    const how = f.shippingMethod === 'pickup' ? 'Pickup' : 'Delivery';
    text(c, `${f.seller.name} - ${how} from ${f.warehouse.name}, ${f.warehouse.city} ${f.warehouse.region}`, MARGIN, {
      bold: true,
    });
    c.y -= 16;
    for (const [label, x] of [
      ['Product', COLS.product],
      ['Pack size', COLS.pack],
    ] as const)
      text(c, label, x, { size: 9, color: MUTED });
    rightText(c, 'Qty', COLS.qty + 30, { size: 9 });
    rightText(c, 'Unit price', COLS.unit + 50, { size: 9 });
    rightText(c, 'Total', COLS.total, { size: 9 });
    for (const l of f.lines) {
      room(c, 20);
      c.y -= 15;
      c.page.drawText(fit(c.font, l.productName, 10, COLS.pack - COLS.product - 8), {
        x: COLS.product,
        y: c.y,
        size: 10,
        font: c.font,
        color: INK,
      });
      c.page.drawText(fit(c.font, `${l.variantLabel} (SKU ${l.sku})`, 9, COLS.qty - COLS.pack - 20), {
        x: COLS.pack,
        y: c.y,
        size: 9,
        font: c.font,
        color: MUTED,
      });
      rightText(c, `${l.quantity} x`, COLS.qty + 30);
      rightText(c, money(l.unitPrice), COLS.unit + 50);
      rightText(c, money(l.lineTotal), COLS.total);
    }
    if (Number(f.shippingTotal) !== 0) {
      room(c, 20);
      c.y -= 15;
      text(c, 'Shipping', COLS.pack, { size: 9, color: MUTED });
      rightText(c, money(f.shippingTotal), COLS.total);
    }
    c.page.drawLine({
      start: { x: MARGIN, y: c.y - 6 },
      end: { x: COLS.total, y: c.y - 6 },
      thickness: 0.5,
      color: RULE,
    });
  }
}

function totalRows(c: Cursor, order: OrderDetail, money: (v: string) => string) {
  const t = order.totals;
  const rows: [string, string, boolean][] = [
    ['Subtotal', t.goodsSubtotal, false],
    ...order.discounts.map((d): [string, string, boolean] => [d.name, `-${d.amount.replace(/^-/, '')}`, false]),
    ['Shipping', t.shippingTotal, false],
    ...(Number(t.shippingDiscountTotal) !== 0
      ? [['Shipping discount', `-${t.shippingDiscountTotal.replace(/^-/, '')}`, false] as [string, string, boolean]]
      : []),
    ['Tax', t.taxTotal, false],
    ...(Number(t.paymentFeeTotal) !== 0
      ? [['Card surcharge', t.paymentFeeTotal, false] as [string, string, boolean]]
      : []),
    [`Total (${order.currency})`, t.total, true],
  ];
  room(c, rows.length * 16 + 20);
  c.y -= 10;
  for (const [label, amount, strong] of rows) {
    c.y -= 16;
    text(c, label, COLS.unit - 80, { bold: strong, size: strong ? 11 : 10 });
    rightText(c, money(amount), COLS.total, { bold: strong, size: strong ? 11 : 10 });
  }
}

/** The order's invoice, one or more letter pages. */
export async function renderInvoicePdf(
  order: OrderDetail,
  words: InvoiceWords,
  locale: DateLocale,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(`${words.brand} invoice ${order.orderNumber}`));
  doc.setAuthor(pdfText(words.legalName));
  const c: Cursor = {
    doc,
    page: doc.addPage(PAGE),
    y: PAGE[1] - MARGIN - 10,
    font: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const money = (v: string) => formatMoney(v, { currency: order.currency });

  text(c, words.brand, MARGIN, { size: 20, bold: true });
  rightText(c, 'INVOICE', COLS.total, { size: 20, bold: true });
  c.y -= 16;
  text(c, words.legalName, MARGIN, { size: 10, color: MUTED });
  rightText(c, `Order ${order.orderNumber}`, COLS.total);
  c.y -= 14;
  rightText(c, `Placed ${formatDay(order.placedAt, locale)}`, COLS.total);
  c.y -= 14;
  rightText(c, `Payment: ${termWords(order.paymentTerms)}`, COLS.total);

  c.y -= 30;
  text(c, 'Bill to', MARGIN, { size: 9, color: MUTED });
  for (const line of addressLines(order.billingAddress)) {
    c.y -= 14;
    text(c, line, MARGIN);
  }
  c.y -= 10;
  lineRows(c, order, money);
  totalRows(c, order, money);
  return doc.save();
}
