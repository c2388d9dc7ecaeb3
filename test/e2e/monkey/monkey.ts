import type { Page } from 'playwright-core';
import type { TestBook } from '../../engine/harness';

/**
 * The keyboard monkey's pieces, shared by scripts/keyboard-monkey.ts (many seeds, by hand) and any
 * e2e test that replays a short sequence it found: the alphabet of keys a person presses, the seeded
 * sequence, the screens and how a person opens each, the wait for an idle page, and the checks made
 * after a sequence (nothing a person presses may crash the desk).
 */

/** What a person presses at a desk: moving, choosing, closing, saving, undoing, the app's letters, typing. */
export const ALPHABET: readonly string[] = [
  'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Enter', 'Escape', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Space',
  'Control+z', 'Control+Shift+z', 'Control+s', 'Control+Enter',
  'n', 'e', 'i', 'm', 'o', 'p', 'r', 's', 't', 'u', 'a', 'c', '/',
  '0', '1', '2', '5', '9', 'x', 'b', 'l', 'd', '-', '.', '/',
  'Delete', 'Backspace', 'PageDown', 'Home', 'End',
];

/** mulberry32: a small seeded generator, so a seed names one sequence for ever. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function keySequence(seed: number, length: number): string[] {
  const next = random(seed);
  return Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]!);
}

/** Counts the page's engine requests under way (Playwright sees every /v2 fetch of browser mode). */
export function watchRequests(page: Page): { inFlight: () => number; serverErrors: string[] } {
  let inFlight = 0;
  const serverErrors: string[] = [];
  const isEngine = (url: string) => new URL(url).pathname.startsWith('/v2/');
  page.on('request', (request) => {
    if (isEngine(request.url())) inFlight += 1;
  });
  const settled = (request: { url(): string }) => {
    if (isEngine(request.url())) inFlight = Math.max(0, inFlight - 1);
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (response) => {
    if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return { inFlight: () => inFlight, serverErrors };
}

/** Two frames drawn: whatever the last key set going in the page's own code has rendered. */
function frames(page: Page): Promise<void> {
  // A string, not a function: tsx (the script's runner) wraps named functions in a helper the page lacks.
  return page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))');
}

/**
 * Idle: no engine request under way, after the frames the last key's work drew (which may start one),
 * twice in a row. Waits on the page's state, never for a fixed time; gives up after 10 s (a stuck page).
 */
export async function waitIdle(page: Page, inFlight: () => number): Promise<void> {
  const until = Date.now() + 10_000;
  let quiet = 0;
  while (quiet < 2) {
    if (Date.now() > until) throw new Error(`the page did not go idle in 10 s (${inFlight()} requests under way)`);
    await frames(page);
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
}

/** The problems a page reports while the keys are pressed: listened to once per page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP: ${text}`);
    // A refusal the engine answered (4xx) is logged by Chromium as a failed load: that is the engine
    // saying no to what was typed, shown to the person as a sentence, not a fault of the page.
    else if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) problems.push(`console: ${text}`);
  });
  return problems;
}

/** What the page shows after a sequence: a heading of a section or dialog, and where the focus is. */
export async function pageState(page: Page): Promise<{ heading: string | null; focus: string; appError: string | null }> {
  // A string for the same reason as in frames().
  return page.evaluate<{ heading: string | null; focus: string; appError: string | null }>(`(() => {
    const visible = (element) => element.offsetParent !== null || getComputedStyle(element).position === 'fixed';
    const heading = [...document.querySelectorAll('main h1, main h2, [role=dialog] h1, [role=dialog] h2, dialog[open] h1, dialog[open] h2')].find(visible);
    const active = document.activeElement;
    const label = active && active.getAttribute('aria-label');
    const focus = !active || active === document.body ? 'body' : active.tagName.toLowerCase() + (active.id ? '#' + active.id : '') + (label ? '[' + label + ']' : '');
    const error = document.querySelector('.app-error');
    return { heading: heading ? heading.textContent.trim() : null, focus, appError: error ? error.textContent.trim() : null };
  })()`);
}

/** The book every monkey run starts from: a bank account with lines, a customer with an invoice, a supplier with a bill. */
export async function monkeyBook(book: TestBook): Promise<void> {
  const must = async (method: string, path: string, body: unknown) => {
    const answer = await book.json(method, path, { body });
    if (answer.status !== 200 && answer.status !== 201) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const account = await must('POST', '/v2/bank_accounts', { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '1000.00' } });
  await must('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account.bank_account.url)}`, {
    statement: [
      { dated_on: '2026-11-02', description: 'CARD STAPLES', amount: '-30.00' },
      { dated_on: '2026-11-05', description: 'ACME LTD PAYMENT', amount: '240.00' },
      { dated_on: '2026-11-09', description: 'DD BRITISH GAS', amount: '-61.20' },
      { dated_on: '2026-11-12', description: 'TFR SAVINGS', amount: '-500.00' },
    ],
  });
  const customer = await must('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', town: 'Leeds' } });
  await must('POST', '/v2/invoices', { invoice: { contact: customer.contact.url, dated_on: '2026-11-01', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '2', price: '120.00' }] } });
  const supplier = await must('POST', '/v2/contacts', { contact: { organisation_name: 'Office Supplies Ltd' } });
  await must('POST', '/v2/bills', { bill: { contact: supplier.contact.url, reference: 'OS-1', dated_on: '2026-11-05', due_on: '2026-12-05', bill_items: [{ category: '285', description: 'Paper', total_value: '120' }] } });
}

