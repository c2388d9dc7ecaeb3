import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../main/sync/families';
import { world } from './replicas';
import { accountIn, manyLines, requestsByKind, seenLines, upload } from './lines';

// The request goals, asserted as counts (never times) at 1,000 lines: a full pull in pages of
// 100 with Link following (10,000 in at most 110 requests scales to 1,000 in at most 11 list requests),
// a push in whole uploads, and a round with nothing to do in at most one request per family.
const LINES = 1_000;
const DAY = 86_400_000;
const families = FAMILIES.map((family) => family.path.replace('/v2/', ''));

describe('statement lines: requests', { timeout: 300_000 }, () => {
  it(`a full pull of ${LINES} lines lists them in ${LINES / 100} pages; a round with nothing to do is one request per family`, async () => {
    const w = world(91);
    await upload(w.remote.book, await accountIn(w.remote.book), manyLines(LINES));
    const a = w.replica('a', undefined, { sweepEveryMs: DAY });
    const first = await a.sync();
    expect(first.pulled).toBe(1 + LINES);
    expect(await seenLines(a.book)).toEqual(await seenLines(w.remote.book));
    const pull = requestsByKind(w.remote.log);
    expect(pull.lineLists).toBeLessThanOrEqual(LINES / 100 + 1);
    expect(pull.lineLists).toBe(LINES / 100);
    expect(w.remote.log.filter((entry) => entry.method !== 'GET')).toEqual([]);
    // The full pages showed every line without an explanation, so the account's explanations are not
    // listed by the round (the one request is the link plan's count of them); a company that is not a
    // landlord holds no properties, so they are not asked for at all.
    const asked = (pattern: RegExp) => w.remote.log.filter((entry) => pattern.test(entry.path)).length;
    expect(asked(/^\/v2\/bank_transaction_explanations\?/)).toBe(1);
    expect(asked(/^\/v2\/properties/)).toBe(0);

    // The hour of overlap is read once more; after that a quiet round asks each family once.
    w.timer.advance(2 * 3_600_000);
    await a.sync();
    const before = w.remote.log.length;
    const quiet = await a.sync();
    expect(quiet).toMatchObject({ pulled: 0, pushed: 0 });
    const noop = w.remote.log.slice(before);
    expect(quiet.requests).toBe(noop.length);
    // The agreement check comes last and is counted apart; the returns' filing status is read once a round.
    const perFamily = noop.slice(0, noop.length - quiet.checkRequests).filter((entry) => !/\/(vat_returns|self_assessment_returns)\?/.test(entry.path));
    expect(perFamily.length).toBeLessThanOrEqual(FAMILIES.length);
    for (const [family, count] of Object.entries(requestsByKind(perFamily).perFamily(families))) expect(count, family).toBeLessThanOrEqual(1);
  });

  it(`a push of ${LINES} lines is one upload and ${LINES / 100} pages to pair them, and none is made twice`, async () => {
    const w = world(92);
    const a = w.replica('a', undefined, { sweepEveryMs: DAY });
    await a.sync();
    await upload(a.book, await accountIn(a.book), manyLines(LINES));
    const before = w.remote.log.length;
    const round = await a.sync();
    expect(round.pushed).toBe(1 + LINES);
    const push = requestsByKind(w.remote.log.slice(before));
    expect(push.uploads).toBe(1);
    expect(push.lineLists).toBeLessThanOrEqual(LINES / 100 + 1);
    expect(await seenLines(w.remote.book)).toEqual(await seenLines(a.book));
    expect(a.book.book.sqlite.prepare('SELECT count(*) FROM sync_outbox').pluck().get()).toBe(0);
  });
});
