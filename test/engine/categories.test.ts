import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { capitalAssetTypes, categories, company } from '../../main/db/schema';
import { decodeXml } from '../../main/engine/codec/xml';
import { ORIGIN, createTestBook, type TestBook } from './harness';

const create = (t: TestBook, category: Record<string, unknown>, token?: string) => t.json('POST', '/v2/categories', { body: { category }, token });
const codes = (list: { nominal_code: string }[]) => list.map((category) => category.nominal_code);
const categoryCount = (t: TestBook) => t.book.sqlite.prepare('SELECT count(*) FROM categories').pluck().get() as number;

async function expectRefused(t: TestBook, category: Record<string, unknown>, message: RegExp) {
  const before = { rows: categoryCount(t), changes: t.changeCount() };
  const response = await create(t, category);
  expect(response.status).toBe(422);
  expect(response.body.errors[0].message).toMatch(message);
  expect({ rows: categoryCount(t), changes: t.changeCount() }).toEqual(before);
}

describe('GET /v2/categories', () => {
  it('lists the chart under four keys, each record with the fields of its group', async () => {
    const t = createTestBook();
    const { status, body } = await t.json('GET', '/v2/categories');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['admin_expenses_categories', 'cost_of_sales_categories', 'general_categories', 'income_categories']);
    expect(body.income_categories).toContainEqual({
      url: `${ORIGIN}/v2/categories/001`,
      description: 'Sales',
      nominal_code: '001',
      group_description: 'Income (normally VATable)',
      auto_sales_tax_rate: 'Standard rate',
    });
    expect(body.admin_expenses_categories).toContainEqual({
      url: `${ORIGIN}/v2/categories/285`,
      description: 'Accommodation and Meals',
      nominal_code: '285',
      group_description: 'Admin expenses (normally VATable)',
      allowable_for_tax: true,
      tax_reporting_name: 'Travel and subsistence expenses',
      auto_sales_tax_rate: 'Standard rate',
    });
    expect(body.general_categories).toContainEqual({ url: `${ORIGIN}/v2/categories/750`, description: 'Bank Account', nominal_code: '750', tax_reporting_name: 'Bank account' });
    expect(body.general_categories).toContainEqual({ url: `${ORIGIN}/v2/categories/670`, description: 'Share Premium', nominal_code: '670' });
  });

  it('orders income and spending by name and the general ledger by code, as the live service does', async () => {
    const t = createTestBook();
    const { body } = await t.json('GET', '/v2/categories');
    const names = body.admin_expenses_categories.map((category: { description: string }) => category.description);
    expect(names.slice(0, 3)).toEqual(['Accommodation and Meals', 'Accountancy Fees', 'Advertising and Promotion']);
    expect(names).toEqual([...names].sort());
    const general = codes(body.general_categories);
    expect(general.slice(0, 2)).toEqual(['051', '055']);
    expect(general).toEqual([...general].sort());
  });

  it('leaves sub accounts out unless sub_accounts=true is asked for', async () => {
    const t = createTestBook();
    const { body } = await t.json('GET', '/v2/categories');
    const all = Object.values(body).flat() as { nominal_code: string }[];
    expect(all.some((category) => category.nominal_code.includes('-'))).toBe(false);
    expect(codes(body.general_categories)).toEqual(expect.arrayContaining(['601', '902']));
  });

  it('with sub_accounts=true shows sub accounts in place of their top-level accounts and keeps the rest', async () => {
    const t = createTestBook();
    const account = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Current', opening_balance: '0' } } });
    const accountId = Number(String(account.body.bank_account.url).split('/').pop());
    const computersId = t.book.db.select().from(capitalAssetTypes).where(eq(capitalAssetTypes.name, 'Computer Equipment')).get()!.id;

    const { status, body } = await t.json('GET', '/v2/categories?sub_accounts=true');
    expect(status).toBe(200);
    const general = codes(body.general_categories);
    expect(general).not.toContain('750');
    expect(general).not.toContain('602');
    expect(general).not.toContain('902');
    expect(general).toEqual(expect.arrayContaining(['051', '999', '670']));
    expect(body.general_categories).toContainEqual({
      url: `${ORIGIN}/v2/categories/750-${accountId}`,
      description: 'Bank Account: Current',
      nominal_code: `750-${accountId}`,
      tax_reporting_name: 'Bank account',
      bank_account: account.body.bank_account.url,
    });
    const salary = body.general_categories.find((category: { nominal_code: string }) => category.nominal_code === `902-${t.ownerId}`);
    expect(salary.user).toBe(`${ORIGIN}/v2/users/${t.ownerId}`);
    const purchase = body.general_categories.find((category: { nominal_code: string }) => category.nominal_code === `602-${computersId}`);
    expect(purchase.capital_asset_type).toBe(`${ORIGIN}/v2/capital_asset_types/${computersId}`);
    expect(codes(body.admin_expenses_categories)).toContain('285');
  });

  it('refuses a sub_accounts value that is not true or false', async () => {
    const t = createTestBook();
    const { status, body } = await t.json('GET', '/v2/categories?sub_accounts=yes');
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/sub_accounts/);
  });
});

