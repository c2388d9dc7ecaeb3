import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, openRegister, type StatementLine } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 22 item 3 by keys and clicks: the register shows each unexplained line's suggestion and how
 * sure it is; S accepts the chosen line's (a sure one at once, a less sure one through the explain
 * panel filled with it); Shift+S accepts every sure one after a summary, and one Ctrl+Z takes them all
 * back; a rule made from a line shows on the Rules screen with the lines it catches. Each test opens
 * its own book with five months of explained history, so they run in any order (describe.shuffle).
 */

interface Payee {
  text: (day: number, month: number) => string;
  amount: string;
  category: string;
  /** Months of history explained before November (five make a sure suggestion, two a likely one). */
  months: number;
}

const PAYEES: Record<string, Payee> = {
  tesco: { text: (day, month) => `CARD PAYMENT TO TESCO STORES 3041 ON ${day}/${month}`, amount: '-23.40', category: '285', months: 5 },
  telecom: { text: (day, month) => `DD BRITISH TELECOM Q${month}${day}77`, amount: '-48.00', category: '273', months: 5 },
  trainline: { text: (day) => `TRAINLINE.COM 88${day}1 LONDON`, amount: '-61.20', category: '365', months: 5 },
  adobe: { text: (day, month) => `ADOBE CREATIVE CLD ${month}${day}90`, amount: '-19.97', category: '269', months: 5 },
  amazon: { text: (day) => `AMAZON MKTPLACE 2${day}4`, amount: '-35.00', category: '271', months: 2 },
};

/** November's lines, newest first as the register shows them: four sure, one likely, one payee never seen. */
const NOVEMBER: { payee: keyof typeof PAYEES | 'florist'; day: number }[] = [
  { payee: 'tesco', day: 20 },
  { payee: 'telecom', day: 18 },
  { payee: 'trainline', day: 16 },
  { payee: 'adobe', day: 14 },
  { payee: 'amazon', day: 12 },
  { payee: 'florist', day: 3 },
];

