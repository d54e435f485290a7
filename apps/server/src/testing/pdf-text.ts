// The text a generated PDF draws, for tests: pdf-lib writes each line as a hex string in WinAnsi inside Flate streams.

import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';

/** Every page's drawn text, one line per text operator. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  let text = '';
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = inflateSync(Buffer.from(stream.getContents())).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) text += `${Buffer.from(m[1]!, 'hex').toString('latin1')}\n`;
    }
  }
  return text;
}

/** Each page's drawn lines with the height each is drawn at (0 at the page's bottom), in drawing order. */
export async function pdfPageLines(pdf: Uint8Array): Promise<{ y: number; text: string }[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents && 'asArray' in contents ? contents.asArray() : [contents];
    const lines: { y: number; text: string }[] = [];
    for (const ref of streams) {
      const stream = doc.context.lookup(ref as never);
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = inflateSync(Buffer.from(stream.getContents())).toString('latin1');
      for (const m of ops.matchAll(/1 0 0 1 [\d.]+ (-?[\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g))
        lines.push({ y: Number(m[1]), text: Buffer.from(m[2]!, 'hex').toString('latin1') });
    }
    return lines;
  });
}
