// A product document as a real PDF (pdf-lib): the specimen label, safety data sheet, technical sheet or mixing
// instructions of a product, written from its catalogue data. Made the first time it is asked for, then stored.

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ProductDocumentType } from '@granary/domain';

const PAGE: [number, number] = [612, 792];
const MARGIN = 56;
const INK = rgb(0.11, 0.16, 0.12);
const MUTED = rgb(0.4, 0.42, 0.4);
const ALERT = rgb(0.62, 0.1, 0.08);

/** WinAnsi only (the standard fonts): other characters become their nearest ASCII or '?'. */
function pdfText(s: string): string {
  return s
    .normalize('NFC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u00d7/g, 'x')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export type ProductPdfInput = {
  docType: ProductDocumentType;
  title: string;
  revisedOn: string;
  product: {
    name: string;
    brand: string;
    manufacturer: string;
    kind: string;
    restrictedUse: boolean;
    description: string;
  };
  ingredients: { name: string; concentration: string; unit: string; modeOfAction: string; ingredientType: string }[];
  pests: { name: string; pestType: string }[];
};

function sections(input: ProductPdfInput): [string, string][] {
  const { product, ingredients, pests } = input;
  const actives = ingredients.length
    ? ingredients
        .map((i) => `${i.name} ${Number(i.concentration)} ${i.unit}${i.modeOfAction ? ` (${i.modeOfAction})` : ''}`)
        .join('; ')
    : 'None declared.';
  const targets = pests.length ? pests.map((p) => p.name).join(', ') : 'See the crop-specific directions.';
  switch (input.docType) {
    case 'specimen-label':
      return [
        ['Active ingredients', actives],
        [
          'Keep out of reach of children',
          'CAUTION. Read the entire label before use. Use only according to label directions.',
        ],
        [
          'Directions for use',
          `${product.description} It is a violation of federal law to use this product in a manner inconsistent with its labeling.`,
        ],
        ['Pests controlled', targets],
        [
          'Storage and disposal',
          'Store in original container in a cool, dry place. Do not contaminate water, food or feed by storage or disposal. Triple rinse containers.',
        ],
      ];
    case 'sds':
      return [
        [
          'Section 1: Identification',
          `Product: ${product.name}. Supplier: ${product.manufacturer}. Recommended use: ${product.kind.replaceAll('_', ' ')}.`,
        ],
        [
          'Section 2: Hazard identification',
          'May cause eye and skin irritation. Harmful if swallowed. Avoid breathing spray mist.',
        ],
        ['Section 3: Composition', actives],
        [
          'Section 4: First-aid measures',
          'Eyes: rinse with water for 15-20 minutes. Skin: take off contaminated clothing, rinse skin. If swallowed: call a poison control center.',
        ],
        [
          'Section 7: Handling and storage',
          'Wear chemical-resistant gloves and eye protection. Keep container closed when not in use.',
        ],
        [
          'Section 8: Exposure controls / PPE',
          'Long-sleeved shirt, long pants, shoes plus socks, chemical-resistant gloves.',
        ],
      ];
    case 'tech-sheet':
      return [
        ['Product overview', product.description],
        ['Active ingredients', actives],
        ['Target pests', targets],
        [
          'Features',
          `Manufactured by ${product.manufacturer}. Packaged in jugs, drums and totes for every size of operation.`,
        ],
      ];
    case 'mixing-instructions':
      return [
        [
          'Mixing order',
          '1. Fill the tank half full with clean water and start agitation. 2. Water conditioners (AMS). 3. Dry formulations. 4. Liquid flowables and suspensions. 5. Emulsifiable concentrates. 6. Solutions. 7. Surfactants and oils. Fill to volume.',
        ],
        ['Jar test', 'Before mixing a new combination, test compatibility in a quart jar at the same proportions.'],
        ['Active ingredients', actives],
        ['Cleanout', 'Rinse the tank, lines and screens thoroughly with clean water and a tank cleaner after use.'],
      ];
  }
}

/** The PDF's bytes (begins with %PDF). */
export async function productDocumentPdf(input: ProductPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(input.title));
  doc.setAuthor(pdfText(input.product.manufacturer));
  doc.setSubject(pdfText(`${input.product.name} ${input.docType}`));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - MARGIN;
  const width = PAGE[0] - 2 * MARGIN;
  const line = (text: string, font: PDFFont, size: number, color = INK) => {
    for (const l of wrap(pdfText(text), font, size, width)) {
      if (y < MARGIN + size) {
        page = doc.addPage(PAGE);
        y = PAGE[1] - MARGIN;
      }
      page.drawText(l, { x: MARGIN, y, size, font, color });
      y -= size * 1.35;
    }
  };
  line(input.product.brand, bold, 11, MUTED);
  line(input.product.name, bold, 22);
  line(input.title.split(' — ').at(-1) ?? input.title, regular, 14, MUTED);
  y -= 6;
  if (input.product.restrictedUse) {
    line('RESTRICTED USE PESTICIDE', bold, 13, ALERT);
    line(
      "For retail sale to and use only by certified applicators or persons under their direct supervision, and only for those uses covered by the certified applicator's certification.",
      regular,
      10,
      ALERT,
    );
    y -= 6;
  }
  for (const [heading, body] of sections(input)) {
    y -= 4;
    line(heading, bold, 12);
    line(body, regular, 10.5);
  }
  y -= 10;
  line(`Revised ${input.revisedOn}. ${input.product.manufacturer}.`, regular, 9, MUTED);
  return doc.save();
}
