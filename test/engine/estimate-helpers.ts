import type { TestBook } from './harness';
import { item, transition } from './sales-helpers';

/** Creates an estimate (a draft unless told otherwise, one 100.00 item) and returns the response. */
export function createEstimate(t: TestBook, fields: Record<string, unknown> = {}) {
  return t.json('POST', '/v2/estimates', { body: { estimate: { status: 'Draft', dated_on: '2026-11-01', estimate_items: [item()], ...fields } } });
}

export async function estimate(t: TestBook, fields: Record<string, unknown> = {}): Promise<any> {
  const response = await createEstimate(t, fields);
  if (response.status !== 201) throw new Error(`estimate: ${JSON.stringify(response.body)}`);
  return response.body.estimate;
}

/** Runs transitions in order, failing loudly on the first refused; returns the last record. */
export async function moved(t: TestBook, url: string, ...names: string[]): Promise<any> {
  let record: any;
  for (const name of names) {
    const response = await transition(t, url, name);
    if (response.status !== 200) throw new Error(`${name}: ${JSON.stringify(response.body)}`);
    record = response.body.estimate;
  }
  return record;
}
