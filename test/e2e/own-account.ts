import type { AppSession } from './session';
import type { StatementLine } from './accounts';

/**
 * For files whose tests share one book but run in any order (describe.shuffle, fresh-window.ts): each
 * test gets a bank account of its own, named so no other test's account matches it, holding the lines
 * it needs. Unlike accountWithLines it does not reload the window: Banking reads its accounts as it opens.
 */

export interface OwnAccount {
  url: string;
  name: string;
}

let made = 0;

/** A setup request that must succeed. Thrown, not expected: an expect here would count as the test's own assertion. */
async function must(app: AppSession, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await app.book.json(method, path, body === undefined ? undefined : { body });
  if (answer.status !== 200 && answer.status !== 201) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * A pound current account named `${label} ${n}` (n counts the accounts made in this file; the letter
 * after it keeps "Staples 1" from being found as the start of "Staples 10") with `lines` from one
 * statement upload. `account` overrides its fields (opening_balance, currency ...).
 */
export async function accountOfItsOwn(app: AppSession, label: string, lines: readonly StatementLine[], account: Record<string, unknown> = {}): Promise<OwnAccount> {
  made += 1;
  const name = `${label} ${made}x`;
  const created = await must(app, 'POST', '/v2/bank_accounts', { bank_account: { type: 'StandardBankAccount', name, opening_balance: '0', ...account } });
  const url = created.bank_account.url as string;
  if (lines.length > 0) await must(app, 'POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(url)}`, { statement: lines });
  return { url, name };
}

/** The account's lines as the engine holds them, newest first. */
export async function linesOf(app: AppSession, account: OwnAccount): Promise<{ url: string; description: string; dated_on: string; amount: string; bank_transaction_explanations: any[] }[]> {
  return (await must(app, 'GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account.url)}&per_page=100`)).bank_transactions;
}

/** The register grid of the account (its name exact, so no other account's grid matches). */
export function registerOf(app: AppSession, account: OwnAccount) {
  return app.page.getByRole('grid', { name: `Transactions of ${account.name}`, exact: true });
}

/**
 * Opens the account's register as a person does from Overview: Banking (Alt+2), a click on its row
 * (the primary account is the one chosen when Banking opens), T, and waits for its first line.
 */
export async function openRegisterOf(app: AppSession, account: OwnAccount): Promise<void> {
  const { page } = app;
  await page.keyboard.press('Alt+2');
  await page.getByRole('heading', { name: 'Banking' }).waitFor();
  const row = page.getByRole('table', { name: 'Bank accounts' }).locator('tbody tr').filter({ has: page.getByText(account.name, { exact: true }) });
  await row.click();
  await row.and(page.locator('[aria-selected=true]')).waitFor();
  await page.keyboard.press('t');
  await registerOf(app, account).locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
}

/** Opens the account's register and its newest line in the explain panel, from the keyboard (Enter on the grid). */
export async function explainNewestLineOf(app: AppSession, account: OwnAccount): Promise<void> {
  await openRegisterOf(app, account);
  await registerOf(app, account).focus();
  await app.page.keyboard.press('Enter');
  await app.page.getByRole('heading', { name: 'Explain this line' }).waitFor();
}

/** Saves explanations on one line as one batch request (as the explain panel saves a split): one change set, one Undo. */
export async function splitThroughTheApi(app: AppSession, line: { url: string; dated_on: string }, parts: { gross_value: string; category: string; description?: string }[]): Promise<void> {
  const steps = parts.map((part) => ({
    op: 'create' as const,
    bank_transaction_explanation: { bank_transaction: line.url, dated_on: line.dated_on, gross_value: part.gross_value, category: `/v2/categories/${part.category}`, description: part.description ?? '' },
  }));
  await must(app, 'POST', '/v2/bank_transaction_explanations/batch', { batch: { steps } });
}
