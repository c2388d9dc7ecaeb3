import { describe, expect, it } from 'vitest';
import { bankAccount, explain, idOf, ledgerTotal, oneTransaction, postingsOf, transactions, upload } from './banking-helpers';
import { createTestBook } from './harness';

const vatBook = () => createTestBook({ vatRegistered: true });

async function payment(t: ReturnType<typeof createTestBook>, amount = '-42.50') {
  const account = await bankAccount(t);
  const transaction = await oneTransaction(t, account, { dated_on: '2026-08-14', amount, description: 'card payment' });
  return { account, transaction };
}

describe('sales tax on explanations (section 1, rules 1-6)', () => {
  it('rule 1-2: no rate and no manual amount takes the category rate and returns rate and value', async () => {
    const t = vatBook();
    const { transaction } = await payment(t);
    const response = await explain(t, { bank_transaction: transaction.url, category: 'http://anywhere/v2/categories/285', gross_value: '-42.50', description: 'Hotel' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(response.body.bank_transaction_explanation.url);
    expect(response.body.bank_transaction_explanation).toMatchObject({
      gross_value: '-42.5',
      sales_tax_rate: '20.0',
      sales_tax_value: '-7.08',
      sales_tax_status: 'TAXABLE',
      type: 'Payment',
      entry_type: 'Payment',
      is_money_out: true,
      detail: 'Accommodation and Meals. Inc £7.08 VAT ',
      transaction_description: 'card payment//OTHER/£42.50',
      is_deletable: true,
    });
    expect(response.body.bank_transaction_explanation.manual_sales_tax_amount).toBeUndefined();
    const other = await oneTransaction(t, new URL(transaction.bank_account).toString(), { dated_on: '2026-08-15', amount: '-6', description: 'taxi' });
    const explanation = await explain(t, { bank_transaction: other.url, category: '285', gross_value: '-6', sales_tax_rate: 'Auto' });
    expect(explanation.body.bank_transaction_explanation.sales_tax_rate).toBe('20.0');
  });

  it('rule 3: a given rate computes the tax so that tax + net = gross, to the penny', async () => {
    const t = vatBook();
    const { transaction } = await payment(t, '-10.00');
    const response = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-10.00', sales_tax_rate: '5' });
    expect(response.body.bank_transaction_explanation).toMatchObject({ sales_tax_rate: '5.0', sales_tax_value: '-0.48' });
    const id = idOf(response.body.bank_transaction_explanation.url);
    // 10.00 x 5/105 = 0.476..., rounded to 0.48; the category takes the other 9.52.
    expect(postingsOf(t, 'bank_transaction_explanations', id)).toEqual([
      { code: '285', debit: 952 },
      { code: '750-1', debit: -1000 },
      { code: '818', debit: 48 },
    ]);
  });

  it('rule 4: a manual amount is kept, the value follows it and no rate is returned', async () => {
    const t = vatBook();
    const { transaction } = await payment(t);
    const response = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-42.50', manual_sales_tax_amount: '3.00' });
    const record = response.body.bank_transaction_explanation;
    expect(record).toMatchObject({ manual_sales_tax_amount: '3.0', sales_tax_value: '-3.0' });
    expect(record.sales_tax_rate).toBeUndefined();
  });

  it('rule 5: with both, the rate is ignored', async () => {
    const t = vatBook();
    const { transaction } = await payment(t);
    const response = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-42.50', manual_sales_tax_amount: '1.50', sales_tax_rate: '20' });
    const record = response.body.bank_transaction_explanation;
    expect(record).toMatchObject({ manual_sales_tax_amount: '1.5', sales_tax_value: '-1.5' });
    expect(record.sales_tax_rate).toBeUndefined();
  });

  it('rule 6: EXEMPT and OUT_OF_SCOPE carry no tax', async () => {
    const t = vatBook();
    const { transaction } = await payment(t);
    const exempt = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-20', sales_tax_status: 'EXEMPT' });
    expect(exempt.body.bank_transaction_explanation).toMatchObject({ sales_tax_status: 'EXEMPT' });
    expect(exempt.body.bank_transaction_explanation.sales_tax_value).toBeUndefined();
    const outside = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-22.50', sales_tax_status: 'OUT_OF_SCOPE', sales_tax_rate: '20' });
    expect(outside.body.bank_transaction_explanation.sales_tax_status).toBe('OUT_OF_SCOPE');
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(outside.body.bank_transaction_explanation.url)).map((row) => row.code)).toEqual(['285', '750-1']);
    const bad = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-1', sales_tax_status: 'ZERO' });
    expect(bad.status).toBe(422);
  });

  it('follows the category: zero-rated and out-of-scope categories, VAT charged on sales', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    await upload(t, account, [
      { dated_on: '2026-10-01', amount: '-9.99', description: 'bank charge' },
      { dated_on: '2026-10-01', amount: '-50', description: 'donation' },
      { dated_on: '2026-10-01', amount: '120', description: 'customer' },
    ]);
    const rows = await transactions(t, account);
    const find = (text: string) => rows.find((row) => row.description.startsWith(text)).url;
    const zero = await explain(t, { bank_transaction: find('bank charge'), category: '363', gross_value: '-9.99' });
    expect(zero.body.bank_transaction_explanation).toMatchObject({ sales_tax_rate: '0.0', sales_tax_value: '0.0' });
    const outside = await explain(t, { bank_transaction: find('donation'), category: '360', gross_value: '-50' });
    expect(outside.body.bank_transaction_explanation.sales_tax_status).toBe('OUT_OF_SCOPE');
    const sale = await explain(t, { bank_transaction: find('customer'), category: '001', gross_value: '120' });
    expect(sale.body.bank_transaction_explanation).toMatchObject({ type: 'Sales', sales_tax_value: '20.0', is_money_in: true });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(sale.body.bank_transaction_explanation.url))).toEqual([
      { code: '001', debit: -10000 },
      { code: '750-1', debit: 12000 },
      { code: '819', debit: -2000 },
    ]);
  });

  it('charges no VAT for a company that is not VAT registered', async () => {
    const t = createTestBook({ vatRegistered: false });
    const { transaction } = await payment(t);
    const response = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-42.50', sales_tax_rate: '20' });
    expect(response.status).toBe(201);
    expect(response.body.bank_transaction_explanation.sales_tax_value).toBeUndefined();
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(response.body.bank_transaction_explanation.url))).toEqual([
      { code: '285', debit: 4250 },
      { code: '750-1', debit: -4250 },
    ]);
  });

  it('EC VAT MOSS needs a listed place of supply and a rate', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    const sale = await oneTransaction(t, account, { dated_on: '2026-10-01', amount: '121', description: 'ebook' });
    const base = { bank_transaction: sale.url, category: '001', gross_value: '121', ec_status: 'EC VAT MOSS' };
    expect((await explain(t, { ...base, sales_tax_rate: '21' })).body.errors[0].message).toContain('place_of_supply is required');
    expect((await explain(t, { ...base, place_of_supply: 'Ireland' })).body.errors[0].message).toContain('sales_tax_rate is required');
    expect((await explain(t, { ...base, place_of_supply: 'Atlantis', sales_tax_rate: '21' })).status).toBe(422);
    const wrongRate = await explain(t, { ...base, place_of_supply: 'Netherlands', sales_tax_rate: '20' });
    expect(wrongRate.body.errors[0].message).toContain('not a Netherlands VAT rate on 2026-10-01');
    const ok = await explain(t, { ...base, place_of_supply: 'Netherlands', sales_tax_rate: '21' });
    expect(ok.status).toBe(201);
    expect(ok.body.bank_transaction_explanation).toMatchObject({ place_of_supply: 'Netherlands', sales_tax_value: '21.0', ec_status: 'EC VAT MOSS' });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(ok.body.bank_transaction_explanation.url)).map((row) => row.code)).toContain('824');
  });
});

