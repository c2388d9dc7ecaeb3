import { describe, expect, it } from 'vitest';
import { simulate, type SimReport } from './simulation';

const SEEDS = Number(process.env.SYNC_SEEDS ?? 200);

describe(`seeded simulation: two books and the remote, faults and kills, ${SEEDS} seeds`, () => {
  it('every seed settles to the same books with nothing doubled, nothing lost and no request before Retry-After', async () => {
    const reports: SimReport[] = [];
    for (let seed = 1; seed <= SEEDS; seed += 1) reports.push(await simulate(seed));
    const failed = reports.filter((r) => !r.converged || r.duplicates > 0 || r.lost.length > 0 || r.early > 0);
    const summary = {
      seeds: reports.length,
      converged: reports.filter((r) => r.converged).length,
      duplicates: reports.reduce((n, r) => n + r.duplicates, 0),
      lost: reports.reduce((n, r) => n + r.lost.length, 0),
      early: reports.reduce((n, r) => n + r.early, 0),
      kills: reports.reduce((n, r) => n + r.kills, 0),
      reviews: reports.reduce((n, r) => n + r.reviews, 0),
      failedRounds: reports.reduce((n, r) => n + r.failedRounds, 0),
      requests: reports.reduce((n, r) => n + r.requests, 0),
    };
    console.log('sync simulation', JSON.stringify(summary));
    expect(failed.map((r) => ({ seed: r.seed, converged: r.converged, duplicates: r.duplicates, lost: r.lost, early: r.early }))).toEqual([]);
    expect(summary.kills).toBeGreaterThan(SEEDS / 2);
  }, 600_000);
});
