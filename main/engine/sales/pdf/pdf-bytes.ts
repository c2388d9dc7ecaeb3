import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

/**
 * Draws a document with pdfkit and returns its bytes. Engine handlers are synchronous (each runs in
 * one SQLite transaction), and so is this: pdfkit buffers what it writes until it is read, and
 * nothing reads it before `end()`, so every byte is in the stream's buffer when the loop drains it.
 */
export function renderPdf(info: { title: string; author: string; createdAt: Date; landscape?: boolean }, draw: (doc: Pdf) => void): Uint8Array {
  // The engine's clock, not pdfkit's default of the wall clock: the same document renders to the same bytes.
  const doc = new PDFDocument({ size: 'A4', layout: info.landscape ? 'landscape' : 'portrait', margin: 50, info: { Title: info.title, Author: info.author, Creator: 'Ledgerdesk', CreationDate: info.createdAt } });
  draw(doc);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}