describe('splits, signs and limits', () => {
  it('lets several explanations split a transaction and never past zero', async () => {
    const t = vatBook();
    const { account, transaction } = await payment(t, '-100.00');
    expect((await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-60' })).status).toBe(201);
    expect((await explain(t, { bank_transaction: transaction.url, category: '363', gross_value: '-30' })).status).toBe(201);
    let [row] = await transactions(t, account);
    expect(row.unexplained_amount).toBe('-10.0');
    expect(row.bank_transaction_explanations).toHaveLength(2);
    const over = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-10.01' });
    expect(over.status).toBe(422);
    expect(over.body.errors[0].message).toContain('more than the amount left');
    expect((await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '5' })).status).toBe(422);
    expect((await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '0' })).status).toBe(422);
    expect((await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-10' })).status).toBe(201);
    [row] = await transactions(t, account);
    expect(row.unexplained_amount).toBe('0.0');
    expect(ledgerTotal(t)).toBe(0);
  });

  it('refuses a bank account or a parent of sub accounts as the category, and needs a category', async () => {
    const t = vatBook();
    const { transaction } = await payment(t);
    expect((await explain(t, { bank_transaction: transaction.url, category: '750-1', gross_value: '-1' })).body.errors[0].message).toContain('transfer_bank_account');
    expect((await explain(t, { bank_transaction: transaction.url, category: '907', gross_value: '-1' })).body.errors[0].message).toContain('sub accounts');
    expect((await explain(t, { bank_transaction: transaction.url, gross_value: '-1' })).body.errors[0].message).toContain('category is required');
    expect((await explain(t, { bank_transaction: transaction.url, category: '999999', gross_value: '-1' })).status).toBe(422);
    const user = await explain(t, { bank_transaction: transaction.url, category: '907-1', gross_value: '-1' });
    expect(user.body.bank_transaction_explanation.type).toBe('Money Paid to User');
  });

  it('records money spent without a statement line as a manual transaction', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    const response = await explain(t, { bank_account: account, dated_on: '2026-10-04', category: '285', gross_value: '-18' });
    expect(response.status).toBe(201);
    const [row] = await transactions(t, account, '&view=manual');
    expect(row).toMatchObject({ is_manual: true, amount: '-18.0', unexplained_amount: '0.0', description: '///', full_description: '///£18.00' });
  });
});

