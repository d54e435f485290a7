// The legal pages of platform.md 2.1 (issue 13, 'No dead ends'): each partner's own text per document, kept as data a
// partner administrator edits (GET is public, PUT needs the partner's CRM administrator or a super admin).
import { z } from 'zod';

/** The documents, by their page's path segment ('/terms-of-service', ...). */
export const LEGAL_DOCUMENTS = [
  'terms-of-service',
  'privacy-policy',
  'ccpa-privacy-policy',
  'community-content-policy',
  'electronic-funds-transfer',
] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];
export const legalDocumentSchema = z.enum(LEGAL_DOCUMENTS);

export function isLegalDocument(value: string): value is LegalDocument {
  return (LEGAL_DOCUMENTS as readonly string[]).includes(value);
}

/** The API paths: one document of the request host's partner, and all of them (the editor's list). */
export const LEGAL_TEXTS_PATH = '/api/legal-texts';
export function legalTextPath(document: LegalDocument): string {
  return `${LEGAL_TEXTS_PATH}/${document}`;
}

/** A document's text can be long, but not unbounded. */
export const LEGAL_TEXT_MAX_LENGTH = 60_000;

export const legalTextSchema = z.object({
  document: legalDocumentSchema,
  /** The text: paragraphs separated by blank lines, with '#'/'##' headings, '- ' lists and **bold** (parseLegalText). */
  body: z.string(),
  /** ISO time of the last change; null when the partner has not published this document. */
  updatedAt: z.string().nullable(),
});
export type LegalText = z.infer<typeof legalTextSchema>;

export const legalTextListSchema = z.object({ texts: z.array(legalTextSchema) });
export type LegalTextList = z.infer<typeof legalTextListSchema>;

export const legalTextUpdateSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Enter the text of the document.')
    .max(LEGAL_TEXT_MAX_LENGTH, `Keep the text under ${LEGAL_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters.`),
});
export type LegalTextUpdate = z.infer<typeof legalTextUpdateSchema>;

/** A run of text inside a block: plain or bold. */
export type LegalSpan = { text: string; bold: boolean };
export type LegalBlock =
  | { kind: 'heading'; level: 2 | 3; spans: LegalSpan[] }
  | { kind: 'paragraph'; spans: LegalSpan[] }
  | { kind: 'list'; items: LegalSpan[][] };

/** '**bold**' runs; an unmatched '**' stays as written. */
export function parseLegalSpans(text: string): LegalSpan[] {
  const spans: LegalSpan[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) spans.push({ text: text.slice(last, match.index), bold: false });
    spans.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ text: text.slice(last), bold: false });
  return spans;
}

/**
 * A legal text as blocks for the page: a line starting '# ' or '## ' is a heading (the page's title is the h1, so '#'
 * becomes h2 and '##' and deeper h3); consecutive lines starting '- ' or '* ' are a list; other consecutive lines are
 * a paragraph (joined by spaces), which a blank line ends. The result holds text only, never markup: the page renders
 * it as elements, so a text cannot inject HTML or scripts.
 */
export function parseLegalText(body: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let list: LegalSpan[][] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', spans: parseLegalSpans(paragraph.join(' ')) });
    if (list.length > 0) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = [];
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') {
      flush();
    } else if (heading) {
      flush();
      const level = (heading[1] ?? '#').length === 1 ? 2 : 3;
      blocks.push({ kind: 'heading', level, spans: parseLegalSpans(heading[2] ?? '') });
    } else if (item) {
      if (paragraph.length > 0) flush();
      list.push(parseLegalSpans(item[1] ?? ''));
    } else {
      if (list.length > 0) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
