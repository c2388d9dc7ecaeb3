import { Zip, ZipDeflate, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_ZIP_ENTRIES, MAX_ZIP_TOTAL_BYTES } from '../../main/importers/zip';
import { bankAccount, transactions } from './banking-helpers';
import { createTestBook } from './harness';
import { ofx, preview, reviewedUpload } from './statement-review-helpers';

// Issue 13 item 1: a small zip that inflates into gigabytes, or holds thousands of entries, is
// refused whole with a 422 and a sentence, after bounded work; the sizes its headers declare are
// not trusted. The bounds are the importer's own (64 MB unpacked, 400 files).

const MEBIBYTE = 1024 * 1024;

/** A zip of `entries` files of zeros, `megabytes` each, deflated as it is written (about 1 KB per MB). */
function zipOfZeros(entries: number, megabytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  const zeros = new Uint8Array(MEBIBYTE);
  for (let n = 0; n < entries; n += 1) {
    const entry = new ZipDeflate(`statement-${n}.csv`, { level: 1 });
    zip.add(entry);
    for (let mb = 0; mb < megabytes; mb += 1) entry.push(zeros, mb === megabytes - 1);
  }
  zip.end();
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Rewrites every size a zip declares for its entries (local headers and central directory) to `size`. */
function lyingSizes(zip: Uint8Array, size: number): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  for (let at = 0; at + 4 <= copy.length; at += 1) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) view.setUint32(at + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(at + 24, size, true);
  }
  return copy;
}

// Deflating tens of megabytes to build the bombs is most of these tests' time.
describe('zip limits at the statement preview and upload', { timeout: 60_000 }, () => {
  it('refuses a zip bomb (four entries that unpack past 64 MB, none of them over the old per-entry cap) with 422 and changes nothing', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    const bomb = zipOfZeros(4, 17);
    expect(bomb.length).toBeLessThan(MEBIBYTE);
    expect(4 * 17 * MEBIBYTE).toBeGreaterThan(MAX_ZIP_TOTAL_BYTES);
    const before = t.changeCount();

    const previewed = await preview(t, 'statements.zip', bomb);
    expect(previewed.status).toBe(422);
    expect(JSON.stringify(previewed.body)).toMatch(/unpacks to more than 64 MB/);

    const uploaded = await reviewedUpload(t, 'statements.zip', bomb, { bank_account: account });
    expect(uploaded.status).toBe(422);
    expect(JSON.stringify(uploaded.body)).toMatch(/unpacks to more than 64 MB/);
    expect(t.changeCount()).toBe(before);
    expect(await transactions(t, account)).toEqual([]);
  });

  it('does not trust the sizes the zip declares: an entry that says 1 KB and inflates to 70 MB is refused', async () => {
    const t = createTestBook();
    const liar = lyingSizes(zipOfZeros(1, 70), 1024);
    const previewed = await preview(t, 'statements.zip', liar);
    expect(previewed.status).toBe(422);
    expect(JSON.stringify(previewed.body)).toMatch(/unpacks to more than 64 MB/);
  });

  it('refuses a zip of more files than a year of daily statements', async () => {
    const t = createTestBook();
    const files = Object.fromEntries(Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, n) => [`day-${n}.txt`, strToU8('x')]));
    const previewed = await preview(t, 'many.zip', zipSync(files));
    expect(previewed.status).toBe(422);
    expect(JSON.stringify(previewed.body)).toMatch(/more than 400 files/);
  });

  it('refuses a zip cut short in transfer instead of reading what arrived', async () => {
    const t = createTestBook();
    const statement = ofx([{ date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1' }]).repeat(20);
    const whole = zipSync({ 'october.ofx': strToU8(statement) }, { level: 0 });
    const previewed = await preview(t, 'october.zip', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(previewed.status).toBe(422);
    expect(JSON.stringify(previewed.body)).toMatch(/cut short/);
  });

  it('still reads a zip of real statements within the bounds', async () => {
    const t = createTestBook();
    await bankAccount(t, { account_number: '12345678' });
    const statement = ofx([{ date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1' }]);
    const previewed = await preview(t, 'october.zip', zipSync({ 'october.ofx': strToU8(statement), '__MACOSX/._october.ofx': strToU8('junk') }));
    expect(previewed.status).toBe(200);
    expect(previewed.body.statement_preview.rows).toHaveLength(1);
  });
});