describe('updating and deleting explanations', () => {
  it('replaces the postings when an explanation changes and removes them when it goes', async () => {
    const t = vatBook();
    const { account, transaction } = await payment(t, '-120');
    const created = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-120' });
    const url = created.body.bank_transaction_explanation.url as string;
    const id = idOf(url);
    expect(postingsOf(t, 'bank_transaction_explanations', id)).toEqual([
      { code: '285', debit: 10000 },
      { code: '750-1', debit: -12000 },
      { code: '818', debit: 2000 },
    ]);
    // The rate was automatic, so moving to a zero-rated category takes that category's rate.
    const moved = await t.json('PUT', new URL(url).pathname, { body: { bank_transaction_explanation: { category: '363' } } });
    expect(moved.status).toBe(200);
    expect(moved.body.bank_transaction_explanation.sales_tax_value).toBe('0.0');
    expect(postingsOf(t, 'bank_transaction_explanations', id)).toEqual([
      { code: '363', debit: 12000 },
      { code: '750-1', debit: -12000 },
    ]);
    const smaller = await t.json('PUT', new URL(url).pathname, { body: { bank_transaction_explanation: { gross_value: '-20', sales_tax_rate: '20', category: '285' } } });
    expect(smaller.body.bank_transaction_explanation.sales_tax_value).toBe('-3.33');
    expect((await transactions(t, account))[0].unexplained_amount).toBe('-100.0');
    const refused = await t.json('PUT', new URL(url).pathname, { body: { bank_transaction_explanation: { gross_value: '-121' } } });
    expect(refused.status).toBe(422);
    expect(postingsOf(t, 'bank_transaction_explanations', id).find((row) => row.code === '750-1')!.debit).toBe(-2000);
    expect((await t.json('DELETE', new URL(url).pathname)).status).toBe(200);
    expect(postingsOf(t, 'bank_transaction_explanations', id)).toEqual([]);
    expect((await transactions(t, account))[0].unexplained_amount).toBe('-120.0');
    expect(ledgerTotal(t)).toBe(0);
  });
});

describe('changing what an explanation is', () => {
  it('gives a former transfer the category rate when it is explained by a category', async () => {
    const t = vatBook();
    const current = await bankAccount(t);
    const savings = await bankAccount(t, { name: 'Savings' });
    const out = await oneTransaction(t, current, { dated_on: '2026-10-01', amount: '-120' });
    const transfer = await explain(t, { bank_transaction: out.url, transfer_bank_account: savings, gross_value: '-120', sales_tax_rate: '5' });
    const path = new URL(transfer.body.bank_transaction_explanation.url).pathname;
    const recategorised = await t.json('PUT', path, { body: { bank_transaction_explanation: { category: '285' } } });
    expect(recategorised.body.bank_transaction_explanation).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-20.0' });
    expect(await transactions(t, savings)).toHaveLength(0);
  });
});

