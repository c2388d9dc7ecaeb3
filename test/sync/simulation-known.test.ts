import { describe, expect, it } from 'vitest';
import { KNOWN_DEFECT_SEEDS, simulate } from './simulation';

// A known defect, kept in view rather than out of the run: this test passes while the seed still fails
// to settle, and fails (so it must be taken out of KNOWN_DEFECT_SEEDS) once the defect is mended.
describe('seeded simulation: seeds that find a defect not yet mended', () => {
  for (const seed of KNOWN_DEFECT_SEEDS) {
    it.fails(`seed ${seed} settles (known defect: a contact the remote deleted and the book kept is missing from that book)`, async () => {
      const report = await simulate(seed);
      expect(report.converged).toBe(true);
    }, 300_000);
  }
});
