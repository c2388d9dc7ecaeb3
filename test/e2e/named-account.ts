import type { StatementLine } from './accounts';
import type { AppSession } from './session';

/**
 * For a file whose tests share one book (fresh-window.ts) and each need lines nobody else touches:
 * a bank account of the test's own, and its register opened by its name. Banking's T opens the first
 * account listed, which in a shared book may be another test's, so the register is opened with the
 * account's own "Transactions of" button, as a person picks one account among several.
 */

/** A setup request that must succeed. Thrown, not expected: an expect here would count as the test's own assertion. */
async function must(app: Pick<AppSession, 'book'>, method: string, path: string, body: unknown, status: number): Promise<any> {
  const answer = await app.book.json(method, path, { body });
  if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * A current account in pounds called `name` (unique in the book: the caller's to choose) holding
 * `lines` from one statement upload, made through the API. No reload: the window hears of it from the
 * book's changes, as of any record made elsewhere; with fresh-book.ts, pass `{ book }` in `prepare`,
 * before the window opens. Answers the account's url.
 */
export async function ownAccountWithLines(
  app: Pick<AppSession, 'book'>,
  name: string,
  lines: readonly StatementLine[],
  account: Record<string, unknown> = {},
): Promise<string> {
  const created = await must(app, 'POST', '/v2/bank_accounts', { bank_account: { type: 'StandardBankAccount', name, opening_balance: '0', ...account } }, 201);
  const url = created.bank_account.url as string;
  if (lines.length > 0) await must(app, 'POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(url)}`, { statement: lines }, 200);
  return url;
}

/** Opens the register of the account called `name` from Banking (Alt+2, its Transactions button) and waits for its first line. */
export async function openRegisterOf(app: AppSession, name: string): Promise<void> {
  const { page } = app;
  await page.keyboard.press('Alt+2');
  await page.getByRole('heading', { name: 'Banking' }).waitFor();
  await page.getByRole('button', { name: `Transactions of ${name}`, exact: true }).click();
  await page.getByRole('grid', { name: `Transactions of ${name}` }).locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
}
