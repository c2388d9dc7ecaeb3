import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HmrcClient } from '../../main/hmrc/client';
import { fraudHeaders } from '../../main/hmrc/fraud-headers';
import { machineFacts } from '../../main/hmrc/machine-facts';
import { StaticHmrcTokens } from '../../main/hmrc/tokens';
import { createTestBook, OWNER_TOKEN, type TestBook } from '../engine/harness';
import { postDocument } from '../engine/report-fixtures';
import { dueDate, HmrcSimulator, type SimObligation } from './simulator';

/**
 * A VAT-registered book (quarterly from 1 May 2025, VRN GB123456789, clock 2026-11-22) with a sale
 * and a purchase in the quarter 1 Aug - 31 Oct 2026, and an HMRC simulator whose obligations are the
 * book's quarters: 18A1..18A5 fulfilled, 18A6 (Aug-Oct) open and ended, 18A7 open and running.
 */
export const QUARTER = { start: '2026-08-01', end: '2026-10-31', key: '18A6' };

export function bookQuarters(): SimObligation[] {
  const ends = ['2025-07-31', '2025-10-31', '2026-01-31', '2026-04-30', '2026-07-31', '2026-10-31', '2027-01-31'];
  return ends.map((end, index) => {
    const start = index === 0 ? '2025-05-01' : new Date(new Date(`${ends[index - 1]}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
    const fulfilled = end < '2026-08-01';
    return { periodKey: `18A${index + 1}`, start, end, due: dueDate(end), status: fulfilled ? 'F' : 'O', received: fulfilled ? dueDate(end) : undefined };
  });
}

export function vatBook(): TestBook {
  const t = createTestBook({ vatRegistered: true });
  t.book.sqlite.prepare("UPDATE company SET vat_registration_number = 'GB123456789'").run();
  // A sale of £1,000.50 + £200.10 VAT and a purchase of £300.99 + £60.20 VAT.
  postDocument(t, '2026-09-10', [{ code: '001', debit: -100_050, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -20_010 }, { code: '681', debit: 120_060 }], 'invoices');
  postDocument(t, '2026-10-02', [{ code: '285', debit: 30_099, salesTaxStatus: 'TAXABLE' }, { code: '818', debit: 6_020 }, { code: '796', debit: -36_119 }], 'bills');
  return t;
}

export async function simulator(options: ConstructorParameters<typeof HmrcSimulator>[0] = {}): Promise<HmrcSimulator> {
  return new HmrcSimulator({ today: '2026-11-22', obligations: bookQuarters(), mayBeEmpty: ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs'], ...options }).start();
}

export const userData = () => mkdtempSync(join(tmpdir(), 'ledgerdesk-hmrc-'));

/** The client as the desktop app makes it: a window reports one screen and its size. */
export function clientFor(sim: HmrcSimulator, options: { userData?: string; sleeps?: number[]; timeoutMs?: number } = {}): HmrcClient {
  const folder = options.userData ?? userData();
  const device = { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } };
  return new HmrcClient({
    baseUrl: sim.url,
    vrn: sim.vrn,
    tokens: new StaticHmrcTokens(sim.token),
    fraudHeaders: async () => fraudHeaders(await machineFacts({ userData: folder }, device)),
    sleep: async (ms) => void options.sleeps?.push(ms),
    timeoutMs: options.timeoutMs ?? 5_000,
  });
}

export const ownerAuthorization = `Bearer ${OWNER_TOKEN}`;
