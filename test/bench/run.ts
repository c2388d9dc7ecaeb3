// `npm run bench [-- [--suite NAME] filter...]`: one JSON object per line on stdout, {"name","value","unit",
// "baseline","ratio"}, where baseline is the value of the benchmark it is compared with in the same
// run and ratio = value / baseline. Progress goes to stderr. A filter keeps the benchmarks whose
// names contain it (their baselines run too). `--profile DIR` writes a CPU profile of each
// benchmark's measured calls (setup excluded) to DIR. To add a benchmark, add an entry to a suite's
// list, or a suite (or a CustomSuite that times itself) to SUITES.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Benchmark, BenchResult, CustomSuite, Suite } from './bench';
import { DEFAULT_MEASURE, median, rateRunner } from './measure';
import { profiled } from './profile';
import { bankAccountsSuite } from './suites/bank-accounts';
import { invoiceEditorSuite } from './suites/invoice-editor';
import { invoicePdfSuite } from './suites/invoice-pdf';
import { invoiceWriteSuite } from './suites/invoice-write';
import { benchParsers } from './parsers';
import { overviewPaintSuite } from './overview-paint';
import { reportsSuite } from './reports';
import { registerOpenSuite } from './suites/register-open';
import { registerRenderSuite } from './suites/register-render';
import { statementUploadSuite } from './suites/statement-upload';
import { suggestionsSuite } from './suites/suggestions';
import { syncSuite } from './suites/sync';

const parserSuite: CustomSuite = { name: 'statement parsers', run: benchParsers };

const SUITES: (Suite | CustomSuite)[] = [bankAccountsSuite, statementUploadSuite, parserSuite, reportsSuite, invoicePdfSuite, invoiceWriteSuite, invoiceEditorSuite, registerRenderSuite, registerOpenSuite, overviewPaintSuite, syncSuite, suggestionsSuite];

const args = process.argv.slice(2);
const profileAt = args.indexOf('--profile');
const profileDir = profileAt >= 0 ? resolve(args.splice(profileAt, 2)[1] ?? 'bench-profiles') : null;
if (profileDir) mkdirSync(profileDir, { recursive: true });
// `--suite NAME` (repeatable): only the suites whose name contains NAME, so that one suite's figures
// do not wait for every other suite's fixture (1,000,000 postings, 100,000 lines) to be built.
const suiteFilters: string[] = [];
for (let at = args.indexOf('--suite'); at >= 0; at = args.indexOf('--suite')) suiteFilters.push(...args.splice(at, 2).slice(1));
const suiteWanted = (name: string) => suiteFilters.length === 0 || suiteFilters.some((filter) => name.includes(filter));
const filters = args;
const wanted = (name: string) => filters.length === 0 || filters.some((filter) => name.includes(filter));
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const print = (result: BenchResult) => process.stdout.write(`${JSON.stringify(result)}\n`);

/**
 * Median rate of each benchmark. Their rounds alternate (a round of each, then the next round of
 * each) so that a benchmark and its baseline see the machine in the same state: on a shared machine
 * the load shifts from second to second, and a ratio of two figures taken apart would drift with it.
 */
async function measureInterleaved(benchmarks: Benchmark[]): Promise<Map<string, number>> {
  const runs = benchmarks.map((bench) => ({ bench, options: { ...DEFAULT_MEASURE, ...bench.measure }, run: rateRunner(bench.op), rates: [] as number[] }));
  for (const { bench, options, run } of runs) {
    log(`warming up ${bench.name}`);
    await run(options.warmupMs);
  }
  const rounds = Math.max(...runs.map((r) => r.options.rounds));
  for (let n = 0; n < rounds; n += 1) {
    for (const r of runs) if (n < r.options.rounds) r.rates.push(await r.run(r.options.roundMs));
  }
  for (const { bench, rates } of runs) log(`${bench.name} rounds: ${rates.map(Math.round).join(' ')}`);
  return new Map(runs.map(({ bench, rates }) => [bench.name, median(rates)]));
}

/** One benchmark after the other, each under the profiler; the figures are only indicative. */
async function measureProfiled(benchmarks: Benchmark[], dir: string): Promise<Map<string, number>> {
  const values = new Map<string, number>();
  for (const bench of benchmarks) {
    const { result, file } = await profiled(dir, bench.name, async () => {
      const [[, value]] = await measureInterleaved([bench]);
      return value;
    });
    log(`profile of ${bench.name} in ${file}`);
    values.set(bench.name, result);
  }
  return values;
}

async function runSuite(suite: Suite): Promise<void> {
  log(`opening ${suite.name}`);
  const { benchmarks, close } = await suite.open();
  try {
    const byName = new Map(benchmarks.map((bench) => [bench.name, bench]));
    const selected = benchmarks.filter((bench) => wanted(bench.name));
    const needed = new Set(selected.flatMap((bench) => [bench.name, ...(bench.baseline ? [bench.baseline] : [])]));
    for (const name of needed) if (!byName.has(name)) throw new Error(`suite ${suite.name} has no benchmark ${name}`);
    const toMeasure = benchmarks.filter((bench) => needed.has(bench.name));
    const values = profileDir ? await measureProfiled(toMeasure, profileDir) : await measureInterleaved(toMeasure);
    for (const bench of selected) {
      const value = values.get(bench.name)!;
      const baseline = bench.baseline ? values.get(bench.baseline)! : null;
      print({
        name: bench.name,
        value: round(value, 0),
        unit: bench.unit ?? 'requests/s',
        baseline: baseline === null ? null : round(baseline, 0),
        ratio: baseline === null ? null : round(value / baseline, 4),
      });
    }
  } finally {
    await close();
  }
}

async function runCustomSuite(suite: CustomSuite): Promise<void> {
  if (filters.length > 0 && !filters.some((filter) => suite.name.includes(filter))) return;
  log(`running ${suite.name}`);
  for (const result of await suite.run()) print(result);
}

for (const suite of SUITES.filter((candidate) => suiteWanted(candidate.name))) await ('run' in suite ? runCustomSuite(suite) : runSuite(suite));