describe('GET /v2/categories/:nominal_code', () => {
  it('returns one category under its group key', async () => {
    const t = createTestBook();
    const income = await t.json('GET', '/v2/categories/001');
    expect(income.status).toBe(200);
    expect(Object.keys(income.body)).toEqual(['income_categories']);
    expect(income.body.income_categories.description).toBe('Sales');
    const admin = await t.json('GET', '/v2/categories/363');
    expect(Object.keys(admin.body)).toEqual(['admin_expenses_categories']);
    expect(admin.body.admin_expenses_categories).toMatchObject({ auto_sales_tax_rate: 'Zero rate', tax_reporting_name: 'Finance charges' });
    const general = await t.json('GET', `/v2/categories/907-${t.ownerId}`);
    expect(general.body.general_categories).toMatchObject({ description: 'Director Loan Account: Olive Owner', user: `${ORIGIN}/v2/users/${t.ownerId}` });
  });

  it('answers 404 for a code the chart does not have', async () => {
    const t = createTestBook();
    const { status, body } = await t.json('GET', '/v2/categories/047');
    expect(status).toBe(404);
    expect(body.errors[0].message).toMatch(/047/);
  });
});

describe('POST /v2/categories', () => {
  it('creates an income category and lists it', async () => {
    const t = createTestBook();
    const response = await create(t, { category_group: 'income', description: 'Consulting', nominal_code: '047' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      income_categories: {
        url: `${ORIGIN}/v2/categories/047`,
        description: 'Consulting',
        nominal_code: '047',
        group_description: 'Income (normally VATable)',
        auto_sales_tax_rate: 'Standard rate',
        custom: true,
      },
    });
    expect(response.headers.get('location')).toBe(`${ORIGIN}/v2/categories/047`);
    const list = await t.json('GET', '/v2/categories');
    expect(codes(list.body.income_categories)).toEqual(['047', '001']);
  });

  it('creates a cost of sales category with the defaults and the display form of its tax reporting name', async () => {
    const t = createTestBook();
    const { status, body } = await create(t, { category_group: 'cost_of_sales', description: 'Parts', nominal_code: '120', tax_reporting_name: 'material_costs' });
    expect(status).toBe(201);
    expect(body.cost_of_sales_categories).toEqual({
      url: `${ORIGIN}/v2/categories/120`,
      description: 'Parts',
      nominal_code: '120',
      group_description: 'Cost of sales (normally VATable)',
      allowable_for_tax: true,
      tax_reporting_name: 'Material Costs',
      auto_sales_tax_rate: 'Standard rate',
      custom: true,
    });
  });

  it('creates an admin expenses category with the rate and allowance it was given', async () => {
    const t = createTestBook();
    const { status, body } = await create(t, {
      category_group: 'admin_expenses',
      description: 'Fines',
      nominal_code: '212',
      tax_reporting_name: 'late_payment_of_tax',
      allowable_for_tax: false,
      auto_sales_tax_rate: 'Outside of the scope of VAT',
    });
    expect(status).toBe(201);
    expect(body.admin_expenses_categories).toMatchObject({
      group_description: 'Admin expenses (normally Zero-VAT)',
      allowable_for_tax: false,
      tax_reporting_name: 'Late payment of tax',
      auto_sales_tax_rate: 'Outside of the scope of VAT',
    });
  });

  it('accepts every auto_sales_tax_rate the live chart uses and refuses others', async () => {
    const t = createTestBook();
    const rates = ['Standard rate', 'Reduced rate', 'Zero rate', 'Exempt', 'Outside of the scope of VAT'];
    for (const [index, rate] of rates.entries()) {
      const { status, body } = await create(t, { category_group: 'admin_expenses', description: rate, nominal_code: String(220 + index), tax_reporting_name: 'sundry_expenses', auto_sales_tax_rate: rate });
      expect(status).toBe(201);
      expect(body.admin_expenses_categories.auto_sales_tax_rate).toBe(rate);
    }
    await expectRefused(t, { category_group: 'admin_expenses', description: 'X', nominal_code: '230', tax_reporting_name: 'sundry_expenses', auto_sales_tax_rate: '20%' }, /auto_sales_tax_rate/);
  });

  it('creates current asset and liability categories under general_categories with their reporting names', async () => {
    const t = createTestBook();
    const asset = await create(t, { category_group: 'current_assets', description: 'Deposits', nominal_code: '672', tax_reporting_name: 'debtors' });
    expect(asset.status).toBe(201);
    expect(asset.body).toEqual({ general_categories: { url: `${ORIGIN}/v2/categories/672`, description: 'Deposits', nominal_code: '672', tax_reporting_name: 'Debtors', custom: true } });
    const liability = await create(t, { category_group: 'liabilities', description: 'Warranty provision', nominal_code: '732', tax_reporting_name: 'provisions_for_liabilities' });
    expect(liability.status).toBe(201);
    expect(liability.body.general_categories.tax_reporting_name).toBe('Provisions for liabilities');
  });

  it('creates an equity category under general_categories, without a tax reporting name', async () => {
    const t = createTestBook();
    const { status, body } = await create(t, { category_group: 'equities', description: 'Revaluation reserve', nominal_code: '922' });
    expect(status).toBe(201);
    expect(body).toEqual({ general_categories: { url: `${ORIGIN}/v2/categories/922`, description: 'Revaluation reserve', nominal_code: '922', custom: true } });
    await expectRefused(t, { category_group: 'equities', description: 'X', nominal_code: '923', tax_reporting_name: 'creditors' }, /tax_reporting_name is not allowed for equities/);
  });

  it('takes the live service\'s general group, reading the balance sheet group from the code', async () => {
    const t = createTestBook();
    const asset = await create(t, { category_group: 'general', description: 'Float', nominal_code: '700', tax_reporting_name: 'money_in_transit' });
    expect(asset.status).toBe(201);
    expect(asset.body.general_categories.tax_reporting_name).toBe('Money in transit');
    const equity = await create(t, { category_group: 'general', description: 'Reserve', nominal_code: '930' });
    expect(equity.status).toBe(201);
    await expectRefused(t, { category_group: 'general', description: 'X', nominal_code: '500' }, /671 to 720, 731 to 780, 921 to 960/);
    await expectRefused(t, { category_group: 'general', description: 'X', nominal_code: '701', allowable_for_tax: true }, /allowable_for_tax is not allowed/);
  });

  it('requires category_group and refuses one it does not know', async () => {
    const t = createTestBook();
    await expectRefused(t, { description: 'X', nominal_code: '040' }, /^category_group/);
    await expectRefused(t, { category_group: 'expenses', description: 'X', nominal_code: '040' }, /^category_group must be one of/);
  });

  it('requires a description and a nominal code', async () => {
    const t = createTestBook();
    await expectRefused(t, { category_group: 'income', nominal_code: '040' }, /^description/);
    await expectRefused(t, { category_group: 'income', description: 'X' }, /^nominal_code/);
    await expectRefused(t, { category_group: 'income', description: 'X', nominal_code: '4a' }, /^nominal_code must be a number/);
  });

  it('refuses, naming them, fields that belong to other groups, and ignores fields that are not category fields', async () => {
    const t = createTestBook();
    await expectRefused(t, { category_group: 'income', description: 'X', nominal_code: '040', allowable_for_tax: true, auto_sales_tax_rate: 'Zero rate' }, /^allowable_for_tax, auto_sales_tax_rate are not allowed for income categories/);
    await expectRefused(t, { category_group: 'current_assets', description: 'X', nominal_code: '680', tax_reporting_name: 'debtors', auto_sales_tax_rate: 'Zero rate' }, /auto_sales_tax_rate is not allowed for current assets/);
    const ignored = await create(t, { category_group: 'income', description: 'X', nominal_code: '040', colour: 'blue', url: 'http://elsewhere/v2/categories/999' });
    expect(ignored.status).toBe(201);
    expect(ignored.body.income_categories.url).toBe(`${ORIGIN}/v2/categories/040`);
  });

  it('keeps each group to its nominal code range', async () => {
    const t = createTestBook();
    const outside: [string, string, string, Record<string, unknown>][] = [
      ['income', '050', '001 to 049', {}],
      ['income', '000', '001 to 049', {}],
      ['cost_of_sales', '095', '096 to 199', { tax_reporting_name: 'purchases' }],
      ['cost_of_sales', '200', '096 to 199', { tax_reporting_name: 'purchases' }],
      ['admin_expenses', '400', '200 to 399', { tax_reporting_name: 'stationery' }],
      ['current_assets', '721', '671 to 720', { tax_reporting_name: 'debtors' }],
      ['liabilities', '730', '731 to 780', { tax_reporting_name: 'creditors' }],
      ['equities', '961', '921 to 960', {}],
    ];
    for (const [group, code, range, extra] of outside) {
      await expectRefused(t, { category_group: group, description: 'X', nominal_code: code, ...extra }, new RegExp(`must be from ${range}`));
    }
    const edges = await create(t, { category_group: 'cost_of_sales', description: 'Edge', nominal_code: 96, tax_reporting_name: 'purchases' });
    expect(edges.status).toBe(201);
    expect(edges.body.cost_of_sales_categories.nominal_code).toBe('096');
  });

  it('refuses a nominal code already in the chart', async () => {
    const t = createTestBook();
    await expectRefused(t, { category_group: 'income', description: 'Second sales', nominal_code: '001' }, /001 is already taken/);
    expect((await create(t, { category_group: 'income', description: 'Once', nominal_code: '45' })).status).toBe(201);
    await expectRefused(t, { category_group: 'income', description: 'Twice', nominal_code: '045' }, /045 is already taken/);
  });

  it('takes the tax reporting name as the identifier from the company type\'s list', async () => {
    const t = createTestBook();
    await expectRefused(t, { category_group: 'cost_of_sales', description: 'X', nominal_code: '121', tax_reporting_name: 'Purchases' }, /Purchases is not available for a UkLimitedCompany company; use one of commissions_payable, material_costs, purchases, subcontractor_costs$/);
    await expectRefused(t, { category_group: 'cost_of_sales', description: 'X', nominal_code: '121' }, /tax_reporting_name is required/);
    await expectRefused(t, { category_group: 'admin_expenses', description: 'X', nominal_code: '221', tax_reporting_name: 'advertising_costs' }, /advertising_costs is not available/);
    await expectRefused(t, { category_group: 'liabilities', description: 'X', nominal_code: '740', tax_reporting_name: 'debtors' }, /debtors is not available/);
  });

  it('uses the sole trader\'s lists for a sole trader', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    const goods = await create(t, { category_group: 'cost_of_sales', description: 'Stock', nominal_code: '121', tax_reporting_name: 'cost_of_goods' });
    expect(goods.status).toBe(201);
    expect(goods.body.cost_of_sales_categories.tax_reporting_name).toBe('Cost of Goods');
    const office = await create(t, { category_group: 'admin_expenses', description: 'Phones', nominal_code: '221', tax_reporting_name: 'phone_and_other_office_costs' });
    expect(office.body.admin_expenses_categories.tax_reporting_name).toBe('Phone and other office costs');
    await expectRefused(t, { category_group: 'cost_of_sales', description: 'X', nominal_code: '122', tax_reporting_name: 'commissions_payable' }, /not available for a UkSoleTrader company/);
    await expectRefused(t, { category_group: 'liabilities', description: 'X', nominal_code: '740', tax_reporting_name: 'provisions_for_liabilities' }, /not available/);
  });

  it('uses the partnership and the universal lists for those company types', async () => {
    const partnership = createTestBook({ type: 'UkPartnership' });
    expect((await create(partnership, { category_group: 'admin_expenses', description: 'Van', nominal_code: '221', tax_reporting_name: 'motor_expenses' })).body.admin_expenses_categories.tax_reporting_name).toBe('Motor expenses');
    const us = createTestBook({ type: 'Us' });
    const labor = await create(us, { category_group: 'cost_of_sales', description: 'Crew', nominal_code: '121', tax_reporting_name: 'other_costs' });
    expect(labor.body.cost_of_sales_categories.tax_reporting_name).toBe('Other Costs');
    await expectRefused(us, { category_group: 'admin_expenses', description: 'X', nominal_code: '221', tax_reporting_name: 'stationery' }, /not available for a Us company/);
  });

  it('offers the CIS subcontractor costs name only while CIS for contractors is on', async () => {
    const t = createTestBook();
    const category = { category_group: 'cost_of_sales', description: 'Subbies', nominal_code: '151', tax_reporting_name: 'construction_industry_scheme_subcontractor_costs' };
    await expectRefused(t, category, /not available/);
    t.book.db.update(company).set({ cisContractor: true }).where(eq(company.id, 1)).run();
    const { status, body } = await create(t, category);
    expect(status).toBe(201);
    expect(body.cost_of_sales_categories.tax_reporting_name).toBe('Construction Industry Scheme Subcontractor Costs');
  });

  it('records the new category in the change log', async () => {
    const t = createTestBook();
    await create(t, { category_group: 'income', description: 'Consulting', nominal_code: '047' });
    const row = t.book.db.select().from(categories).where(eq(categories.nominalCode, '047')).get()!;
    const change = t.book.sqlite.prepare("SELECT resource, record_id, operation FROM changes ORDER BY id DESC LIMIT 1").get();
    expect(change).toEqual({ resource: 'categories', record_id: String(row.id), operation: 'create' });
    expect(row.isCustom).toBe(true);
  });

  it('answers 422 when the root key is missing', async () => {
    const t = createTestBook();
    const { status, body } = await t.json('POST', '/v2/categories', { body: { description: 'X' } });
    expect(status).toBe(422);
    expect(body.errors[0].message).toMatch(/root key category/);
  });
});