describe('transfers between own accounts', () => {
  it('creates the matching transaction on the other account and removes it with the explanation', async () => {
    const t = vatBook();
    const current = await bankAccount(t, { name: 'Current', opening_balance: '500' });
    const savings = await bankAccount(t, { name: 'Savings' });
    const out = await oneTransaction(t, current, { dated_on: '2026-10-01', amount: '-200', description: 'to savings' });
    const response = await explain(t, { bank_transaction: out.url, transfer_bank_account: savings, gross_value: '-200', description: 'Monthly saving' });
    expect(response.status).toBe(201);
    expect(response.body.bank_transaction_explanation).toMatchObject({ type: 'Transfer to Another Account', transfer_bank_account: savings });
    const [mirror] = await transactions(t, savings);
    expect(mirror).toMatchObject({ amount: '200.0', unexplained_amount: '0.0', is_manual: true, dated_on: '2026-10-01' });
    expect(mirror.bank_transaction_explanations[0]).toMatchObject({ type: 'Transfer from Another Account', transfer_bank_account: current, is_deletable: false });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(response.body.bank_transaction_explanation.url))).toEqual([
      { code: '750-1', debit: -20000 },
      { code: '750-2', debit: 20000 },
    ]);
    expect((await t.json('GET', new URL(savings).pathname)).body.bank_account.current_balance).toBe('200.0');
    const counterpartUrl = new URL(mirror.bank_transaction_explanations[0].url).pathname;
    expect((await t.json('DELETE', counterpartUrl)).status).toBe(422);
    expect((await t.json('DELETE', new URL(mirror.url).pathname)).status).toBe(422);
    expect((await t.json('DELETE', new URL(response.body.bank_transaction_explanation.url).pathname)).status).toBe(200);
    expect(await transactions(t, savings)).toHaveLength(0);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('refuses a transfer to the same account, or with a category as well', async () => {
    const t = vatBook();
    const current = await bankAccount(t);
    const savings = await bankAccount(t, { name: 'Savings' });
    const out = await oneTransaction(t, current, { dated_on: '2026-10-01', amount: '-200' });
    expect((await explain(t, { bank_transaction: out.url, transfer_bank_account: current, gross_value: '-200' })).status).toBe(422);
    expect((await explain(t, { bank_transaction: out.url, transfer_bank_account: savings, category: '285', gross_value: '-200' })).status).toBe(422);
    expect(await transactions(t, savings)).toHaveLength(0);
  });
});

describe('explanation listing, XML and access', () => {
  it('lists per bank account, reads the same in XML and needs Banking', async () => {
    const t = vatBook();
    const { account, transaction } = await payment(t);
    const xml = `<freeagent><bank-transaction-explanation><bank-transaction>${transaction.url}</bank-transaction><category>285</category>
      <gross-value type="decimal">-42.5</gross-value><dated-on type="date">2026-08-14</dated-on><marked-for-review type="boolean">true</marked-for-review></bank-transaction-explanation></freeagent>`;
    const created = await t.request('POST', '/v2/bank_transaction_explanations', { xml, headers: { Accept: 'application/json' } });
    expect(await created.text()).toContain('-7.08');
    const list = await t.json('GET', `/v2/bank_transaction_explanations?bank_account=${encodeURIComponent(account)}`);
    expect(list.body.bank_transaction_explanations).toHaveLength(1);
    expect(list.body.bank_transaction_explanations[0]).toMatchObject({ marked_for_review: true, sales_tax_value: '-7.08' });
    expect((await t.json('GET', '/v2/bank_transaction_explanations')).status).toBe(400);
    expect((await transactions(t, account, '&view=marked_for_review'))).toHaveLength(1);
    const bills = await t.userWithLevel(5);
    expect((await t.json('GET', `/v2/bank_transaction_explanations?bank_account=${account}`, { token: bills })).status).toBe(403);
    expect((await t.json('POST', '/v2/bank_transaction_explanations', { token: bills, body: { bank_transaction_explanation: { bank_transaction: transaction.url, category: '285', gross_value: '-1' } } })).status).toBe(403);
  });
});
