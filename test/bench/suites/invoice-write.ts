import { performance } from 'node:perf_hooks';
import type { BenchResult, CustomSuite } from '../bench';
import { BENCH_ORIGIN, createBenchBook } from '../fixture';
import { median } from '../measure';

// Issue 23: "a 20,000-item invoice written at no more than twice the per-item cost of a 100-item one".
// Each round writes (POST /v2/invoices, through the whole engine in process) one invoice of 100 items
// and one of 20,000, one after the other so that both see the machine in the same state; the figure
// is the milliseconds per item, and the ratio that of the large invoice to the small one.

const SIZES = [100, 20_000] as const;
const ROUNDS = 3;

const itemsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ description: `Line ${index + 1}: consulting on the month's books`, item_type: 'Hours', price: '45.50', quantity: String(1 + (index % 7)) }));

async function run(): Promise<BenchResult[]> {
  const book = await createBenchBook(1);
  try {
    const send = async (path: string, body: unknown) => {
      const response = await book.engine.fetch(new Request(`${BENCH_ORIGIN}${path}`, { method: 'POST', headers: { ...book.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
      const text = await response.text();
      if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${text}`);
      return text;
    };
    const contact = JSON.parse(await send('/v2/contacts', { contact: { organisation_name: 'Bench Customer Ltd' } })).contact.url as string;
    // The payload is built outside the timing: what is measured is the engine's write, from request to response.
    const payloads = new Map(SIZES.map((size) => [size, JSON.stringify({ invoice: { contact, dated_on: '2026-11-01', invoice_items: itemsOf(size) } })]));
    const write = async (size: (typeof SIZES)[number]) => {
      const start = performance.now();
      await send('/v2/invoices', JSON.parse(payloads.get(size)!));
      return (performance.now() - start) / size;
    };
    // A small one first, so the engine's code is compiled before anything is timed.
    for (let n = 0; n < 20; n += 1) await write(SIZES[0]);
    const perItem = new Map<number, number[]>(SIZES.map((size) => [size, []]));
    for (let round = 0; round < ROUNDS; round += 1) for (const size of SIZES) perItem.get(size)!.push(await write(size));
    const small = median(perItem.get(SIZES[0])!);
    return SIZES.map((size) => {
      const value = median(perItem.get(size)!);
      return { name: `engine.invoice_write_${size}_items`, value: Number(value.toFixed(4)), unit: 'ms per item', baseline: Number(small.toFixed(4)), ratio: Number((value / small).toFixed(4)) };
    });
  } finally {
    book.dispose();
  }
}

export const invoiceWriteSuite: CustomSuite = { name: 'invoice write', run };
