// The contract PDF of the built-in signing flow (pdf-lib): one letter page with the partner, market, client, the
// contract's terms, the standard terms text and a signature block; signing stamps the signature into that block.

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

/** The contract's standard terms (what the signer agrees to beside the figures above them). */
function termsText(t: SigningTerms): string {
  const seller = t.direction === 'purchase' ? t.clientName : t.partnerName;
  const buyer = t.direction === 'purchase' ? t.partnerName : t.clientName;
  return [
    `${seller} ("Seller") agrees to sell and deliver, and ${buyer} ("Buyer") agrees to buy and accept, the grain described above at ${t.marketName}, within the delivery window, on the prices and terms of this contract.`,
    'Grain shall be of merchantable quality and meet the grade factors posted at the delivery location; discounts for moisture, test weight, foreign material and damage apply as posted on the day of delivery.',
    'Unpriced quantities are priced by the Seller before the delivery window closes, against the futures month stated above. Quantities not delivered within the window may be rolled or cancelled only by a written amendment; any amendment replaces the terms signed here.',
    'The parties agree that this contract may be signed electronically and that an electronic signature has the same effect as a handwritten one.',
  ].join('\n');
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

/** The generated (unsigned) contract PDF. */
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
  const doc = await PDFDocument.create();
  const amendment = meta.amendment;
  doc.setTitle(
    pdfText(
      amendment
        ? `Amendment ${amendment.displayId} to contract ${t.displayContractId}`
        : `Contract ${t.displayContractId}`,
    ),
    { showInWindowTitleBar: true },
  );
  doc.setAuthor(pdfText(t.partnerName));
  doc.setSubject(pdfText(`Grain contract ${t.displayContractId} with ${t.clientName}`));
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(PAGE);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN;

  page.drawText(pdfText(t.partnerName), { x: MARGIN, y, size: 16, font: bold, color: INK });
  y -= 20;
  page.drawText(
    pdfText(`${t.direction === 'purchase' ? 'Grain purchase contract' : 'Grain sale contract'} ${t.displayContractId}`),
    { x: MARGIN, y, size: 12, font: regular, color: MUTED },
  );
  y -= 28;
  if (amendment) {
    page.drawText(pdfText(`Amendment ${amendment.displayId} (${amendment.date})`), {
      x: MARGIN,
      y: y + 8,
      size: 13,
      font: bold,
      color: INK,
    });
    y -= 12;
    // One line a change while they fit; a long list (an edit of many terms) runs on as one paragraph, so the terms
    // and the signature block below keep their place on the page.
    const [what, ...changes] = amendment.changes;
    const lines = changes.length > 5 ? [what ?? '', changes.join('; ')] : amendment.changes;
    for (const change of lines) {
      y = drawLines(page, wrap(pdfText(change), regular, 9, width), MARGIN, y, regular, 9, 12);
    }
    if (amendment.termsNote) {
      y -= 4;
      y = drawLines(page, wrap(pdfText(amendment.termsNote), regular, 8.5, width), MARGIN, y, regular, 8.5, 11, MUTED);
    }
    y -= 12;
  }

  const prices = contractPrices(t, priceNotation);
  const day = (v: string) => formatDay(v, meta.locale ?? 'en-US');
  const rows: [string, string][] = [
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
  ];
  for (const [label, value] of rows) {
    page.drawText(pdfText(label), { x: MARGIN, y, size: 10, font: regular, color: MUTED });
    drawLines(page, wrap(pdfText(value), bold, 10, width - 150), MARGIN + 150, y, bold, 10, 13);
    y -= 17;
  }
  y -= 10;
  page.drawText('Terms', { x: MARGIN, y, size: 11, font: bold, color: INK });
  y -= 16;
  y = drawLines(page, wrap(pdfText(termsText(t)), regular, 9, width), MARGIN, y, regular, 9, 12.5);
  y -= 8;
  drawLines(page, [`Terms reference (SHA-256): ${meta.termsHash}`], MARGIN, y, regular, 7, 9, MUTED);

  // The signature block, empty until signed.
  const box = SIGNATURE_BOX;
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: MUTED,
    borderWidth: 0.75,
  });
  page.drawText('Signature', { x: box.x + 10, y: box.y + box.height - 18, size: 11, font: bold, color: INK });
  page.drawText(pdfText(`${t.direction === 'purchase' ? 'Seller' : 'Buyer'}: ${t.clientName}`), {
    x: box.x + 10,
    y: box.y + box.height - 34,
    size: 9,
    font: regular,
    color: MUTED,
  });
  return doc.save();
}

