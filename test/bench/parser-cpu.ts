// `npx tsx test/bench/parser-cpu.ts [format...]` (ROUNDS=n, default 9): each parser's ratio to decoding
// and splitting the same bytes, as `npm run bench -- --suite parsers` defines it, but by CPU time of
// this one process, in interleaved rounds (parse, then the baseline, then the next round), with the
// spread shown. On a shared machine the wall-clock bench moved by 2x between runs; CPU time did not.
import { parseStatement } from '../../main/importers';
import { GENERATORS } from './parsers';

const ROWS = 100_000;
const rounds = Number(process.env.ROUNDS ?? 9);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const wanted = process.argv.slice(2);
for (const format of wanted.length > 0 ? wanted : Object.keys(GENERATORS)) {
  const generate = GENERATORS[format];
  if (!generate) throw new Error(`no generator for ${format}`);
  const bytes = new TextEncoder().encode(generate(ROWS));
  const fileName = `bench.${format === 'camt053' ? 'xml' : format}`;
  const parse = () => parseStatement(bytes, { fileName });
  const read = () => new TextDecoder().decode(bytes).split('\n');
  if (parse().transactions.length !== ROWS) throw new Error(`${format}: the generated file did not parse to ${ROWS} rows`);
  read();
  const ratios: number[] = [];
  const parseTimes: number[] = [];
  const readTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = cpuMs();
    parse();
    const parsed = cpuMs();
    read();
    const done = cpuMs();
    parseTimes.push(parsed - start);
    readTimes.push(done - parsed);
    ratios.push((parsed - start) / (done - parsed));
  }
  const spread = `min ${Math.min(...ratios).toFixed(1)}x, median ${median(ratios).toFixed(1)}x, max ${Math.max(...ratios).toFixed(1)}x`;
  process.stdout.write(`${format}: ${spread}; parse ${median(parseTimes).toFixed(0)} ms, decode+split ${median(readTimes).toFixed(1)} ms (CPU, medians of ${rounds})\n`);
}
