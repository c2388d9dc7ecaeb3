/**
 * The long soak of the sync simulation, outside `npm test`: many more seeds and longer histories.
 *   npx tsx scripts/sync-soak.ts [--seeds 2000] [--from 1000] [--steps 30]
 * Prints one line per failing seed and a summary; exits 1 if any seed failed.
 */
import { simulate } from '../test/sync/simulation';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const seeds = arg('seeds', 2000);
const from = arg('from', 1000);
const steps = arg('steps', 30);
let failed = 0;
const totals = { kills: 0, reviews: 0, failedRounds: 0, requests: 0 };
const started = Date.now();
for (let seed = from; seed < from + seeds; seed += 1) {
  const report = await simulate(seed, steps);
  totals.kills += report.kills;
  totals.reviews += report.reviews;
  totals.failedRounds += report.failedRounds;
  totals.requests += report.requests;
  if (!report.converged || report.duplicates > 0 || report.lost.length > 0 || report.early > 0) {
    failed += 1;
    console.log(JSON.stringify(report));
  }
}
console.log(JSON.stringify({ seeds, from, steps, failed, ...totals, seconds: Math.round((Date.now() - started) / 1000) }));
process.exit(failed > 0 ? 1 : 0);