/**
 * The generated (unsigned) PDF of a sustainability enrolment (decision 016's enrolment kind): the program, the farm
 * business, the acres enrolled, the survey's answers, the enrolment terms and the same signature block, so signing
 * stamps it as it stamps a contract. A long survey runs onto further pages as a structure's rules do (issue 17): a
 * row or paragraph that would reach the signature block starts a new page, and the block is on the last page.
 */
export async function enrolmentPdf(
  t: EnrolmentSigningTerms,
  meta: { termsHash: string; createdAt: Date; currency: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(`Enrolment in ${t.programName}`), { showInWindowTitleBar: true });
  doc.setAuthor(pdfText(t.partnerName));
  doc.setSubject(pdfText(`Sustainability program enrolment of ${t.clientName}`));
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage(PAGE);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN;
  const room = (needed: number) => {
    if (y - needed > SIGNATURE_BOX.y + SIGNATURE_BOX.height + 16) return;
    page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  page.drawText(pdfText(t.partnerName), { x: MARGIN, y, size: 16, font: bold, color: INK });
  y -= 20;
  page.drawText(pdfText(`Sustainability program enrolment ${t.enrolmentId}`), {
    x: MARGIN,
    y,
    size: 12,
    font: regular,
    color: MUTED,
  });
  y -= 28;
  const premium = formatMoney(t.premium, { currency: meta.currency, maxFractionDigits: 4 });
  const rows: [string, string][] = [
    ['Program', t.programName],
    ['Market', t.marketName],
    ['Farm business', t.clientName],
    ['Crop', t.crop],
    ['Crop year', String(t.cropYear)],
    ['Premium', `${premium} per ${t.premiumUnit}`],
    ['Practices', t.practices.length > 0 ? t.practices.join('; ') : '-'],
    ['Acres enrolled', formatNumber(t.acres, { maxFractionDigits: 2 })],
  ];
  const row = (label: string, value: string) => {
    const lines = wrap(pdfText(label), regular, 9, 140);
    const valueLines = wrap(pdfText(value), bold, 9.5, width - 150);
    room(Math.max(lines.length * 11, valueLines.length * 12));
    drawLines(page, lines, MARGIN, y, regular, 9, 11, MUTED);
    drawLines(page, valueLines, MARGIN + 150, y, bold, 9.5, 12);
    y -= Math.max(lines.length * 11, valueLines.length * 12) + 5;
  };
  for (const [label, value] of rows) row(label, value);
  y -= 6;
  room(16 + 12);
  page.drawText('Survey', { x: MARGIN, y, size: 11, font: bold, color: INK });
  y -= 16;
  for (const a of t.answers) row(a.question, a.answer);
  y -= 6;
  const termsLines = wrap(
    pdfText(
      `${t.clientName} enrols the acres above of ${t.crop} ${t.cropYear} in ${t.partnerName}'s program and will follow its practices on them. The answers above are true to the best of the signer's knowledge; the premium is paid on the grain of those acres delivered to ${t.marketName}. The parties agree that this enrolment may be signed electronically and that an electronic signature has the same effect as a handwritten one.`,
    ),
    regular,
    9,
    width,
  );
  // The heading keeps its paragraph and the terms reference with it.
  room(16 + termsLines.length * 12.5 + 8 + 9);
  page.drawText('Terms', { x: MARGIN, y, size: 11, font: bold, color: INK });
  y -= 16;
  y = drawLines(page, termsLines, MARGIN, y, regular, 9, 12.5);
  y -= 8;
  drawLines(page, [`Terms reference (SHA-256): ${meta.termsHash}`], MARGIN, y, regular, 7, 9, MUTED);
  const box = SIGNATURE_BOX;
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: MUTED,
    borderWidth: 0.75,
  });
  page.drawText('Signature', { x: box.x + 10, y: box.y + box.height - 18, size: 11, font: bold, color: INK });
  page.drawText(pdfText(`Farm business: ${t.clientName}`), {
    x: box.x + 10,
    y: box.y + box.height - 34,
    size: 9,
    font: regular,
    color: MUTED,
  });
  return doc.save();
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
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(`${t.kindLabel} ${t.structureId} confirmation`), { showInWindowTitleBar: true });
  doc.setAuthor(pdfText(t.partnerName));
  doc.setSubject(pdfText(`Structured grain contract ${t.structureId} with ${t.clientName}`));
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage(PAGE);
  const width = PAGE[0] - 2 * MARGIN;
  let y = PAGE[1] - MARGIN;
  const room = (needed: number) => {
    if (y - needed > SIGNATURE_BOX.y + SIGNATURE_BOX.height + 16) return;
    page = doc.addPage(PAGE);
    y = PAGE[1] - MARGIN;
  };
  const price = (v: string) =>
    formatPrice(v, { notation: priceNotation.price, currency: t.currency, unit: 'bushel', showUnit: true });
  const day = (v: string) => formatDay(v, meta.locale ?? 'en-US');
  page.drawText(pdfText(t.partnerName), { x: MARGIN, y, size: 16, font: bold, color: INK });
  y -= 20;
  page.drawText(pdfText(`${t.kindLabel} confirmation ${t.structureId}`), {
    x: MARGIN,
    y,
    size: 12,
    font: regular,
    color: MUTED,
  });
  y -= 28;
  const rows: [string, string][] = [
    ['Structure', `${t.kindLabel} (${t.side === 'sale' ? 'the client sells' : 'the client buys'})`],
    ['Market', t.marketName],
    [t.side === 'sale' ? 'Seller (client)' : 'Buyer (client)', t.clientName],
    ['Crop', `${t.crop} ${t.cropYear}`],
    ['Futures', `${monthName(t.optionMonth)} (${t.futuresSymbol})`],
    ['Quantity', `${formatNumber(t.quantity, { maxFractionDigits: 2 })} bu`],
    ['Period', `${day(t.start)} to ${day(t.end)}`],
    ...t.levels.map((l): [string, string] => [l.label, price(l.price)]),
    ['Fee', `${price(t.fee)} ${t.side === 'sale' ? 'off' : 'on'} the futures price`],
  ];
  for (const [label, value] of rows) {
    page.drawText(pdfText(label), { x: MARGIN, y, size: 10, font: regular, color: MUTED });
    drawLines(page, wrap(pdfText(value), bold, 10, width - 150), MARGIN + 150, y, bold, 10, 13);
    y -= 17;
  }
  y -= 10;
  page.drawText('Rules', { x: MARGIN, y, size: 11, font: bold, color: INK });
  y -= 16;
  const paragraphs = [
    ...t.rules,
    'Settles are the exchange settlement prices of the futures month above, on the trading days of the exchange calendar. The parties agree that this confirmation may be signed electronically and that an electronic signature has the same effect as a handwritten one.',
  ];
  for (const rule of paragraphs) {
    const lines = wrap(pdfText(rule), regular, 9, width);
    room(lines.length * 12.5 + 4);
    y = drawLines(page, lines, MARGIN, y, regular, 9, 12.5) - 4;
  }
  y -= 4;
  room(9);
  drawLines(page, [`Terms reference (SHA-256): ${meta.termsHash}`], MARGIN, y, regular, 7, 9, MUTED);
  const box = SIGNATURE_BOX;
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: MUTED,
    borderWidth: 0.75,
  });
  page.drawText('Signature', { x: box.x + 10, y: box.y + box.height - 18, size: 11, font: bold, color: INK });
  page.drawText(pdfText(`${t.side === 'sale' ? 'Seller' : 'Buyer'}: ${t.clientName}`), {
    x: box.x + 10,
    y: box.y + box.height - 34,
    size: 9,
    font: regular,
    color: MUTED,
  });
  return doc.save();
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
