import { expect } from 'vitest';
import type { AppSession } from './session';

export interface StatementLine {
  dated_on: string;
  description: string;
  amount: string;
}

/**
 * Where most desk tests start: a bank account (a current account in pounds named Business Current
 * unless `account` says otherwise) holding `lines` from one statement upload, and the window at
 * `viewport` opened afresh on Overview, so the account is there as a person would find it.
 * Answers the account's url.
 */
export async function accountWithLines(
  app: AppSession,
  lines: readonly StatementLine[],
  account: Record<string, unknown> = {},
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<string> {
  const created = await app.book.json('POST', '/v2/bank_accounts', {
    body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '0', ...account } },
  });
  expect(created.status).toBe(201);
  const url = created.body.bank_account.url as string;
  const upload = await app.book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(url)}`, { body: { statement: lines } });
  expect(upload.status).toBe(200);
  await app.page.setViewportSize(viewport);
  await app.page.reload();
  await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  return url;
}

/**
 * Opens an account's register as a person does: Banking (Alt+2), then T once the account is listed
 * (pressed sooner, on a busy machine, it found no account to open), and waits for its first line.
 */
export async function openRegister(app: AppSession, accountName = 'Business Current'): Promise<void> {
  const { page } = app;
  await page.keyboard.press('Alt+2');
  await page.getByRole('heading', { name: 'Banking' }).waitFor();
  await page.getByRole('table', { name: 'Bank accounts' }).getByText(accountName, { exact: true }).waitFor();
  await page.keyboard.press('t');
  await page.getByRole('grid', { name: `Transactions of ${accountName}` }).locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
}

/** Types a nominal code into the focused category picker and takes its first match with Enter. */
export async function chooseCategoryByCode(app: AppSession, code: string): Promise<void> {
  await app.page.keyboard.type(code);
  await app.page.getByRole('option', { name: new RegExp(code) }).first().waitFor();
  await app.page.keyboard.press('Enter');
}

/** Opens the account's register and its newest line in the explain panel, from the keyboard (Enter on the grid). */
export async function explainNewestLine(app: AppSession, accountName = 'Business Current'): Promise<void> {
  await openRegister(app, accountName);
  await app.page.getByRole('grid', { name: `Transactions of ${accountName}` }).focus();
  await app.page.keyboard.press('Enter');
  await app.page.getByRole('heading', { name: 'Explain this line' }).waitFor();
}
