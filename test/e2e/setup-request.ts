import type { TestBook } from '../engine/harness';

/**
 * A request that puts in a book what a test starts from, and must succeed (200 or 201). Thrown, not
 * expected: an expect here would count as the test's own assertion. Answers the body.
 */
export async function must(book: TestBook, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await book.json(method, path, body === undefined ? undefined : { body });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
