import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, handler: (event: unknown, payload: unknown) => unknown) => handlers.set(channel, handler) },
}));

const { answerDropRequest, registerDropChannel } = await import('../../main/ipc');
const { DROP_CHANNEL, invalidDropRequest } = await import('../../shared/bridge');
const { createTestBook, OWNER_TOKEN } = await import('../engine/harness');
const { ofx } = await import('../engine/statement-review-helpers');

const STATEMENT = ofx([
  { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1' },
  { date: '2026-10-03', amount: '-4.20', name: 'Coffee shop', fitid: 'T2' },
]);

function tempFolder(): string {
  return mkdtempSync(join(tmpdir(), 'ledgerdesk-drop-'));
}

async function currentAccount(t: ReturnType<typeof createTestBook>): Promise<string> {
  const created = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Current', opening_balance: '0', account_number: '12345678' } } });
  return `ledgerdesk://local/v2/bank_accounts/${String(created.body.bank_account.url).split('/').pop()}`;
}

describe('drop door (Electron: files by path)', () => {
  it('reads each dropped file and previews it as the desktop user, with ledgerdesk://local urls', async () => {
    const t = createTestBook();
    const account = await currentAccount(t);
    const folder = tempFolder();
    writeFileSync(join(folder, 'october.ofx'), STATEMENT);
    writeFileSync(join(folder, 'notes.txt'), 'not a statement');
    const answers = await answerDropRequest(t.engine, OWNER_TOKEN, {
      path: '/v2/bank_transactions/statement/preview',
      filePaths: [join(folder, 'october.ofx'), join(folder, 'notes.txt')],
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => (answer.body as { statement_preview: { file_name: string; format: string | null; matched_bank_account: string | null; rows: unknown[] } }).statement_preview);
    expect(first).toMatchObject({ file_name: 'october.ofx', format: 'ofx', matched_bank_account: account });
    expect(first!.rows).toHaveLength(2);
    expect(second).toMatchObject({ file_name: 'notes.txt', format: null, rows: [] });
  });

  it('imports the chosen rows with the review fields and answers with the batch', async () => {
    const t = createTestBook();
    const account = await currentAccount(t);
    const folder = tempFolder();
    writeFileSync(join(folder, 'october.ofx'), STATEMENT);
    const [answer] = await answerDropRequest(t.engine, OWNER_TOKEN, {
      path: '/v2/bank_transactions/statement',
      query: { bank_account: account },
      fields: { rows: '[1]' },
      filePaths: [join(folder, 'october.ofx')],
    });
    expect(answer!.status).toBe(200);
    expect(answer!.body).toMatchObject({ statement_upload: { bank_account: account, added_rows: [1], added_count: 1 } });
  });

  it('carries confirm_reconciled: rows inside a reconciled statement are asked about (409), then go in once confirmed', async () => {
    const t = createTestBook();
    const account = await currentAccount(t);
    const reconciled = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: account, statement_date: '2026-10-31', closing_balance: '0' } } });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
    const folder = tempFolder();
    writeFileSync(join(folder, 'october.ofx'), STATEMENT);
    const drop = (query: Record<string, string>) => answerDropRequest(t.engine, OWNER_TOKEN, { path: '/v2/bank_transactions/statement', query: { bank_account: account, ...query }, fields: { rows: '[1]' }, filePaths: [join(folder, 'october.ofx')] });
    const [asked] = await drop({});
    expect(asked!.status).toBe(409);
    const [confirmed] = await drop({ confirm_reconciled: 'true' });
    expect(confirmed!.status, JSON.stringify(confirmed!.body)).toBe(200);
    expect(confirmed!.body).toMatchObject({ statement_upload: { added_rows: [1] } });
  });

  it('says which file could not be read, and still sends the others', async () => {
    const t = createTestBook();
    const folder = tempFolder();
    writeFileSync(join(folder, 'october.ofx'), STATEMENT);
    mkdirSync(join(folder, 'a folder.ofx'));
    const answers = await answerDropRequest(t.engine, OWNER_TOKEN, {
      path: '/v2/bank_transactions/statement/preview',
      filePaths: [join(folder, 'missing.ofx'), join(folder, 'a folder.ofx'), join(folder, 'october.ofx')],
    });
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 200]);
    expect(JSON.stringify(answers[0]!.body)).toContain('missing.ofx could not be read');
    expect(JSON.stringify(answers[1]!.body)).toContain('a folder.ofx could not be read: it is not a file.');
  });

  it('refuses envelopes that name another endpoint, relative paths, unknown fields or too many files, reading nothing', async () => {
    const t = createTestBook();
    const read = vi.fn(async () => new Uint8Array());
    const bad: unknown[] = [
      null,
      { path: '/v2/bank_accounts', filePaths: ['/tmp/a.ofx'] },
      { path: '/v2/bank_transactions/statement/preview', filePaths: ['relative/a.ofx'] },
      { path: '/v2/bank_transactions/statement/preview', filePaths: [] },
      { path: '/v2/bank_transactions/statement/preview', filePaths: Array.from({ length: 21 }, (_, i) => `/tmp/${i}.ofx`) },
      { path: '/v2/bank_transactions/statement/preview', filePaths: ['/tmp/a.ofx'], fields: { Authorization: 'x' } },
      { path: '/v2/bank_transactions/statement/preview', filePaths: ['/tmp/a.ofx'], query: { bank_account: 1 } },
      { path: '/v2/bank_transactions/statement/preview', filePaths: ['/tmp/a\u0000.ofx'] },
    ];
    for (const envelope of bad) {
      const answers = await answerDropRequest(t.engine, OWNER_TOKEN, envelope, read);
      expect(answers).toHaveLength(1);
      expect(answers[0]!.status, JSON.stringify(envelope)).toBe(400);
    }
    expect(read).not.toHaveBeenCalled();
    expect(invalidDropRequest({ path: '/v2/bank_transactions/statement', filePaths: ['C:\\Users\\me\\a.ofx', '/home/me/b.csv'], fields: { rows: '[0]' } })).toBeNull();
  });

  it('answers 403 to a sender that is not the app window', async () => {
    const t = createTestBook();
    registerDropChannel(t.engine, OWNER_TOKEN, (event) => (event as unknown as { trusted: boolean }).trusted);
    const handler = handlers.get(DROP_CHANNEL)!;
    const folder = tempFolder();
    writeFileSync(join(folder, 'october.ofx'), STATEMENT);
    const envelope = { path: '/v2/bank_transactions/statement/preview', filePaths: [join(folder, 'october.ofx')] };
    const refused = (await handler({ trusted: false }, envelope)) as { status: number }[];
    expect(refused.map((answer) => answer.status)).toEqual([403]);
    const allowed = (await handler({ trusted: true }, envelope)) as { status: number }[];
    expect(allowed.map((answer) => answer.status)).toEqual([200]);
  });
});
