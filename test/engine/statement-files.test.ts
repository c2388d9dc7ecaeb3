import { describe, expect, it } from 'vitest';
import { bankAccount, transactions } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';


async function postForm(t: TestBook, accountUrl: string, name: string, content: string | Uint8Array) {
  const form = new FormData();
  form.set('statement', new Blob([content as BlobPart]), name);
  const response = await t.engine.fetch(
    new Request(`http://127.0.0.1:9999/v2/bank_transactions/statement?bank_account=${encodeURIComponent(accountUrl)}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner-token' },
      body: form,
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const SGML_OFX = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE

<OFX>
<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<STMTRS><CURDEF>GBP
<BANKACCTFROM><BANKID>200000<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST><DTSTART>20261001<DTEND>20261031
<STMTTRN><TRNTYPE>XFER<DTPOSTED>20261002<TRNAMT>250.00<FITID>T1<NAME>From savings</STMTTRN>
<STMTTRN><TRNTYPE>POS<DTPOSTED>20261003120000[0:GMT]<TRNAMT>-4.20<FITID>T2<NAME>Coffee shop<MEMO>card 1234</STMTTRN>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261004<TRNAMT>-1,234.56<FITID>T3<NAME>Supplier</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1000.00<DTASOF>20261031</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;

describe('statement upload as a file', () => {
  it('imports an OFX 1.x file keeping the bank\'s own signs, and adds nothing the second time', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    const first = await postForm(t, account, 'october.ofx', SGML_OFX);
    expect(first.status).toBe(200);
    const rows = await transactions(t, account);
    expect(rows.map((row) => [row.dated_on, row.amount, row.transaction_id])).toEqual([
      ['2026-10-04', '-1234.56', 'T3'],
      ['2026-10-03', '-4.2', 'T2'],
      ['2026-10-02', '250.0', 'T1'],
    ]);
    expect((await postForm(t, account, 'october.ofx', SGML_OFX)).status).toBe(200);
    expect(await transactions(t, account)).toHaveLength(3);
    expect(await transactions(t, account, '&last_uploaded=true')).toHaveLength(0);
  });

  it("stores a file's types upper-cased and cut to 32 characters, and cuts a description past 2,000", async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const longType = `x${'y'.repeat(40)}`;
    const lines = [
      `<STMTTRN><TRNTYPE>pos<DTPOSTED>20261002<TRNAMT>-1.00<FITID>L1<NAME>${'N'.repeat(2100)}</STMTTRN>`,
      `<STMTTRN><TRNTYPE>pos<DTPOSTED>20261003<TRNAMT>-2.00<FITID>L2<NAME>Short</STMTTRN>`,
      `<STMTTRN><TRNTYPE>${longType}<DTPOSTED>20261004<TRNAMT>-3.00<FITID>L3<NAME>Odd type</STMTTRN>`,
    ].join('\n');
    const file = SGML_OFX.replace(/<STMTTRN>[\s\S]*<\/STMTTRN>/, lines);
    expect((await postForm(t, account, 'long.ofx', file)).status).toBe(200);
    const stored = t.book.sqlite.prepare('SELECT transaction_type AS type, description FROM bank_transactions ORDER BY dated_on').all() as { type: string; description: string }[];
    expect(stored.map((row) => row.type)).toEqual(['POS', 'POS', longType.toUpperCase().slice(0, 32)]);
    expect(stored[0]!.description).toHaveLength(2000);
    expect(stored[1]!.description).toBe('Short//POS/');
  });

  it("imports the service's own three-column CSV", async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const csv = '01/10/2025,-50,Savings Account\n01/10/2025,100,Dunder Mifflin\n02/10/2025,-6.07,Amazon Web Services\n';
    expect((await postForm(t, account, 'example_statement.csv', csv)).status).toBe(200);
    const rows = await transactions(t, account);
    expect(rows.map((row) => [row.dated_on, row.amount, row.full_description])).toEqual([
      ['2025-10-02', '-6.07', 'Amazon Web Services//OTHER/£6.07'],
      ['2025-10-01', '100.0', 'Dunder Mifflin//OTHER/£100.00'],
      ['2025-10-01', '-50.0', 'Savings Account//OTHER/£50.00'],
    ]);
  });

  it('refuses an empty file (406), a file it cannot read (400) and a statement in another currency (422)', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    expect((await postForm(t, account, 'empty.ofx', '')).status).toBe(406);
    const garbage = await postForm(t, account, 'photo.ofx', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]));
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors[0].message).toContain('could not be read');
    const dollars = await postForm(t, account, 'usd.ofx', SGML_OFX.replace('<CURDEF>GBP', '<CURDEF>USD'));
    expect(dollars.status).toBe(422);
    expect(dollars.body.errors[0].message).toContain('USD');
    expect(await transactions(t, account)).toHaveLength(0);
  });
});

