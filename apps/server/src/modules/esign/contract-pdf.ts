// The PDFs of the built-in signing flow (pdf-lib): letter pages with the partner, market, client, the document's
// terms, its standard terms text and a signature block on the last page; signing stamps the signature into that block.

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  CONTRACT_TYPE_LABELS,
  DEFAULT_PRICE_NOTATION,
  formatBasis,
  formatDay,
  formatMoney,
  formatNumber,
  formatPrice,
  type DateLocale,
  type EnrolmentSigningTerms,
  type PriceNotationSettings,
  type SigningTerms,
  type StructureSigningTerms,
} from '@granary/domain';

const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const INK = rgb(0.11, 0.16, 0.12);
const MUTED = rgb(0.4, 0.42, 0.4);
/** Where the signature goes (bottom of the page); the stamp fills it. */
const SIGNATURE_BOX = { x: MARGIN, y: 72, width: PAGE[0] - 2 * MARGIN, height: 104 };

/**
 * The standard fonts write WinAnsi only: other characters become their closest ASCII or '?', so a client's name
 * in another script cannot stop the PDF from being made.
 */
function pdfText(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/**
 * The contract's futures, basis and cash as the trade writes them, in the partner's notation: '$4.33½/bu',
 * '-45 Z', '$612.50/t' (per-tonne crops keep dollars and cents). A price not set yet is '-'.
 */
function contractPrices(t: SigningTerms, notation: PriceNotationSettings) {
  const unit = t.quantityUnit === 'tonnes' ? 'tonne' : 'bushel';
  const price = (v: string | null) =>
    v === null ? '-' : formatPrice(v, { notation: notation.price, currency: t.currency, unit, showUnit: true });
  return {
    futures: price(t.futuresPrice),
    basis:
      t.basis === null
        ? '-'
        : formatBasis(t.basis, { notation: notation.basis, month: t.optionMonth, currency: t.currency, unit }),
    cash: price(t.cashPrice),
  };
}

function monthName(optionMonth: string | null): string {
  if (!optionMonth) return '-';
  const [y, m] = optionMonth.split('-');
  const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${names[Number(m) - 1] ?? m} ${y}`;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** The contract's standard terms (what the signer agrees to beside the figures above them), a paragraph each. */
function termsParagraphs(t: SigningTerms): string[] {
  const seller = t.direction === 'purchase' ? t.clientName : t.partnerName;
  const buyer = t.direction === 'purchase' ? t.partnerName : t.clientName;
  return [
    `${seller} ("Seller") agrees to sell and deliver, and ${buyer} ("Buyer") agrees to buy and accept, the grain described above at ${t.marketName}, within the delivery window, on the prices and terms of this contract.`,
    'Grain shall be of merchantable quality and meet the grade factors posted at the delivery location; discounts for moisture, test weight, foreign material and damage apply as posted on the day of delivery.',
    'Unpriced quantities are priced by the Seller before the delivery window closes, against the futures month stated above. Quantities not delivered within the window may be rolled or cancelled only by a written amendment; any amendment replaces the terms signed here.',
    'The parties agree that this contract may be signed electronically and that an electronic signature has the same effect as a handwritten one.',
  ];
}

function drawLines(
  page: PDFPage,
  lines: string[],
  x: number,
  y: number,
  font: PDFFont,
  size: number,
  leading: number,
  color = INK,
): number {
  let at = y;
  for (const line of lines) {
    page.drawText(pdfText(line), { x, y: at, size, font, color });
    at -= leading;
  }
  return at;
}

// ---------------------------------------------------------------------------------------------------
// One way to write a document over pages (contract, enrolment, structure confirmation): top-down from the header, a
// block that would reach the signature block starts a new page, and the signature block is on the last page (what
// signing stamps).

/** A document being written: its current page, the height the next line goes at, its fonts and text width. */
type Flow = { doc: PDFDocument; page: PDFPage; y: number; regular: PDFFont; bold: PDFFont; width: number };

/** A new PDF of one page, its metadata set, the partner's name and the document's title at the top. */
async function startPdf(meta: {
  title: string;
  author: string;
  subject: string;
  createdAt: Date;
  heading: string;
}): Promise<Flow> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(meta.title), { showInWindowTitleBar: true });
  doc.setAuthor(pdfText(meta.author));
  doc.setSubject(pdfText(meta.subject));
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const flow: Flow = { doc, page: doc.addPage(PAGE), y: PAGE[1] - MARGIN, regular, bold, width: PAGE[0] - 2 * MARGIN };
  flow.page.drawText(pdfText(meta.author), { x: MARGIN, y: flow.y, size: 16, font: bold, color: INK });
  flow.y -= 20;
  flow.page.drawText(pdfText(meta.heading), { x: MARGIN, y: flow.y, size: 12, font: regular, color: MUTED });
  flow.y -= 28;
  return flow;
}

/** Starts a new page unless `needed` points still fit above the signature block. */
function room(flow: Flow, needed: number): void {
  if (flow.y - needed > SIGNATURE_BOX.y + SIGNATURE_BOX.height + 16) return;
  flow.page = flow.doc.addPage(PAGE);
  flow.y = PAGE[1] - MARGIN;
}

/** How a table of label / value rows is set: the sizes and leadings of the two columns and the gap between rows. */
type RowStyle = { label: [size: number, leading: number]; value: [size: number, leading: number]; gap: number };
const ROWS: RowStyle = { label: [10, 13], value: [10, 13], gap: 4 };

/**
 * Label / value rows (the label muted on the left, the value bold beside it, both wrapped): a row that would reach
 * the signature block starts a new page, whole.
 */
function drawRowsPaginated(flow: Flow, rows: [string, string][], style: RowStyle = ROWS): void {
  const [labelSize, labelLeading] = style.label;
  const [valueSize, valueLeading] = style.value;
  for (const [label, value] of rows) {
    const labelLines = wrap(pdfText(label), flow.regular, labelSize, 140);
    const valueLines = wrap(pdfText(value), flow.bold, valueSize, flow.width - 150);
    const height = Math.max(labelLines.length * labelLeading, valueLines.length * valueLeading);
    room(flow, height);
    drawLines(flow.page, labelLines, MARGIN, flow.y, flow.regular, labelSize, labelLeading, MUTED);
    drawLines(flow.page, valueLines, MARGIN + 150, flow.y, flow.bold, valueSize, valueLeading);
    flow.y -= height + style.gap;
  }
}

/**
 * A headed section of paragraphs (the terms, the rules) and the terms' reference under it: the heading stays with
 * the first paragraph and the reference with the last; a paragraph that would reach the signature block starts a new
 * page. `gap`: the space between paragraphs.
 */
function drawTermsSection(flow: Flow, heading: string, paragraphs: string[], termsHash: string, gap = 0): void {
  const size = 9;
  const leading = 12.5;
  paragraphs.forEach((paragraph, i) => {
    const lines = wrap(pdfText(paragraph), flow.regular, size, flow.width);
    const last = i === paragraphs.length - 1;
    if (i > 0) flow.y -= gap;
    room(flow, (i === 0 ? 16 : 0) + lines.length * leading + (last ? 8 + 9 : 0));
    if (i === 0) {
      flow.page.drawText(pdfText(heading), { x: MARGIN, y: flow.y, size: 11, font: flow.bold, color: INK });
      flow.y -= 16;
    }
    flow.y = drawLines(flow.page, lines, MARGIN, flow.y, flow.regular, size, leading);
  });
  flow.y -= 8;
  drawLines(flow.page, [`Terms reference (SHA-256): ${termsHash}`], MARGIN, flow.y, flow.regular, 7, 9, MUTED);
}

/** The signature block on the last page, empty until signed (stampSignature fills it), and the document's bytes. */
async function finishPdf(flow: Flow, signer: string): Promise<Uint8Array> {
  const box = SIGNATURE_BOX;
  const { page } = flow;
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: MUTED,
    borderWidth: 0.75,
  });
  page.drawText('Signature', { x: box.x + 10, y: box.y + box.height - 18, size: 11, font: flow.bold, color: INK });
  page.drawText(pdfText(signer), {
    x: box.x + 10,
    y: box.y + box.height - 34,
    size: 9,
    font: flow.regular,
    color: MUTED,
  });
  return flow.doc.save();
}

/**
 * The generated (unsigned) contract PDF. Rows and paragraphs that would reach the signature block start a new page
 * (an amendment's long changes, long names), and the block is on the last page.
 */
export async function contractPdf(
  t: SigningTerms,
  meta: {
    termsHash: string;
    createdAt: Date;
    /** An amendment's PDF (decision 042): the contract's terms as amended, titled with the amendment and its changes. */
    amendment?: { displayId: string; date: string; changes: string[]; termsNote?: string } | undefined;
    /** The locale of the market's country: its days are written as its farmers write them (default en-US). */
    locale?: DateLocale;
  },
  /** The partner's price notation (its setting on /crm/administrator); the trade's default until it is passed. */
  priceNotation: PriceNotationSettings = DEFAULT_PRICE_NOTATION,
): Promise<Uint8Array> {
  const amendment = meta.amendment;
  const flow = await startPdf({
    title: amendment
      ? `Amendment ${amendment.displayId} to contract ${t.displayContractId}`
      : `Contract ${t.displayContractId}`,
    author: t.partnerName,
    subject: `Grain contract ${t.displayContractId} with ${t.clientName}`,
    createdAt: meta.createdAt,
    heading: `${t.direction === 'purchase' ? 'Grain purchase contract' : 'Grain sale contract'} ${t.displayContractId}`,
  });
  const { regular, bold, width } = flow;
  if (amendment) {
    flow.page.drawText(pdfText(`Amendment ${amendment.displayId} (${amendment.date})`), {
      x: MARGIN,
      y: flow.y + 8,
      size: 13,
      font: bold,
      color: INK,
    });
    flow.y -= 12;
    // One line a change while they fit; a long list (an edit of many terms) runs on as one paragraph.
    const [what, ...changes] = amendment.changes;
    const lines = changes.length > 5 ? [what ?? '', changes.join('; ')] : amendment.changes;
    for (const change of lines) {
      const wrapped = wrap(pdfText(change), regular, 9, width);
      room(flow, wrapped.length * 12);
      flow.y = drawLines(flow.page, wrapped, MARGIN, flow.y, regular, 9, 12);
    }
    if (amendment.termsNote) {
      flow.y -= 4;
      const wrapped = wrap(pdfText(amendment.termsNote), regular, 8.5, width);
      room(flow, wrapped.length * 11);
      flow.y = drawLines(flow.page, wrapped, MARGIN, flow.y, regular, 8.5, 11, MUTED);
    }
    flow.y -= 12;
  }

  const prices = contractPrices(t, priceNotation);
  const day = (v: string) => formatDay(v, meta.locale ?? 'en-US');
  drawRowsPaginated(flow, [
    ['Contract number', t.displayContractId],
    ['Contract type', CONTRACT_TYPE_LABELS[t.contractType]],
    ['Market', t.marketName],
    [t.direction === 'purchase' ? 'Seller (client)' : 'Buyer (client)', t.clientName],
    ['Crop', t.crop],
    ['Crop year', String(t.cropYear)],
    ['Quantity', `${formatNumber(t.quantity, { maxFractionDigits: 4 })} ${t.quantityUnit}`],
    ['Delivery window', `${day(t.deliveryStart)} to ${day(t.deliveryEnd)}`],
    ['Futures month', monthName(t.optionMonth)],
    ['Futures', prices.futures],
    ['Basis', prices.basis],
    ['Cash price', prices.cash],
    ['Contract date', day(t.contractDate)],
  ]);
  flow.y -= 10;
  drawTermsSection(flow, 'Terms', termsParagraphs(t), meta.termsHash);
  return finishPdf(flow, `${t.direction === 'purchase' ? 'Seller' : 'Buyer'}: ${t.clientName}`);
}

/**
 * The generated (unsigned) PDF of a sustainability enrolment (decision 016's enrolment kind): the program, the farm
 * business, the acres enrolled, the survey's answers, the enrolment terms and the same signature block, so signing
 * stamps it as it stamps a contract. A long survey runs onto further pages (issue 17): a row or paragraph that would
 * reach the signature block starts a new page, and the block is on the last page.
 */
export async function enrolmentPdf(
  t: EnrolmentSigningTerms,
  meta: { termsHash: string; createdAt: Date; currency: string },
): Promise<Uint8Array> {
  const flow = await startPdf({
    title: `Enrolment in ${t.programName}`,
    author: t.partnerName,
    subject: `Sustainability program enrolment of ${t.clientName}`,
    createdAt: meta.createdAt,
    heading: `Sustainability program enrolment ${t.enrolmentId}`,
  });
  const premium = formatMoney(t.premium, { currency: meta.currency, maxFractionDigits: 4 });
  // The survey's questions are long: the rows are set smaller than a contract's.
  const style: RowStyle = { label: [9, 11], value: [9.5, 12], gap: 5 };
  drawRowsPaginated(
    flow,
    [
      ['Program', t.programName],
      ['Market', t.marketName],
      ['Farm business', t.clientName],
      ['Crop', t.crop],
      ['Crop year', String(t.cropYear)],
      ['Premium', `${premium} per ${t.premiumUnit}`],
      ['Practices', t.practices.length > 0 ? t.practices.join('; ') : '-'],
      ['Acres enrolled', formatNumber(t.acres, { maxFractionDigits: 2 })],
    ],
    style,
  );
  flow.y -= 6;
  room(flow, 16 + 12);
  flow.page.drawText('Survey', { x: MARGIN, y: flow.y, size: 11, font: flow.bold, color: INK });
  flow.y -= 16;
  drawRowsPaginated(
    flow,
    t.answers.map((a): [string, string] => [a.question, a.answer]),
    style,
  );
  flow.y -= 6;
  drawTermsSection(
    flow,
    'Terms',
    [
      `${t.clientName} enrols the acres above of ${t.crop} ${t.cropYear} in ${t.partnerName}'s program and will follow its practices on them. The answers above are true to the best of the signer's knowledge; the premium is paid on the grain of those acres delivered to ${t.marketName}. The parties agree that this enrolment may be signed electronically and that an electronic signature has the same effect as a handwritten one.`,
    ],
    meta.termsHash,
  );
  return finishPdf(flow, `Farm business: ${t.clientName}`);
}

/**
 * The generated (unsigned) confirmation of a structure (decision 016's structure kind, issue 18 'trade'): the client,
 * market, crop and futures month, the quantity and period, the levels in the partner's notation, the rules in words,
 * the fee, and the same signature block on the last page, so signing stamps it as it stamps a contract. A long set of
 * rules runs onto a second page.
 */
export async function structurePdf(
  t: StructureSigningTerms,
  meta: { termsHash: string; createdAt: Date; locale?: DateLocale },
  priceNotation: PriceNotationSettings = DEFAULT_PRICE_NOTATION,
): Promise<Uint8Array> {
  const flow = await startPdf({
    title: `${t.kindLabel} ${t.structureId} confirmation`,
    author: t.partnerName,
    subject: `Structured grain contract ${t.structureId} with ${t.clientName}`,
    createdAt: meta.createdAt,
    heading: `${t.kindLabel} confirmation ${t.structureId}`,
  });
  const price = (v: string) =>
    formatPrice(v, { notation: priceNotation.price, currency: t.currency, unit: 'bushel', showUnit: true });
  const day = (v: string) => formatDay(v, meta.locale ?? 'en-US');
  drawRowsPaginated(flow, [
    ['Structure', `${t.kindLabel} (${t.side === 'sale' ? 'the client sells' : 'the client buys'})`],
    ['Market', t.marketName],
    [t.side === 'sale' ? 'Seller (client)' : 'Buyer (client)', t.clientName],
    ['Crop', `${t.crop} ${t.cropYear}`],
    ['Futures', `${monthName(t.optionMonth)} (${t.futuresSymbol})`],
    ['Quantity', `${formatNumber(t.quantity, { maxFractionDigits: 2 })} bu`],
    ['Period', `${day(t.start)} to ${day(t.end)}`],
    ...t.levels.map((l): [string, string] => [l.label, price(l.price)]),
    ['Fee', `${price(t.fee)} ${t.side === 'sale' ? 'off' : 'on'} the futures price`],
  ]);
  const paragraphs = [
    ...t.rules,
    'Settles are the exchange settlement prices of the futures month above, on the trading days of the exchange calendar. The parties agree that this confirmation may be signed electronically and that an electronic signature has the same effect as a handwritten one.',
  ];
  flow.y -= 10;
  drawTermsSection(flow, 'Rules', paragraphs, meta.termsHash, 4);
  return finishPdf(flow, `${t.side === 'sale' ? 'Seller' : 'Buyer'}: ${t.clientName}`);
}

/** The signed PDF: the generated one with the signature stamped into its signature block. */
export async function stampSignature(
  generated: Uint8Array,
  s: { name: string; signedAt: Date; ip: string | null; generatedSha256: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(generated);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const script = await doc.embedFont(StandardFonts.TimesRomanBoldItalic);
  const page = doc.getPages().at(-1)!;
  const box = SIGNATURE_BOX;
  page.drawText(pdfText(s.name), { x: box.x + 10, y: box.y + 40, size: 20, font: script, color: rgb(0.05, 0.2, 0.45) });
  drawLines(
    page,
    [
      `Signed electronically by ${s.name} on ${s.signedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC${s.ip ? ` from IP ${s.ip}` : ''}.`,
      `Unsigned document SHA-256: ${s.generatedSha256}`,
    ],
    box.x + 10,
    box.y + 24,
    regular,
    7.5,
    10,
    MUTED,
  );
  doc.setModificationDate(s.signedAt);
  return doc.save();
}
