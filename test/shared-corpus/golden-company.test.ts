import { expect, it } from 'vitest';
import { company } from '../../main/db/schema';
import { createTestBook } from '../engine/harness';
import { describeShared, readSharedJson, readSharedText } from './shared';

// The engine's records must have the live service's shape: the same keys as the anonymised responses
// captured from it (corpora/freeagent/golden-responses). Values differ by company; keys must not.

const GOLDEN = ['corpora', 'freeagent', 'golden-responses'];
const RECORDED = ['corpora', 'freeagent', 'recorded-exchanges'];

const keysOf = (record: object) => Object.keys(record).sort();

describeShared('golden responses: company', () => {
  // Keys the golden company lacks only because its values are unset there: it is not VAT
  // registered (no registration number) and its address has no region.
  const CONDITIONAL = ['region', 'sales_tax_registration_number'];

  it('GET /v2/company has the key set of golden company.json for a company filled in like it', async () => {
    const golden = readSharedJson(...GOLDEN, 'company.json').company;
    const book = createTestBook({ startDate: '2024-04-12', firstAccountingYearEnd: '2025-04-30' });
    // The golden company has an address, a registration number and a business category; the
    // engine leaves such keys out while they are unset, as the live service does.
    book.book.db
      .update(company)
      .set({
        address1: '1 Example Street',
        address2: 'Example District',
        address3: '',
        town: 'Exampleton',
        postcode: 'EX1 1EX',
        companyRegistrationNumber: '00000000',
        businessCategory: 'IT Contractor / Consulting',
        salesTaxEffectiveDate: '2024-04-12',
      })
      .run();

    const { status, body } = await book.json('GET', '/v2/company');
    expect(status).toBe(200);
    expect(keysOf(body.company)).toEqual(keysOf(golden));
  });

  it('adds only the conditional keys when a company has their values', async () => {
    const golden = readSharedJson(...GOLDEN, 'company.json').company;
    const book = createTestBook({ vatRegistered: true, vatRegistrationNumber: 'GB123456782' });
    book.book.db
      .update(company)
      .set({ address1: '1 Example Street', address2: 'Example District', address3: 'Flat 2', town: 'Exampleton', region: 'Example Shire', postcode: 'EX1 1EX', companyRegistrationNumber: '00000000', businessCategory: 'IT Contractor / Consulting', salesTaxEffectiveDate: '2024-04-12' })
      .run();

    const { body } = await book.json('GET', '/v2/company');
    expect(keysOf(body.company)).toEqual([...keysOf(golden), ...CONDITIONAL].sort());
  });

  it('sends no key outside that set for a bare new company', async () => {
    const golden = readSharedJson(...GOLDEN, 'company.json').company;
    const { body } = await createTestBook().json('GET', '/v2/company');
    const known = new Set([...keysOf(golden), ...CONDITIONAL]);
    expect(keysOf(body.company).filter((key) => !known.has(key))).toEqual([]);
  });
});

describeShared('golden responses: bank accounts', () => {
  // Sent by the live service in the recorded exchanges, though the older golden capture lacks them.
  const LIVE_EXTRAS = ['bank_feed_enabled', 'bank_guess_enabled'];

  it('knows the live service sends each extra key', () => {
    const recorded = readSharedText(...RECORDED, 'test_bank_accounts_retrieve.yml');
    for (const key of LIVE_EXTRAS) expect(recorded).toContain(`"${key}":`);
  });

  it('bank account records have the key sets of golden bank_accounts.json', async () => {
    // The golden list holds one account with an account number and sort code and one without:
    // those two keys are present only when set.
    const [withNumbers, withoutNumbers] = readSharedJson(...GOLDEN, 'bank_accounts.json').bank_accounts;
    const book = createTestBook();
    const account = (extra: object) => ({ bank_account: { type: 'StandardBankAccount', name: 'Example Name', bank_name: 'Example Bank', opening_balance: '1000.0', ...extra } });
    expect((await book.json('POST', '/v2/bank_accounts', { body: account({ account_number: '00000000', sort_code: '00-00-00' }) })).status).toBe(201);
    expect((await book.json('POST', '/v2/bank_accounts', { body: account({}) })).status).toBe(201);

    const { status, body } = await book.json('GET', '/v2/bank_accounts');
    expect(status).toBe(200);
    const [first, second] = body.bank_accounts;
    expect(keysOf(first)).toEqual([...keysOf(withNumbers), ...LIVE_EXTRAS].sort());
    expect(keysOf(second)).toEqual([...keysOf(withoutNumbers), ...LIVE_EXTRAS].sort());

    const one = await book.json('GET', new URL(first.url).pathname);
    expect(keysOf(one.body.bank_account)).toEqual(keysOf(first));
  });
});
