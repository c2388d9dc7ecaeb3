import { describe, expect, it } from 'vitest';
import type { WorkProgress } from '../../shared/api/work_progress';
import { createEngine } from '../../main/engine/app';
import { workBoard } from '../../main/engine/work/board';
import { bankAccount } from './banking-helpers';
import { createTestBook, OWNER_TOKEN } from './harness';

/**
 * Long work says how far it has got (issue 23): a statement upload counts the lines it checks
 * against the account and the new lines it writes, on the engine's work board, which
 * GET /v2/work_progress reads (in the app, the reader's copy while the writer works).
 */

const lines = (count: number) => Array.from({ length: count }, (_, n) => ({ dated_on: '2026-10-01', amount: `-${1 + (n % 90)}.25`, description: `Card payment ${n}` }));

function bookWithBoard() {
  const t = createTestBook();
  const heard: (WorkProgress | null)[] = [];
  const board = workBoard((progress) => heard.push(progress));
  const engine = createEngine({ ...t.deps, work: board });
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await engine.fetch(
      new Request(`http://127.0.0.1${path}`, { method, headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  return { t, heard, board, send };
}

describe('work progress', () => {
  it('counts a statement upload: every line checked, then every new line written, ending at the total', async () => {
    const { t, heard, send } = bookWithBoard();
    const account = await bankAccount(t);
    const uploaded = await send('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, { statement: lines(4500) });
    expect(uploaded.status).toBe(200);
    const counted = (stage: string) => heard.filter((progress) => progress?.stage === stage).map((progress) => [progress!.done, progress!.total]);
    expect(counted('check')).toEqual([
      [2000, 4500],
      [4000, 4500],
      [4500, 4500],
    ]);
    expect(counted('write')).toEqual([
      [2000, 4500],
      [4000, 4500],
      [4500, 4500],
    ]);
    expect(heard.every((progress) => progress?.task === 'statement')).toBe(true);
  });

  it('counts no writing when every line is already in the account', async () => {
    const { t, heard, send } = bookWithBoard();
    const account = await bankAccount(t);
    const path = `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`;
    expect((await send('POST', path, { statement: lines(2500) })).status).toBe(200);
    heard.length = 0;
    expect((await send('POST', path, { statement: lines(2500) })).status).toBe(200);
    expect(heard.map((progress) => progress?.stage)).toEqual(['check', 'check']);
  });

  it('GET /v2/work_progress answers the latest report, and null when no work runs or no board is kept', async () => {
    const { t, board, send } = bookWithBoard();
    expect(await send('GET', '/v2/work_progress')).toEqual({ status: 200, body: { work_progress: null } });
    board.report({ task: 'statement', stage: 'write', done: 2000, total: 9000 });
    expect((await send('GET', '/v2/work_progress')).body).toEqual({ work_progress: { task: 'statement', stage: 'write', done: 2000, total: 9000 } });
    board.report({ task: 'backup', stage: null, done: null, total: null });
    expect((await send('GET', '/v2/work_progress')).body).toEqual({ work_progress: { task: 'backup', stage: null, done: null, total: null } });
    expect((await t.json('GET', '/v2/work_progress')).body).toEqual({ work_progress: null });
    expect((await t.json('GET', '/v2/work_progress', { token: null })).status).toBe(401);
  });
});
