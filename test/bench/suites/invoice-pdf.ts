import type { Suite } from '../bench';
import { BENCH_ORIGIN, createBenchBook } from '../fixture';

// Issue 9: an invoice's PDF, drawn in the main process, against reading the same invoice as JSON.
// Two sizes, 100 and 2,000 lines, so the ratio of the two says how the time grows per 100 lines
// (a long invoice must not freeze the window) and each is compared with its own JSON read.
export const invoicePdfSuite: Suite = {
  name: 'invoice pdf',
  async open() {
    const book = await createBenchBook(1);
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await book.engine.fetch(new Request(`${BENCH_ORIGIN}${path}`, { method, headers: { ...book.headers, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text;
    };
    const contact = JSON.parse(await send('POST', '/v2/contacts', { contact: { organisation_name: 'Bench Customer Ltd', address1: '1 Long Road', town: 'Leeds' } })).contact.url as string;
    const invoiceOf = async (lines: number) => {
      const items = Array.from({ length: lines }, (_, index) => ({ description: `Line ${index + 1}: consulting on the month's books`, item_type: 'Hours', price: '45.50', quantity: String(1 + (index % 7)) }));
      const created = JSON.parse(await send('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-01', invoice_items: items } }));
      return new URL(created.invoice.url).pathname;
    };
    const small = await invoiceOf(100);
    const large = await invoiceOf(2000);
    return {
      benchmarks: [
        { name: 'engine.invoice_json_100_lines', baseline: 'engine.invoice_json_100_lines', unit: 'reads/s', measure: { rounds: 5 }, op: () => send('GET', small) },
        { name: 'engine.invoice_pdf_100_lines', baseline: 'engine.invoice_json_100_lines', unit: 'renders/s', measure: { rounds: 5 }, op: () => send('GET', `${small}/pdf`) },
        { name: 'engine.invoice_pdf_2000_lines', baseline: 'engine.invoice_pdf_100_lines', unit: 'renders/s', measure: { rounds: 5 }, op: () => send('GET', `${large}/pdf`) },
      ],
      close() {
        book.dispose();
      },
    };
  },
};
