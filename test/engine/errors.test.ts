import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookFingerprint } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { readXml } from './xml-reader';

// Any 500 is a bug; the engine logs each one with console.error, so a logged error fails the test too.
let logged: unknown[][] = [];
const originalError = console.error;
beforeEach(() => {
  logged = [];
  console.error = (...args: unknown[]) => logged.push(args);
});
afterEach(() => {
  console.error = originalError;
  expect(logged.map((args) => String(args[1] ?? args[0]))).toEqual([]);
});

const REFUSALS = new Set([400, 403, 404, 413, 415, 422]);

/** Sends a request and checks it is answered sensibly: success, or a refusal that changed nothing. */
async function expectNoCrash(t: TestBook, method: string, path: string, options: Parameters<TestBook['json']>[2], label: string): Promise<number> {
  const before = bookFingerprint(t);
  const response = await t.request(method, path, { ...options, headers: { accept: 'application/json', ...options?.headers } });
  const text = await response.text();
  expect(response.status, `${label}: ${text.slice(0, 200)}`).not.toBe(500);
  if (response.status >= 400) {
    expect(REFUSALS.has(response.status), `${label} gave ${response.status}`).toBe(true);
    const body = JSON.parse(text) as { errors: { message: string }[] };
    expect(body.errors.length, label).toBeGreaterThan(0);
    for (const error of body.errors) expect(typeof error.message).toBe('string');
    expect(bookFingerprint(t), `${label} changed the book`).toEqual(before);
  }
  return response.status;
}

const HOSTILE_VALUES: unknown[] = [
  123,
  -1,
  1.5,
  1e308,
  true,
  false,
  null,
  [],
  {},
  ['x'],
  { $gt: '' },
  { __proto__: { polluted: true } },
  '',
  ' ',
  '\u0000',
  'x'.repeat(100_000),
  '𝕏 ünïcödé',
  '<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  '1e309',
  '-0',
  'NaN',
  'Infinity',
];

const USER_BASE = { email: 'valid@example.com', first_name: 'Val', last_name: 'Id', role: 'Employee' };
const USER_FIELDS = ['email', 'first_name', 'last_name', 'ni_number', 'unique_tax_reference', 'role', 'opening_mileage', 'send_invitation', 'permission_level', 'hidden'];
const ACCOUNT_BASE = { name: 'Valid', opening_balance: '0' };
const ACCOUNT_FIELDS = ['type', 'name', 'currency', 'is_personal', 'is_primary', 'status', 'bank_name', 'opening_balance', 'account_number', 'sort_code', 'secondary_sort_code', 'iban', 'bic', 'email', 'bank_guess_enabled'];

async function bookWithRecords(): Promise<TestBook> {
  const t = createTestBook();
  expect((await t.json('POST', '/v2/users', { body: { user: { ...USER_BASE, email: 'other@example.com' } } })).status).toBe(201);
  expect((await t.json('POST', '/v2/bank_accounts', { body: { bank_account: ACCOUNT_BASE } })).status).toBe(201);
  return t;
}

describe('error bodies', () => {
  it('are {"errors":[{"message"}]} in JSON and the same in XML', async () => {
    const t = createTestBook();
    const json = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: {} } });
    expect(json.status).toBe(422);
    expect(Object.keys(json.body)).toEqual(['errors']);
    expect(json.body.errors).toEqual([{ message: 'name must be text' }, { message: 'opening_balance must be a decimal number' }]);

    const xml = await t.request('POST', '/v2/bank_accounts', { body: { bank_account: {} }, headers: { accept: 'application/xml' } });
    expect(xml.status).toBe(422);
    expect(await readXml(xml)).toEqual(json.body);
  });

  it('say 404 with the method and path for an endpoint that does not exist', async () => {
    const t = createTestBook();
    for (const [method, path] of [['GET', '/v2/nothing'], ['PATCH', '/v2/users/1'], ['GET', '/v2/users/1/extra'], ['GET', '/v3/company'], ['POST', '/v2/company']]) {
      const response = await t.json(method!, path!);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.errors[0].message).toBe(`No endpoint ${method} ${path}`);
    }
  });
});