describe.shuffle('suggestions in the register', () => {
  let app: AppSession;
  let account: string;

  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Business Current' });
  const panel = () => app.page.locator('form[aria-labelledby="explain-title"]');

  interface Line {
    url: string;
    description: string;
    dated_on: string;
    amount: string;
    bank_transaction_explanations: { category?: string }[];
  }
  const lines = async (): Promise<Line[]> => (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`)).body.bank_transactions;
  const novemberLines = async () => (await lines()).filter((line) => line.dated_on >= '2026-11-01');
  const categoryOf = (line: Line) => line.bank_transaction_explanations[0]?.category?.split('/').pop();
  const explainedCount = async () => (await novemberLines()).filter((line) => line.bank_transaction_explanations.length > 0).length;

  beforeEach(async () => {
    app = await openApp();
    const history: StatementLine[] = [];
    const categoryByDescription = new Map<string, string>();
    for (const [name, payee] of Object.entries(PAYEES)) {
      for (let month = 11 - payee.months; month < 11; month += 1) {
        const day = 5 + Object.keys(PAYEES).indexOf(name);
        history.push({ dated_on: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, description: payee.text(day, month), amount: payee.amount });
        categoryByDescription.set(payee.text(day, month), payee.category);
      }
    }
    const november = NOVEMBER.map(({ payee, day }) => ({
      dated_on: `2026-11-${String(day).padStart(2, '0')}`,
      description: payee === 'florist' ? 'PETALS AND STEMS FLORIST' : PAYEES[payee]!.text(day, 11),
      amount: payee === 'florist' ? '-30.00' : PAYEES[payee]!.amount,
    }));
    account = await accountWithLines(app, [...history, ...november]);
    // The history is explained through the API, as months of work done before.
    for (const line of await lines()) {
      if (line.dated_on >= '2026-11-01') continue;
      const category = [...categoryByDescription].find(([description]) => line.description.startsWith(description))![1];
      const made = await app.book.json('POST', '/v2/bank_transaction_explanations', {
        body: { bank_transaction_explanation: { bank_transaction: line.url, dated_on: line.dated_on, gross_value: line.amount, category: `/v2/categories/${category}` } },
      });
      expect(made.status).toBe(201);
    }
  });

  afterEach(async () => {
    await app?.close();
  });

  it('shows each unexplained line’s suggestion and how sure it is, in words', async () => {
    await openRegister(app);
    const row = (text: string) => grid().locator('[role=row]', { hasText: text });
    const explainedAs = async (text: string) => (await row(text).locator('[role=gridcell]').last().textContent())?.trim();
    await expect.poll(() => explainedAs('TESCO STORES 3041 ON 20/11')).toBe('Suggested (Sure): 285 Accommodation and Meals');
    expect(await explainedAs('AMAZON MKTPLACE 2124')).toBe('Suggested (Likely): 271 Office Equipment');
    // A payee never seen gets no guess.
    expect(await explainedAs('PETALS AND STEMS')).toBe('');
    // The bar under the register says it for the chosen line (the newest unexplained), with where it comes from.
    const bar = app.page.getByRole('region', { name: 'Suggestion' });
    await expect.poll(() => bar.textContent()).toContain('285 Accommodation and Meals');
    expect(await bar.textContent()).toContain('Sure');
    expect(await bar.textContent()).toContain('learned from lines explained before');
    await checkScreen(app, 'suggestions-register');
  });

  it('explains a month by accepting suggestions: at most two keys a line', async () => {
    const { page } = app;
    await openRegister(app);
    await expect.poll(() => grid().evaluate((element) => element === document.activeElement)).toBe(true);
    let keys = 0;
    const press = async (key: string) => {
      keys += 1;
      await page.keyboard.press(key);
    };
    // Four sure suggestions: S each, the choice moving to the next unexplained line.
    for (let accepted = 1; accepted <= 4; accepted += 1) {
      await press('s');
      await expect.poll(explainedCount, { timeout: 15_000 }).toBe(accepted);
    }
    // The likely one opens the explain panel filled with it, Save ready: Enter takes it.
    await press('s');
    await panel().getByRole('note').filter({ hasText: 'Filled in from the suggestion' }).waitFor();
    expect(await panel().getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Office Equipment');
    await press('Enter');
    await expect.poll(explainedCount, { timeout: 15_000 }).toBe(5);
    expect(keys).toBeLessThanOrEqual(2 * 5);
    const byPayee = new Map((await novemberLines()).map((line) => [line.description.split(' ').slice(0, 4).join(' '), categoryOf(line)]));
    expect([...byPayee.values()].sort()).toEqual(['269', '271', '273', '285', '365', undefined]);
    // The never-seen payee is left for the person: its panel is open and fills nothing in.
    await panel().getByText('PETALS AND STEMS FLORIST').waitFor();
    expect(await panel().getByRole('note').filter({ hasText: 'Filled in from the suggestion' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
  });

  it('accepts every sure suggestion after a summary, and one Ctrl+Z takes them all back', async () => {
    const { page } = app;
    await openRegister(app);
    await expect.poll(() => grid().evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Shift+S');
    const dialog = page.getByRole('dialog', { name: 'Accept 4 lines?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('£152.57 out');
    const groups = (await dialog.getByRole('row').allTextContents()).map((text) => text.trim());
    expect(groups.slice(1).sort()).toEqual(['Accommodation and Meals1-£23.40', 'Computer Software1-£19.97', 'Internet & Telephone1-£48.00', 'Travel1-£61.20'].sort());
    await checkScreen(app, 'suggestions-bulk');
    await dialog.getByRole('button', { name: 'Accept 4 lines' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(explainedCount, { timeout: 15_000 }).toBe(4);
    // The likely one and the new payee are left for the person.
    const left = (await novemberLines()).filter((line) => line.bank_transaction_explanations.length === 0).map((line) => line.description);
    expect(left.sort()).toEqual([expect.stringMatching(/^AMAZON MKTPLACE/), expect.stringMatching(/^PETALS AND STEMS/)]);
    await page.getByRole('status').getByText('Accepted 4 suggestions.').waitFor();
    await grid().focus();
    await page.keyboard.press('Control+z');
    await expect.poll(explainedCount, { timeout: 15_000 }).toBe(0);
  });

  it('makes a rule from a line, shows the lines it would catch before saving, and lists it under Banking › Rules', async () => {
    const { page } = app;
    await openRegister(app);
    await expect.poll(() => grid().evaluate((element) => element === document.activeElement)).toBe(true);
    // The newest unexplained line (Tesco) is chosen: M makes a rule from it.
    await page.keyboard.press('m');
    const editor = page.locator('form[aria-labelledby="rule-title"]');
    await editor.getByRole('heading', { name: 'New bank rule' }).waitFor();
    expect(await editor.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('TESCO STORES');
    expect(await editor.getByRole('textbox', { name: 'Text' }).inputValue()).toBe('TESCO STORES');
    expect(await editor.getByRole('combobox', { name: 'Direction' }).inputValue()).toBe('out');
    // The picker names its category once the book's categories have been read: wait for it.
    await expect.poll(() => editor.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Accommodation and Meals');
    // Before it is saved: the one unexplained Tesco line is what it would catch.
    const caught = editor.getByRole('region', { name: 'Lines this rule would catch' });
    await caught.getByText('1 unexplained line.').waitFor();
    expect(await caught.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('CARD PAYMENT TO TESCO STORES 3041 ON 20/11')]);
    // Narrowed to an amount nobody paid, it catches nothing.
    await editor.getByRole('combobox', { name: 'Condition 2' }).selectOption('amount');
    await editor.getByRole('textbox', { name: 'Amount (out is negative)' }).fill('-99.99');
    await caught.getByText('No unexplained line.').waitFor();
    await editor.getByRole('combobox', { name: 'Condition 2' }).selectOption('direction');
    await caught.getByText('1 unexplained line.').waitFor();
    await editor.getByRole('checkbox', { name: 'Explain lines it catches as they are imported' }).check();
    await checkScreen(app, 'suggestions-rule-editor');
    await editor.getByRole('button', { name: /Save rule/ }).click();
    await editor.waitFor({ state: 'detached' });
    const rules = page.getByRole('grid', { name: 'Bank rules' });
    const row = rules.locator('[role=row]', { hasText: 'TESCO STORES' });
    await row.waitFor();
    expect((await row.locator('[role=gridcell]').allTextContents()).map((text) => text.trim())).toEqual(['0', 'TESCO STORES', 'Description contains “TESCO STORES” and money out', '285 Accommodation and Meals', 'Explains']);
    const saved = (await app.book.json('GET', '/v2/bank_rules')).body.bank_rules;
    expect(saved).toMatchObject([{ name: 'TESCO STORES', auto_explain: true, conditions: [{ field: 'description', operator: 'contains', value: 'TESCO STORES' }, { field: 'amount', operator: 'between' }] }]);
    await checkScreen(app, 'suggestions-rules');
    // Back in the register, the Tesco line's suggestion now comes from the rule.
    await page.keyboard.press('Escape');
    await grid().waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Suggestion' }).textContent()).toContain('by the rule “TESCO STORES”');
  });

  it('says in the import review which lines an auto-explain rule will explain, and explains them on import', async () => {
    const { page } = app;
    const rule = await app.book.json('POST', '/v2/bank_rules', {
      body: { bank_rule: { name: 'Tesco', conditions: [{ field: 'description', operator: 'contains', value: 'tesco stores' }], actions: { category: '285' }, auto_explain: true } },
    });
    expect(rule.status).toBe(201);
    const ofx = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>000000<ACCTID>99999999<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20261121<DTEND>20261122',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261121<TRNAMT>-18.20<FITID>T1<NAME>CARD PAYMENT TO TESCO STORES 3041</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261122<TRNAMT>-9.00<FITID>T2<NAME>CORNER CAFE</STMTTRN>',
      '</BANKTRANLIST><LEDGERBAL><BALAMT>-1077.62<DTASOF>20261122</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ].join('\n');
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'november.ofx'));
      const target = document.querySelector('main') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    }, ofx);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Review november.ofx' }).waitFor();
    // The file's account details match no account: the person chooses it.
    const choice = dialog.getByLabel('Import into');
    const option = await choice.locator('option', { hasText: 'Business Current' }).getAttribute('value');
    await choice.selectOption(option!);
    await dialog.getByRole('note').filter({ hasText: '1 chosen row will be explained as it is imported, by bank rules marked to explain on import (“Tesco”)' }).waitFor();
    const tescoRow = dialog.getByRole('grid', { name: 'Statement rows' }).locator('tr', { hasText: 'TESCO STORES' });
    expect(await tescoRow.locator('td.match').textContent()).toContain('Explained on import by the rule “Tesco”');
    await checkScreen(app, 'suggestions-import-review');
    await page.keyboard.press('Control+Enter');
    await dialog.getByText('1 line was explained by bank rules as it was imported.').waitFor();
    const imported = (await lines()).find((line) => line.description.startsWith('CARD PAYMENT TO TESCO STORES 3041/'))!;
    expect(categoryOf(imported)).toBe('285');
  });

  it('moves a rule down with Alt+Down (one undo puts it back) and deletes one after asking, on Banking › Rules', async () => {
    const { page } = app;
    for (const name of ['Tesco', 'Trainline']) {
      const made = await app.book.json('POST', '/v2/bank_rules', { body: { bank_rule: { name, conditions: [{ field: 'description', operator: 'contains', value: name }], actions: { category: '285' } } } });
      expect(made.status).toBe(201);
    }
    const order = async () => (await app.book.json('GET', '/v2/bank_rules')).body.bank_rules.map((rule: { name: string }) => rule.name);
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Business Current', { exact: true }).waitFor();
    await page.keyboard.press('u');
    const rules = page.getByRole('grid', { name: 'Bank rules' });
    await rules.locator('[role=row]', { hasText: 'Trainline' }).waitFor();
    await rules.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(order).toEqual(['Trainline', 'Tesco']);
    await page.keyboard.press('Control+z');
    await expect.poll(order).toEqual(['Tesco', 'Trainline']);
    // The moved rule is still the chosen one, back in its place, whenever the undo came.
    const chosen = async () => page.locator(`[id="${await rules.getAttribute('aria-activedescendant')}"]`).textContent();
    await expect.poll(chosen).toContain('Tesco');
    await rules.focus();
    await page.keyboard.press('Delete');
    const ask = page.getByRole('alertdialog', { name: 'Delete this rule?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Delete rule' }).click();
    await expect.poll(order).toEqual(['Trainline']);
  });
});
