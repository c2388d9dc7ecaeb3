import { startServer } from '../../../main/server';
import type { Suite } from '../bench';
import { BENCH_ORIGIN, createBenchBook, scattered } from '../fixture';

// The cost of the engine around a point read: the same row by id, from SQLite directly, through the
// whole engine in process (what IPC does), and over loopback HTTP (browser mode, other tools).
export const bankAccountsSuite: Suite = {
  name: 'bank accounts',
  async open() {
    const book = await createBenchBook(1000);
    const id = scattered(book.bankAccountIds);
    const byId = book.deps.book.sqlite.prepare('SELECT * FROM bank_accounts WHERE id = ?');
    const server = await startServer({ engine: book.engine, port: 0 });
    const readBody = async (response: Response) => {
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET bank account: ${response.status} ${body}`);
      return body;
    };
    return {
      benchmarks: [
        { name: 'sqlite.bank_account_by_id', baseline: 'sqlite.bank_account_by_id', op: (i) => byId.get(id(i)) },
        {
          name: 'engine.get_bank_account',
          baseline: 'sqlite.bank_account_by_id',
          op: async (i) => readBody(await book.engine.fetch(new Request(`${BENCH_ORIGIN}/v2/bank_accounts/${id(i)}`, { headers: book.headers }))),
        },
        {
          // Node's fetch keeps the connection alive between requests by default. Its client (undici,
          // with a WebAssembly HTTP parser) takes seconds to reach full speed, hence the long warm-up.
          name: 'http.get_bank_account',
          baseline: 'sqlite.bank_account_by_id',
          measure: { warmupMs: 3000 },
          op: async (i) => readBody(await fetch(`${server.url}/v2/bank_accounts/${id(i)}`, { headers: book.headers })),
        },
      ],
      async close() {
        await server.close();
        book.dispose();
      },
    };
  },
};
