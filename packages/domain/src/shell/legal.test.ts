import { describe, expect, it } from 'vitest';
import { isLegalDocument, legalTextUpdateSchema, parseLegalSpans, parseLegalText } from './legal.ts';

describe('parseLegalText', () => {
  it('reads headings, paragraphs and lists separated by blank lines', () => {
    const blocks = parseLegalText(
      '# Who we are\nPrairie Grain Co-op runs\nthis site.\n\n## Your data\n\n- your name\n- your **farm**\n\nThe end.',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, spans: [{ text: 'Who we are', bold: false }] },
      { kind: 'paragraph', spans: [{ text: 'Prairie Grain Co-op runs this site.', bold: false }] },
      { kind: 'heading', level: 3, spans: [{ text: 'Your data', bold: false }] },
      {
        kind: 'list',
        items: [
          [{ text: 'your name', bold: false }],
          [
            { text: 'your ', bold: false },
            { text: 'farm', bold: true },
          ],
        ],
      },
      { kind: 'paragraph', spans: [{ text: 'The end.', bold: false }] },
    ]);
  });

  it('keeps markup as text: nothing in the result is HTML', () => {
    const blocks = parseLegalText('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(blocks).toEqual([
      { kind: 'paragraph', spans: [{ text: '<script>alert(1)</script>', bold: false }] },
      { kind: 'paragraph', spans: [{ text: '<img src=x onerror=alert(1)>', bold: false }] },
    ]);
  });

  it('reads a list or a paragraph right under a heading, without a blank line', () => {
    expect(parseLegalText('# Use\n- one\n- two\nAfter.').map((b) => b.kind)).toEqual(['heading', 'list', 'paragraph']);
    expect(parseLegalText('# Who\nWe are.').map((b) => b.kind)).toEqual(['heading', 'paragraph']);
  });

  it('handles Windows line ends and empty text', () => {
    expect(parseLegalText('a\r\n\r\nb')).toHaveLength(2);
    expect(parseLegalText('  \n\n ')).toEqual([]);
  });

  it('leaves an unmatched ** as written', () => {
    expect(parseLegalSpans('5 ** 2')).toEqual([{ text: '5 ** 2', bold: false }]);
  });
});

describe('legal documents', () => {
  it('names the five pages of platform.md 2.1', () => {
    expect(isLegalDocument('terms-of-service')).toBe(true);
    expect(isLegalDocument('electronic-funds-transfer')).toBe(true);
    expect(isLegalDocument('cookies')).toBe(false);
  });

  it('refuses an empty text', () => {
    expect(legalTextUpdateSchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(legalTextUpdateSchema.safeParse({ body: 'Text' }).success).toBe(true);
  });
});