describe('request bodies', () => {
  it('refuse malformed JSON with 400', async () => {
    const t = createTestBook();
    for (const raw of ['{', '{"user":', "{'user':{}}", '{"user":{}}}', 'undefined', '{"a":1,}']) {
      const response = await t.json('POST', '/v2/users', { raw, headers: { 'content-type': 'application/json' } });
      expect(response.status, raw).toBe(400);
      expect(response.body.errors[0].message).toBe('Malformed JSON in request body');
    }
  });

  it('refuse a missing or wrong root key with 422 naming the key wanted', async () => {
    const t = createTestBook();
    for (const body of [{}, { users: { ...USER_BASE } }, { bank_account: { ...USER_BASE } }, { user: [USER_BASE] }, { user: 'Val' }, { user: null }]) {
      const response = await t.json('POST', '/v2/users', { body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors[0].message).toBe('Request body must have the root key user holding an object');
    }
    expect((await t.json('POST', '/v2/users')).status).toBe(422);
  });

  it('ignore unknown and read-only fields', async () => {
    const t = createTestBook();
    const response = await t.json('POST', '/v2/users', {
      body: { user: { ...USER_BASE, favourite_colour: 'green', url: 'http://evil.example/v2/users/99', created_at: '1999-01-01T00:00:00Z', id: 99 }, extra_root: { x: 1 } },
    });
    expect(response.status).toBe(201);
    expect(response.body.user).not.toHaveProperty('favourite_colour');
    expect(response.body.user.url).toMatch(/\/v2\/users\/2$/);
    expect(response.body.user.created_at).not.toBe('1999-01-01T00:00:00Z');
  });

  it('never crash on bodies of the wrong shape', async () => {
    const t = await bookWithRecords();
    const raws = [
      '[]',
      '123',
      'null',
      '"user"',
      'true',
      '{}',
      '{"user":null}',
      '{"user":[]}',
      '{"user":"x"}',
      '{"user":1}',
      '{"bank_account":[{"name":"x"}]}',
      `{"user":${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
      `{"user":{"email":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}}}`,
      `{"bank_account":{"name":"${'n'.repeat(5_000_000)}","opening_balance":"0"}}`,
      `{"user":{"__proto__":{"email":"p@example.com","first_name":"P","last_name":"Q","role":"Employee"}}}`,
      `{"user":{"constructor":{"prototype":{"polluted":true}}}}`,
    ];
    const endpoints: [string, string][] = [['POST', '/v2/users'], ['PUT', '/v2/users/2'], ['PUT', '/v2/users/me'], ['POST', '/v2/bank_accounts'], ['PUT', '/v2/bank_accounts/1'], ['DELETE', '/v2/users/999']];
    for (const [method, path] of endpoints) {
      for (const raw of raws) await expectNoCrash(t, method, path, { raw, headers: { 'content-type': 'application/json' } }, `${method} ${path} ${raw.slice(0, 40)}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never crash on a wrong value in any user field, and refusals change nothing', async () => {
    const t = await bookWithRecords();
    for (const field of USER_FIELDS) {
      for (const [index, value] of HOSTILE_VALUES.entries()) {
        const label = `${field}=${JSON.stringify(value)?.slice(0, 30)}`;
        await expectNoCrash(t, 'POST', '/v2/users', { body: { user: { ...USER_BASE, email: `new${field}${index}@example.com`, [field]: value } } }, `POST ${label}`);
        await expectNoCrash(t, 'PUT', '/v2/users/2', { body: { user: { [field]: value } } }, `PUT ${label}`);
        await expectNoCrash(t, 'PUT', '/v2/users/me', { body: { user: { [field]: value } } }, `PUT me ${label}`);
      }
    }
  }, 60_000);

  it('never crash on a wrong value in any bank account field, and refusals change nothing', async () => {
    const t = await bookWithRecords();
    for (const field of ACCOUNT_FIELDS) {
      for (const value of HOSTILE_VALUES) {
        const label = `${field}=${JSON.stringify(value)?.slice(0, 30)}`;
        await expectNoCrash(t, 'POST', '/v2/bank_accounts', { body: { bank_account: { ...ACCOUNT_BASE, [field]: value } } }, `POST ${label}`);
        await expectNoCrash(t, 'PUT', '/v2/bank_accounts/1', { body: { bank_account: { [field]: value } } }, `PUT ${label}`);
      }
    }
  }, 60_000);

  it('never crash on XML of the wrong shape or with wrongly typed elements', async () => {
    const t = await bookWithRecords();
    const xmls = [
      '<freeagent><user><permission-level type="integer">abc</permission-level></user></freeagent>',
      '<freeagent><user><hidden type="boolean">maybe</hidden></user></freeagent>',
      '<freeagent><user><first-name><a>1</a><b>2</b></first-name></user></freeagent>',
      '<freeagent><user><first-name type="array"><x>1</x></first-name></user></freeagent>',
      '<freeagent><user><email nil="true"/></user></freeagent>',
      '<freeagent><user nil="true"/></freeagent>',
      '<freeagent type="array"><user/></freeagent>',
      '<freeagent><bank-account><opening-balance type="decimal">1e5</opening-balance></bank-account></freeagent>',
      '<freeagent><bank-account><name>a</name><name>b</name><opening-balance>0</opening-balance></bank-account></freeagent>',
      '<freeagent><user><constructor>x</constructor><toString>y</toString></user></freeagent>',
      '<freeagent><user><prototype><email>p@example.com</email></prototype></user></freeagent>',
      `<freeagent><user><first-name>${'x'.repeat(1_000_000)}</first-name></user></freeagent>`,
      '<freeagent><user><first-name>&#xFFFE;</first-name></user></freeagent>',
      '<freeagent><user><first-name>&#65;&#x42;</first-name></user></freeagent>',
      '<?xml version="1.0" encoding="ISO-8859-1"?><freeagent/>',
      '<?xml-stylesheet href="x"?><freeagent><user/></freeagent>',
      '<!-- comment only -->',
      '',
      '   ',
    ];
    for (const [method, path] of [['POST', '/v2/users'], ['PUT', '/v2/users/me'], ['POST', '/v2/bank_accounts'], ['PUT', '/v2/bank_accounts/1']] as const) {
      for (const xml of xmls) await expectNoCrash(t, method, path, { xml }, `${method} ${path} ${xml.slice(0, 60)}`);
    }
  });

  it('never crash on odd headers, paths and queries', async () => {
    const t = await bookWithRecords();
    const cases: [string, string, Parameters<TestBook['json']>[2]][] = [
      ['POST', '/v2/users', { raw: 'x', headers: { 'content-type': 'multipart/form-data' } }],
      ['POST', '/v2/users', { raw: '--b\r\nContent-Disposition: form-data; name="user"\r\n\r\nx\r\n--b--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=b' } }],
      ['POST', '/v2/users', { raw: '{}', headers: { 'content-type': ';;;' } }],
      ['POST', '/v2/users', { body: { user: USER_BASE }, headers: { 'x-api-version': '9999-99-99' } }],
      ['GET', '/v2/company', { headers: { accept: '*/*;q=abc, application/xml;q=0' } }],
      ['GET', '/v2/users/%00', {}],
      ['GET', '/v2/users/-1', {}],
      ['GET', '/v2/bank_accounts/1e3', {}],
      ['GET', `/v2/bank_accounts/${'9'.repeat(400)}`, {}],
      ['GET', '/v2/users?view[]=all', {}],
      ['GET', '/v2/users?view=%00', {}],
      ['GET', '/v2/users?page=1&page=abc', {}],
      ['GET', '/v2/bank_accounts?per_page=%F0%9F%92%A9', {}],
      ['DELETE', `/v2/users/${'1'.repeat(30)}`, {}],
    ];
    for (const [method, path, options] of cases) await expectNoCrash(t, method, path, options, `${method} ${path}`);
  });
});

describe('links that cannot be read', () => {
  it('answers a link with a broken percent escape with a 422, not a 500', async () => {
    const t = createTestBook();
    await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Current', opening_balance: '0' } } });
    const response = await t.json('POST', '/v2/bank_transaction_explanations', {
      body: { bank_transaction_explanation: { bank_account: 'http://127.0.0.1:9999/v2/bank_accounts/1', category: 'http://x/v2/categories/%E0%A4%A', gross_value: '-1' } },
    });
    expect(response.status).toBe(422);
  });
});
