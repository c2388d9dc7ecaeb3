import Decimal from 'decimal.js';
import type { DocumentFacts, DocumentLine } from './document-facts';
import { renderPdf, type Pdf } from './pdf-bytes';
import { pdfDate, pdfMoney, pdfNumber, pdfPrice } from './pdf-money';

const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
/** Columns of the items table: x and width; text after the description is right-aligned. */
const COLUMNS = {
  description: { x: LEFT, width: 215 },
  quantity: { x: 270, width: 70 },
  price: { x: 345, width: 70 },
  vat: { x: 420, width: 40 },
  amount: { x: 465, width: RIGHT - 465 },
} as const;
const GREY = '#555555';

function bottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page when `height` more points would not fit on this one. */
function keepTogether(doc: Pdf, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  doc.addPage();
  return true;
}

function header(doc: Pdf, facts: DocumentFacts): void {
  const top = doc.y;
  if (facts.seller.show) {
    doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(facts.seller.name, LEFT, top, { width: 280 });
    doc.font('Helvetica').fontSize(9).fillColor(GREY);
    for (const line of facts.seller.address) doc.text(line, { width: 280 });
    if (facts.seller.vatNumber) doc.text(`VAT registration number ${facts.seller.vatNumber}`, { width: 280 });
    if (facts.seller.companyNumber) doc.text(`Company number ${facts.seller.companyNumber}`, { width: 280 });
  }
  const leftEnd = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).fillColor('black').text(facts.title.toUpperCase(), 340, top, { width: RIGHT - 340, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  const facts2: [string, string][] = [[`${facts.title} number`, facts.reference], ['Date', pdfDate(facts.datedOn)]];
  if (facts.dueOn) facts2.push(['Due', pdfDate(facts.dueOn)]);
  if (facts.projectName) facts2.push(['Project', facts.projectName]);
  for (const [label, value] of facts2) doc.text(`${label}: ${value}`, 340, doc.y, { width: RIGHT - 340, align: 'right' });
  doc.y = Math.max(leftEnd, doc.y) + 20;
}

function buyer(doc: Pdf, facts: DocumentFacts): void {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(facts.buyerHeading.toUpperCase(), LEFT, doc.y);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('black').text(facts.buyer.name, { width: 300 });
  doc.font('Helvetica').fontSize(10);
  for (const line of facts.buyer.address) doc.text(line, { width: 300 });
  if (facts.buyer.vatNumber) doc.text(`VAT number ${facts.buyer.vatNumber}`, { width: 300 });
  doc.moveDown(1.5);
}

function tableHeader(doc: Pdf, currency: string): void {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  doc.text('Description', COLUMNS.description.x, y, { width: COLUMNS.description.width });
  doc.text('Quantity', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
  doc.text('Price', COLUMNS.price.x, y, { width: COLUMNS.price.width, align: 'right' });
  doc.text('VAT', COLUMNS.vat.x, y, { width: COLUMNS.vat.width, align: 'right' });
  doc.text(`Amount (${currency})`, COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
  doc.moveTo(LEFT, doc.y + 3).lineTo(RIGHT, doc.y + 3).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 8;
  doc.fillColor('black');
}

function vatCell(line: DocumentLine): string {
  if (line.vatStatus === null) return '';
  if (line.vatStatus === 'EXEMPT') return 'Exempt';
  if (line.vatStatus === 'OUT_OF_SCOPE') return 'Out';
  return `${new Decimal(line.vatRate ?? '0').toString()}%`;
}

function itemRow(doc: Pdf, line: DocumentLine, currency: string): void {
  doc.font('Helvetica').fontSize(10);
  const height = Math.max(doc.heightOfString(line.description || ' ', { width: line.comment ? WIDTH : COLUMNS.description.width }), 12) + 6;
  if (keepTogether(doc, height)) tableHeader(doc, currency);
  const y = doc.y;
  if (line.comment) {
    doc.fillColor(GREY).text(line.description, LEFT, y, { width: WIDTH });
  } else {
    doc.fillColor('black').text(line.description, COLUMNS.description.x, y, { width: COLUMNS.description.width });
    const quantity = `${pdfNumber(line.quantity)}${line.unit ? ` ${line.unit.toLowerCase()}` : ''}`;
    doc.text(quantity, COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text(pdfPrice(line.price, currency), COLUMNS.price.x, y, { width: COLUMNS.price.width, align: 'right' });
    doc.text(vatCell(line), COLUMNS.vat.x, y, { width: COLUMNS.vat.width, align: 'right' });
    doc.text(pdfMoney(line.amountMinor, currency), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
  }
  doc.y = y + height;
  doc.fillColor('black');
}

/** The rows under the items: discount, VAT by rate, totals. Measured first so they never split over a page. */
function totalRows(facts: DocumentFacts): { label: string; value: string; bold?: boolean }[] {
  const money = (minor: number) => pdfMoney(minor, facts.currency);
  const rows: { label: string; value: string; bold?: boolean }[] = [];
  if (facts.discount) {
    rows.push({ label: 'Subtotal before discount', value: money(facts.discount.beforeMinor) });
    rows.push({ label: `Discount ${new Decimal(facts.discount.percent).toString()}%`, value: money(facts.discount.minor) });
  }
  rows.push({ label: 'Net', value: money(facts.netMinor) });
  for (const rate of facts.vatByRate) {
    if (rate.rate.endsWith('%')) rows.push({ label: `VAT at ${rate.rate} on ${money(rate.netMinor)}`, value: money(rate.vatMinor) });
    else rows.push({ label: `${rate.rate}: ${money(rate.netMinor)}`, value: money(0) });
  }
  if (!facts.totalIncludesVat) {
    // The customer is quoted the net; the VAT by rate above says what will be added.
    rows.push({ label: `Total excluding VAT (${facts.currency})`, value: money(facts.netMinor), bold: true });
    return rows;
  }
  rows.push({ label: 'VAT', value: money(facts.vatMinor) });
  rows.push({ label: `Total (${facts.currency})`, value: money(facts.totalMinor), bold: true });
  if (facts.cis) {
    rows.push({ label: facts.cis.label, value: money(facts.cis.minor) });
    rows.push({ label: 'Total due', value: money(facts.totalMinor + facts.cis.minor), bold: true });
  }
  return rows;
}

function totals(doc: Pdf, facts: DocumentFacts): void {
  const rows = totalRows(facts);
  const rowHeight = 15;
  doc.y += 6;
  keepTogether(doc, rows.length * rowHeight + 12);
  doc.moveTo(300, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.y += 6;
  for (const row of rows) {
    const y = doc.y;
    doc.font(row.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('black');
    doc.text(row.label, 250, y, { width: 205, align: 'right' });
    doc.text(row.value, COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    doc.y = y + rowHeight;
  }
}

function paymentAndNotes(doc: Pdf, facts: DocumentFacts): void {
  const blocks: { title: string; lines: string[] }[] = [];
  if (facts.bank) {
    const lines = [`Account name: ${facts.seller.name}`, `Bank: ${facts.bank.name}`];
    if (facts.bank.sortCode) lines.push(`Sort code: ${facts.bank.sortCode}`);
    if (facts.bank.accountNumber) lines.push(`Account number: ${facts.bank.accountNumber}`);
    if (facts.bank.iban) lines.push(`IBAN: ${facts.bank.iban}`);
    if (facts.bank.bic) lines.push(`BIC: ${facts.bank.bic}`);
    lines.push(`Please quote ${facts.reference} with your payment.`);
    blocks.push({ title: 'Payment details', lines });
  }
  if (facts.dueOn) blocks.push({ title: 'Payment terms', lines: [facts.paymentTermsInDays === 0 ? 'Due on receipt.' : `Payment is due within ${facts.paymentTermsInDays} days, by ${pdfDate(facts.dueOn)}.`] });
  if (facts.vatNote) blocks.push({ title: 'VAT', lines: [facts.vatNote] });
  if (facts.comments) blocks.push({ title: 'Notes', lines: [facts.comments] });
  doc.y += 20;
  for (const block of blocks) {
    doc.font('Helvetica').fontSize(9);
    const height = 14 + block.lines.reduce((sum, line) => sum + doc.heightOfString(line, { width: WIDTH }), 0) + 10;
    keepTogether(doc, height);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY).text(block.title.toUpperCase(), LEFT, doc.y, { width: WIDTH });
    doc.font('Helvetica').fontSize(9).fillColor('black');
    for (const line of block.lines) doc.text(line, LEFT, doc.y, { width: WIDTH });
    doc.y += 10;
  }
}

/** The company's registration, as company law asks, below everything else (kept off pre-printed paper). */
function legalNotice(doc: Pdf, facts: DocumentFacts): void {
  if (!facts.legalNotice || !facts.seller.show) return;
  doc.font('Helvetica').fontSize(8);
  keepTogether(doc, doc.heightOfString(facts.legalNotice, { width: WIDTH }) + 20);
  doc.y += 10;
  doc.fillColor(GREY).text(facts.legalNotice, LEFT, doc.y, { width: WIDTH });
  doc.fillColor('black');
}

/** An invoice, credit note or estimate as a customer receives it, as real (searchable) text. */
export function documentPdf(facts: DocumentFacts, createdAt: Date): Uint8Array {
  return renderPdf({ title: `${facts.title} ${facts.reference}`, author: facts.seller.name, createdAt }, (doc) => {
    header(doc, facts);
    buyer(doc, facts);
    tableHeader(doc, facts.currency);
    for (const line of facts.lines) itemRow(doc, line, facts.currency);
    totals(doc, facts);
    paymentAndNotes(doc, facts);
    legalNotice(doc, facts);
  });
}
