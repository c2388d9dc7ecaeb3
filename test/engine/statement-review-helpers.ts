import { ORIGIN, OWNER_TOKEN, type TestBook } from './harness';

/** Multipart requests of the import review: the preview and the reviewed upload. */

export interface ReviewFields {
  bank_account?: string;
  rows?: number[] | string;
  column_mapping?: unknown;
  date_order?: string;
  token?: string;
}

async function postFile(t: TestBook, path: string, name: string, content: string | Uint8Array, fields: ReviewFields) {
  const form = new FormData();
  form.set('statement', new Blob([content as BlobPart]), name);
  if (fields.rows !== undefined) form.set('rows', typeof fields.rows === 'string' ? fields.rows : JSON.stringify(fields.rows));
  if (fields.column_mapping !== undefined) form.set('column_mapping', typeof fields.column_mapping === 'string' ? fields.column_mapping : JSON.stringify(fields.column_mapping));
  if (fields.date_order !== undefined) form.set('date_order', fields.date_order);
  const query = fields.bank_account ? `?bank_account=${encodeURIComponent(fields.bank_account)}` : '';
  const response = await t.engine.fetch(
    new Request(`${ORIGIN}${path}${query}`, { method: 'POST', headers: { Authorization: `Bearer ${fields.token ?? OWNER_TOKEN}` }, body: form }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export function preview(t: TestBook, name: string, content: string | Uint8Array, fields: ReviewFields = {}) {
  return postFile(t, '/v2/bank_transactions/statement/preview', name, content, fields);
}

export function reviewedUpload(t: TestBook, name: string, content: string | Uint8Array, fields: ReviewFields) {
  return postFile(t, '/v2/bank_transactions/statement', name, content, fields);
}

/** The statuses of a preview's rows, in order. */
export const statuses = (body: any): string[] => body.statement_preview.rows.map((row: { status?: string }) => row.status ?? 'unclassified');

/** A small OFX 1.x statement for account 12345678 with a closing balance. */
export function ofx(lines: { date: string; amount: string; name: string; fitid?: string; type?: string }[], closing?: { amount: string; date: string }, account = '12345678'): string {
  const transactions = lines
    .map((line) => `<STMTTRN><TRNTYPE>${line.type ?? 'OTHER'}<DTPOSTED>${line.date.replace(/-/g, '')}<TRNAMT>${line.amount}${line.fitid ? `<FITID>${line.fitid}` : ''}<NAME>${line.name}</STMTTRN>`)
    .join('\n');
  const balance = closing ? `<LEDGERBAL><BALAMT>${closing.amount}<DTASOF>${closing.date.replace(/-/g, '')}</LEDGERBAL>` : '';
  return `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>GBP
<BANKACCTFROM><BANKID>200000<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261001<DTEND>20261031
${transactions}
</BANKTRANLIST>
${balance}
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
}