const update = (t: TestBook, code: string, category: Record<string, unknown>, token?: string) => t.json('PUT', `/v2/categories/${code}`, { body: { category }, token });

describe('PUT /v2/categories/:nominal_code (Ledgerdesk extension)', () => {
  it('renames a category the user added and changes its tax treatment, recording the change', async () => {
    const t = createTestBook();
    await create(t, { category_group: 'admin_expenses', description: 'Fines', nominal_code: '255', tax_reporting_name: 'computer_software_costs' });
    const changes = t.changeCount();
    const { status, body } = await update(t, '255', { description: 'Penalties and fines', allowable_for_tax: false, auto_sales_tax_rate: 'Exempt' });
    expect(status).toBe(200);
    expect(body.admin_expenses_categories).toMatchObject({
      description: 'Penalties and fines',
      nominal_code: '255',
      allowable_for_tax: false,
      auto_sales_tax_rate: 'Exempt',
      group_description: 'Admin expenses (normally Zero-VAT)',
      custom: true,
    });
    expect(t.changeCount()).toBe(changes + 1);
    expect((await t.json('GET', '/v2/categories/255')).body.admin_expenses_categories.description).toBe('Penalties and fines');
  });

  it('hides any top-level category and shows it again; the list keeps it, marked', async () => {
    const t = createTestBook();
    const hidden = await update(t, '285', { hidden: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body.admin_expenses_categories).toMatchObject({ nominal_code: '285', hidden: true });
    const listed = (await t.json('GET', '/v2/categories')).body.admin_expenses_categories.find((category: { nominal_code: string }) => category.nominal_code === '285');
    expect(listed.hidden).toBe(true);
    const shown = await update(t, '285', { hidden: false });
    expect(shown.body.admin_expenses_categories.hidden).toBeUndefined();
  });

  it('refuses to change a standard category, its code or its group, a field of another group, and hiding a sub account; nothing changes', async () => {
    const t = createTestBook();
    await create(t, { category_group: 'income', description: 'Consulting', nominal_code: '047' });
    await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Current', opening_balance: '0' } } });
    const subAccount = (await t.json('GET', '/v2/categories?sub_accounts=true')).body.general_categories.find((category: { nominal_code: string }) => category.nominal_code.startsWith('750-'));
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['285', { description: 'Meals' }, /description of a standard category cannot change/],
      ['047', { nominal_code: '048' }, /nominal_code cannot change/],
      ['047', { category_group: 'cost_of_sales' }, /category_group cannot change/],
      ['047', { allowable_for_tax: false }, /allowable_for_tax is not allowed for income categories/],
      ['047', { description: ' ' }, /description can't be blank/],
      ['047', { hidden: 'perhaps' }, /hidden must be true or false/],
      [subAccount.nominal_code, { hidden: true }, /sub account/],
    ];
    for (const [code, fields, message] of cases) {
      const before = { list: (await t.json('GET', '/v2/categories?sub_accounts=true')).body, changes: t.changeCount() };
      const response = await update(t, code, fields);
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
      expect({ list: (await t.json('GET', '/v2/categories?sub_accounts=true')).body, changes: t.changeCount() }).toEqual(before);
    }
    expect((await update(t, '048', { hidden: true })).status).toBe(404);
  });

  it('lets Tax, Accounting & Users change a category and keeps Banking out', async () => {
    const t = createTestBook();
    const banking = await t.userWithLevel(Level.Banking);
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    expect((await update(t, '285', { hidden: true }, banking)).status).toBe(403);
    expect((await update(t, '285', { hidden: true }, accounting)).status).toBe(200);
  });

  it('answers in XML as in JSON', async () => {
    const t = createTestBook();
    const response = await t.request('PUT', '/v2/categories/285', { xml: '<category><hidden type="boolean">true</hidden></category>', headers: { Accept: 'application/xml' } });
    expect(response.status).toBe(200);
    expect(decodeXml(await response.text())).toEqual((await t.json('GET', '/v2/categories/285')).body);
  });
});

describe('category permissions', () => {
  it('lets My Money read and keeps Time out', async () => {
    const t = createTestBook();
    const time = await t.userWithLevel(Level.Time);
    const myMoney = await t.userWithLevel(Level.MyMoney);
    expect((await t.json('GET', '/v2/categories', { token: time })).status).toBe(403);
    expect((await t.json('GET', '/v2/categories/001', { token: time })).status).toBe(403);
    expect((await t.json('GET', '/v2/categories', { token: myMoney })).status).toBe(200);
    expect((await t.json('GET', '/v2/categories/001', { token: myMoney })).status).toBe(200);
  });

  it('lets Tax, Accounting & Users create and keeps Banking out', async () => {
    const t = createTestBook();
    const banking = await t.userWithLevel(Level.Banking);
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    const refused = await create(t, { category_group: 'income', description: 'X', nominal_code: '040' }, banking);
    expect(refused.status).toBe(403);
    expect((await create(t, { category_group: 'income', description: 'X', nominal_code: '040' }, accounting)).status).toBe(201);
  });
});

describe('categories in XML', () => {
  it('creates from an XML body and reads back the same record in XML as in JSON', async () => {
    const t = createTestBook();
    const xml = `<category>
  <category-group>admin_expenses</category-group>
  <description>Software &amp; Services</description>
  <nominal-code>213</nominal-code>
  <tax-reporting-name>computer_software_costs</tax-reporting-name>
  <allowable-for-tax type="boolean">false</allowable-for-tax>
</category>`;
    const posted = await t.request('POST', '/v2/categories', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const postedXml = await posted.text();
    expect(postedXml).toContain('<admin-expenses-categories>');
    expect(postedXml).toContain('<allowable-for-tax type="boolean">false</allowable-for-tax>');

    const asXml = decodeXml(await (await t.request('GET', '/v2/categories/213', { headers: { Accept: 'application/xml' } })).text());
    const asJson = (await t.json('GET', '/v2/categories/213')).body;
    expect(asXml).toEqual(asJson);
    expect(asJson.admin_expenses_categories).toMatchObject({ description: 'Software & Services', allowable_for_tax: false, tax_reporting_name: 'Computer software costs' });

    const listXml = decodeXml(await (await t.request('GET', '/v2/categories', { headers: { Accept: 'application/xml' } })).text());
    expect(listXml).toEqual((await t.json('GET', '/v2/categories')).body);
  });
});
