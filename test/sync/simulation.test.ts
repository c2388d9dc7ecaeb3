import { describe, it } from 'vitest';
import { runSeeds } from './simulation';

const HALF = Number(process.env.SYNC_SEEDS ?? 200) / 2;

describe('seeded simulation: two books and the remote, faults, kills and expired tokens (first half of the seeds)', () => {
  it('every seed settles to the same books with nothing doubled, nothing lost and no request before Retry-After', () => runSeeds(1, HALF), 900_000);
});
