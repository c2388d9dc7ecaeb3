import { performance } from 'node:perf_hooks';
import { parseStatement } from '../../main/importers';

/**
 * Statement parser throughput: a 100,000-row file per format, generated here, parsed whole. Each
 * result is compared with the cheapest possible reading of the same bytes measured in the same run
 * (TextDecoder, then split into lines), so the ratio says what parsing costs on top of reading and
 * does not move with the machine.
 */

const ROWS = 100_000;
const ROUNDS = 3;

interface ParserBenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  ratio: number;
}

export async function benchParsers(): Promise<ParserBenchResult[]> {
  const results: ParserBenchResult[] = [];
  for (const [format, generate] of Object.entries(GENERATORS)) {
    const bytes = new TextEncoder().encode(generate(ROWS));
    const fileName = `bench.${format === 'camt053' ? 'xml' : format}`;
    const parsed = parseStatement(bytes, { fileName });
    if (parsed.transactions.length !== ROWS || parsed.errors.length > 0) {
      throw new Error(`${format}: the generated file parsed to ${parsed.transactions.length} rows and ${parsed.errors.length} errors, not ${ROWS}`);
    }
    const parseSeconds = medianSeconds(() => parseStatement(bytes, { fileName }));
    const readSeconds = medianSeconds(() => new TextDecoder().decode(bytes).split('\n'));
    const megabytes = bytes.length / 1e6;
    const ratio = readSeconds / parseSeconds;
    results.push(
      { name: `importers.${format}.rows`, value: ROWS / parseSeconds, unit: 'rows/s', baseline: ROWS / readSeconds, ratio },
      { name: `importers.${format}.bytes`, value: megabytes / parseSeconds, unit: 'MB/s', baseline: megabytes / readSeconds, ratio },
    );
    // Let the previous file's garbage go before the next one is measured.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return results;
}

function medianSeconds(run: () => unknown): number {
  run();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    run();
    times.push((performance.now() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

// Deterministic rows that vary the way real ones do: dates across a year, both signs, pence.
const day = (i: number) => 1 + (i % 28);
const month = (i: number) => 1 + (Math.floor(i / 28) % 12);
const pad = (n: number) => String(n).padStart(2, '0');
const pounds = (i: number) => `${i % 3 === 0 ? '' : '-'}${1 + (i % 997)}.${pad(i % 100)}`;
const payee = (i: number) => `PAYEE ${i % 1000} LONDON GB`;

/** Statement files of `rows` transactions, per format, for the benchmark and for profiling. */
export const GENERATORS: Record<string, (rows: number) => string> = {
  ofx(rows) {
    const lines = ['OFXHEADER:100', 'DATA:OFXSGML', 'VERSION:102', 'SECURITY:NONE', 'ENCODING:USASCII', 'CHARSET:1252', 'COMPRESSION:NONE', 'OLDFILEUID:NONE', 'NEWFILEUID:NONE', ''];
    lines.push('<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240131120000<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>');
    lines.push('<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>GBP');
    lines.push('<BANKACCTFROM><BANKID>123456<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20241231');
    for (let i = 0; i < rows; i++) {
      lines.push(
        `<STMTTRN><TRNTYPE>${i % 3 === 0 ? 'CREDIT' : 'DEBIT'}<DTPOSTED>2024${pad(month(i))}${pad(day(i))}120000.000[0:GMT]<TRNAMT>${pounds(i)}<FITID>${i}<NAME>${payee(i)}<MEMO>CARD PAYMENT ${i}</STMTTRN>`,
      );
    }
    lines.push('</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20241231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
    return lines.join('\r\n');
  },

  qif(rows) {
    const lines = ['!Type:Bank'];
    for (let i = 0; i < rows; i++) lines.push(`D${month(i)}/${day(i)}'24`, `T${pounds(i)}`, `P${payee(i)}`, `MCARD PAYMENT ${i}`, '^');
    return lines.join('\r\n');
  },

  csv(rows) {
    const lines = ['Date,Description,Amount,Balance'];
    for (let i = 0; i < rows; i++) lines.push(`${pad(day(i))}/${pad(month(i))}/2024,"${payee(i)}, CARD ${i}",${pounds(i)},1000.00`);
    return lines.join('\r\n');
  },

  camt053(rows) {
    const parts = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2024-12-31T12:00:00</CreDtTm></GrpHdr>',
      '<Stmt><Id>1</Id><Acct><Id><IBAN>GB33BUKB20201555555555</IBAN></Id><Ccy>GBP</Ccy></Acct>',
      '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="GBP">100.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-01</Dt></Dt></Bal>',
    ];
    for (let i = 0; i < rows; i++) {
      const amount = pounds(i);
      parts.push(
        `<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="GBP">${amount.replace('-', '')}</Amt><CdtDbtInd>${amount.startsWith('-') ? 'DBIT' : 'CRDT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
          `<BookgDt><Dt>2024-${pad(month(i))}-${pad(day(i))}</Dt></BookgDt><AcctSvcrRef>REF${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E${i}</EndToEndId></Refs>` +
          `<RltdPties><Cdtr><Pty><Nm>${payee(i)}</Nm></Pty></Cdtr></RltdPties><RmtInf><Ustrd>INVOICE ${i}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
      );
    }
    parts.push('</Stmt></BkToCstmrStmt></Document>');
    return parts.join('\n');
  },

  mt940(rows) {
    const lines = [':20:BENCH', ':25:GB33BUKB20201555555555', ':28C:1/1', ':60F:C240101GBP100,00'];
    for (let i = 0; i < rows; i++) {
      const amount = pounds(i);
      const [whole, pence] = amount.replace('-', '').split('.');
      lines.push(`:61:24${pad(month(i))}${pad(day(i))}${pad(month(i))}${pad(day(i))}${amount.startsWith('-') ? 'D' : 'C'}${whole},${pence}NTRFREF${i}//BANK${i}`);
      lines.push(`:86:/TRTP/SEPA OVERBOEKING/NAME/${payee(i)}/REMI/INVOICE ${i}`);
    }
    lines.push(':62F:C241231GBP100,00', '-');
    return lines.join('\r\n');
  },
};