export interface Screen {
  name: string;
  /** Opens the screen from a freshly loaded Overview, as a person does (keys, and a click where the screen has no key). */
  open(page: Page): Promise<void>;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, exact: typeof name === 'string' ? true : undefined }).first().waitFor();

async function section(page: Page, key: string, name: string): Promise<void> {
  await page.keyboard.press(key);
  await heading(page, name);
}

async function register(page: Page): Promise<void> {
  await section(page, 'Alt+2', 'Banking');
  await page.getByRole('table', { name: 'Bank accounts' }).getByText('Business Current', { exact: true }).waitFor();
  await page.keyboard.press('t');
  await page.getByRole('grid', { name: 'Transactions of Business Current' }).locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
  await page.getByRole('grid', { name: 'Transactions of Business Current' }).focus();
}

export const SCREENS: readonly Screen[] = [
  { name: 'overview', open: async (page) => heading(page, 'Overview') },
  { name: 'register', open: register },
  {
    name: 'explain',
    open: async (page) => {
      await register(page);
      await page.keyboard.press('Enter');
      await heading(page, 'Explain this line');
    },
  },
  {
    name: 'import',
    open: async (page) => {
      await section(page, 'Alt+2', 'Banking');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('heading', { name: 'Banking' }).focus();
      await page.keyboard.press('i');
      const csv = 'Date,Description,Amount\n03/11/2026,CARD TESCO,-12.50\n04/11/2026,ACME LTD PAYMENT,240.00\n06/11/2026,CARD TRAINLINE,-45.10\n';
      await (await chooser).setFiles({ name: 'monkey.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await heading(page, 'Review monkey.csv');
    },
  },
  { name: 'invoices', open: (page) => section(page, 'Alt+3', 'Invoices') },
  {
    name: 'invoice-editor',
    open: async (page) => {
      await section(page, 'Alt+3', 'Invoices');
      await page.keyboard.press('n');
      await heading(page, 'New invoice');
    },
  },
  {
    name: 'estimates',
    open: async (page) => {
      await section(page, 'Alt+3', 'Invoices');
      await page.getByRole('tablist', { name: 'Documents' }).getByRole('tab', { name: 'Estimates' }).click();
      await heading(page, 'Estimates');
    },
  },
  {
    name: 'credit-notes',
    open: async (page) => {
      await section(page, 'Alt+3', 'Invoices');
      await page.keyboard.press('c');
      await heading(page, 'Credit notes');
    },
  },
  { name: 'bills', open: (page) => section(page, 'Alt+4', 'Bills') },
  { name: 'expenses', open: (page) => section(page, 'Alt+5', 'Expenses') },
  { name: 'journals', open: (page) => section(page, 'Alt+7', 'Journals') },
  { name: 'contacts', open: (page) => section(page, 'Alt+6', 'Contacts') },
  { name: 'categories', open: (page) => section(page, 'Alt+8', 'Categories') },
  { name: 'reports', open: (page) => section(page, 'Alt+9', 'Reports') },
  { name: 'tax', open: (page) => section(page, 'Alt+0', 'Tax') },
  {
    name: 'settings',
    open: async (page) => {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
      await heading(page, 'Settings');
    },
  },
];
