import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankAccount, explainedLine } from '../engine/report-fixtures';
import { pdfText } from './pdf-text';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 10 item 5 (cashflow with its chart; each report to CSV and PDF) by keys and clicks. The book
 * has money in and out of its bank account in three months of the accounting year from 1 May 2026.
 */
// The book's figures are read, never changed, so the tests share it; each opens the report it needs
// from Overview (fresh-window.ts), so they run in any order.
describe.shuffle('the cashflow report and report PDFs in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const { book } = app;
    const bank = await bankAccount(book, { name: 'Business Current', opening_balance: '5000' });
    await explainedLine(book, bank, { dated_on: '2026-06-10', amount: '1500' }, { category: `${new URL(bank).origin}/v2/categories/001` });
    await explainedLine(book, bank, { dated_on: '2026-06-20', amount: '-250.50' }, { category: `${new URL(bank).origin}/v2/categories/285` });
    await explainedLine(book, bank, { dated_on: '2026-08-03', amount: '-99.99' }, { category: `${new URL(bank).origin}/v2/categories/285` });
    await explainedLine(book, bank, { dated_on: '2026-11-01', amount: '2400' }, { category: `${new URL(bank).origin}/v2/categories/001` });
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // No Content-Security-Policy violation or page error in any test.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** Reports (Alt+9), then `tab`, from Overview. */
  async function openReport(tab: string): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: tab }).click();
  }

  it('draws money in and out per month from the engine’s cashflow, with the figures to the penny beside it', async () => {
    const { page } = app;
    await openReport('Cashflow');
    const table = page.getByRole('table', { name: /Cashflow, 1 May 2026 to 22 Nov 2026/ });
    await table.waitFor();
    const row = async (name: string) => (await table.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(await row('June 2026')).toEqual(['£1,500.00', '£250.50', '£1,249.50']);
    expect(await row('August 2026')).toEqual(['£0.00', '£99.99', '-£99.99']);
    expect(await row('The period')).toEqual(['£3,900.00', '£350.49', '£3,549.51']);
    // The chart is uPlot's canvas, labelled with what it shows; the engine's totals are in its label.
    const chart = page.getByRole('img', { name: /Bar chart of money in and out by month, 1 May 2026 to 22 Nov 2026: in £3,900.00, out £350.49, net £3,549.51/ });
    await chart.waitFor();
    expect(await chart.locator('canvas').count()).toBe(1);
    const engine = (await app.book.json('GET', '/v2/cashflow?from_date=2026-05-01&to_date=2026-11-22')).body.cashflow;
    expect(engine.incoming.total).toBe('3900.0');
    await checkScreen(app, 'reports-cashflow');
  });

  it('exports the cashflow to CSV and to a PDF whose text has the same figures', async () => {
    const { page } = app;
    await openReport('Cashflow');
    await page.getByRole('table', { name: /Cashflow, 1 May 2026 to 22 Nov 2026/ }).waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('cashflow-2026-05-01-to-2026-11-22.csv');
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text).toContain('Month,Money in,Money out\r\n');
    // Money in CSV with two decimals (issue 24 item 3).
    expect(text).toContain('2026-06,1500.00,250.50\r\n');

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save PDF…' }).click()]);
    expect(pdf.suggestedFilename()).toBe('cashflow-2026-05-01-to-2026-11-22.pdf');
    const printed = await pdfText((await pdf.path())!);
    expect(printed).toContain('Cashflow');
    expect(printed).toContain('2026-06 £1,500.00 £250.50');
    expect(printed).toContain('Total £3,900.00 £350.49');
  });

  it('saves every other report as a PDF too, each with its own figures', async () => {
    const { page } = app;
    await openReport('Cashflow');
    const save = async (tab: string, file: RegExp) => {
      await page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Save PDF…' }).isEnabled()).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save PDF…' }).click()]);
      expect(download.suggestedFilename()).toMatch(file);
      return pdfText((await download.path())!);
    };
    expect(await save('Profit and loss', /^profit-and-loss-2026-05-01-to-2026-11-22\.pdf$/)).toMatch(/Total turnover £3,900\.00/);
    expect(await save('Balance sheet', /^balance-sheet-2026-11-22\.pdf$/)).toContain('Net assets');
    expect(await save('Trial balance', /^trial-balance-2026-05-01-to-2026-11-22\.pdf$/)).toMatch(/001 Sales £3,900\.00|Sales/);
    expect(await save('Aged debtors', /^aged-debtors-2026-11-22\.pdf$/)).toContain('Aged debtors');
    expect(await save('Aged creditors', /^aged-creditors-2026-11-22\.pdf$/)).toContain('Aged creditors');
  });

  it('shows the same chart on the overview, for the last twelve months', async () => {
    const { page } = app;
    await page.getByRole('img', { name: /Bar chart of money in and out by month, 1 Dec 2025 to 22 Nov 2026: in £3,900.00, out £350.49/ }).waitFor();
    await checkScreen(app, 'overview-chart');
  });
});
