import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { users } from '../../main/db/schema';
import { bookSnapshot } from './book-snapshot';
import { createTestBook } from './harness';
import { readXml } from './xml-reader';

const XML = { accept: 'application/xml' };
const JSON_ONLY = { accept: 'application/json' };

function userXml(fields: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<freeagent>\n  <user>\n${fields}\n  </user>\n</freeagent>`;
}

const TYPED_USER = userXml(`
    <email>xavier@example.com</email>
    <first-name>Xavier</first-name>
    <last-name>Mills</last-name>
    <role>Employee</role>
    <permission-level type="integer">6</permission-level>
    <opening-mileage type="decimal">1200.50</opening-mileage>
    <send-invitation type="boolean">true</send-invitation>
    <hidden type="boolean">false</hidden>
    <ni-number>AB123456C</ni-number>
    <unique-tax-reference>1234567890</unique-tax-reference>`);

const UNTYPED_USER = userXml(`
    <email>xavier@example.com</email>
    <first-name>Xavier</first-name>
    <last-name>Mills</last-name>
    <role>Employee</role>
    <permission-level>6</permission-level>
    <opening-mileage>1200.50</opening-mileage>
    <send-invitation>true</send-invitation>
    <hidden>false</hidden>
    <ni-number>AB123456C</ni-number>
    <unique-tax-reference>1234567890</unique-tax-reference>`);

const JSON_USER = {
  user: {
    email: 'xavier@example.com',
    first_name: 'Xavier',
    last_name: 'Mills',
    role: 'Employee',
    permission_level: 6,
    opening_mileage: '1200.50',
    send_invitation: true,
    hidden: false,
    ni_number: 'AB123456C',
    unique_tax_reference: '1234567890',
  },
};

describe('XML responses', () => {
  it('gives the same company as JSON once decoded', async () => {
    const t = createTestBook();
    const json = await t.json('GET', '/v2/company');
    const xml = await t.request('GET', '/v2/company', { headers: XML });
    expect(xml.status).toBe(200);
    expect(await readXml(xml)).toEqual(json.body);
  });

  it('gives the same user and bank account as JSON, including text that needs escaping', async () => {
    const t = createTestBook();
    const account = await t.json('POST', '/v2/bank_accounts', {
      body: { bank_account: { name: 'Smith & Sons <"Main"> \'GBP\'', opening_balance: '1000.50', sort_code: '20-00-00', account_number: '00012345' } },
    });
    expect(account.status).toBe(201);
    const xmlAccount = await t.request('GET', '/v2/bank_accounts/1', { headers: XML });
    expect(await readXml(xmlAccount)).toEqual(account.body);

    const me = await t.json('GET', '/v2/users/me');
    expect(await readXml(await t.request('GET', '/v2/users/me', { headers: XML }))).toEqual(me.body);
  });

  it('writes typed elements: decimals, integers, booleans and dates carry a type attribute', async () => {
    const t = createTestBook();
    await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Main', opening_balance: '1000.5' } } });
    const text = await (await t.request('GET', '/v2/bank_accounts/1', { headers: XML })).text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<freeagent>/);
    expect(text).toContain('<opening-balance type="decimal">1000.5</opening-balance>');
    expect(text).toContain('<is-primary type="boolean">true</is-primary>');
    expect(text).toContain('<total-count type="integer">0</total-count>');
    expect(text).toContain('<latest-activity-date type="date">2025-05-01</latest-activity-date>');
    expect(text).toContain('<created-at type="datetime">2026-11-22T10:00:00.000Z</created-at>');
    // Element names are hyphenated; underscores survive only inside text such as the url.
    expect(text).not.toMatch(/<\/?[a-z-]*_/);
  });

  it('lists as a type="array" element, for one record and for many', async () => {
    const t = createTestBook();
    const single = await t.request('GET', '/v2/users', { headers: XML });
    const singleText = await single.clone().text();
    expect(singleText).toContain('<users type="array">');
    const decoded = await readXml(single);
    expect(Array.isArray(decoded.users)).toBe(true);
    expect(decoded).toEqual((await t.json('GET', '/v2/users')).body);

    await t.userWithLevel(3);
    await t.userWithLevel(5);
    const many = await readXml(await t.request('GET', '/v2/users', { headers: XML }));
    expect(many.users).toHaveLength(3);
    expect(many).toEqual((await t.json('GET', '/v2/users')).body);
  });

  it('answers in XML when the body was XML and nothing else was asked for, and in JSON when asked', async () => {
    const t = createTestBook();
    const implicit = await t.request('POST', '/v2/users', { xml: TYPED_USER });
    expect(implicit.status).toBe(201);
    expect(implicit.headers.get('content-type')).toMatch(/^application\/xml/);
    const asked = await t.request('POST', '/v2/users', { xml: TYPED_USER.replace('xavier@', 'xavier2@'), headers: JSON_ONLY });
    expect(asked.headers.get('content-type')).toMatch(/^application\/json/);
    const jsonBodyXmlReply = await t.request('GET', '/v2/users/me', { headers: XML });
    expect(jsonBodyXmlReply.headers.get('content-type')).toMatch(/^application\/xml/);
  });

  it('writes error bodies as <errors type="array"><error><message>', async () => {
    const t = createTestBook();
    const response = await t.request('GET', '/v2/users/999', { headers: XML });
    expect(response.status).toBe(404);
    expect(await readXml(response)).toEqual({ errors: [{ message: 'User not found' }] });
  });
});

describe('XML requests', () => {
  it('create the same user as the JSON body, with typed and with untyped elements', async () => {
    const viaJson = createTestBook();
    const viaTyped = createTestBook();
    const viaUntyped = createTestBook();
    const fromJson = await viaJson.json('POST', '/v2/users', { body: JSON_USER });
    const fromTyped = await viaTyped.json('POST', '/v2/users', { xml: TYPED_USER, headers: JSON_ONLY });
    const fromUntyped = await viaUntyped.json('POST', '/v2/users', { xml: UNTYPED_USER, headers: JSON_ONLY });
    expect(fromJson.status).toBe(201);
    expect(fromTyped.status).toBe(201);
    expect(fromUntyped.status).toBe(201);
    expect(fromTyped.body).toEqual(fromJson.body);
    expect(fromUntyped.body).toEqual(fromJson.body);
    expect(fromJson.body.user).toMatchObject({ permission_level: 6, opening_mileage: '1200.5', ni_number: 'AB123456C' });
    // send_invitation is not echoed by the service; it is kept for the invitation to go out.
    for (const t of [viaJson, viaTyped, viaUntyped]) {
      const rows = t.book.db.select().from(users).all();
      expect(rows.find((row) => row.email === 'xavier@example.com')?.sendInvitation).toBe(true);
    }
  });

  it('create the same bank account as the JSON body', async () => {
    const viaJson = createTestBook();
    const viaXml = createTestBook();
    const fromJson = await viaJson.json('POST', '/v2/bank_accounts', {
      body: { bank_account: { type: 'StandardBankAccount', name: 'Main', opening_balance: '250.10', is_personal: true, sort_code: '600000', bank_name: 'NatWest' } },
    });
    const fromXml = await viaXml.json('POST', '/v2/bank_accounts', {
      headers: JSON_ONLY,
      xml: `<freeagent><bank-account>
        <type>StandardBankAccount</type><name>Main</name>
        <opening-balance type="decimal">250.10</opening-balance>
        <is-personal type="boolean">true</is-personal>
        <sort-code>600000</sort-code><bank-name>NatWest</bank-name>
      </bank-account></freeagent>`,
    });
    expect(fromJson.status).toBe(201);
    expect(fromXml.body).toEqual(fromJson.body);
    expect(fromXml.body.bank_account).toMatchObject({ opening_balance: '250.1', is_personal: true, sort_code: '60-00-00', bank_code: 'natwest' });
  });

  it('accept the root element without the freeagent wrapper', async () => {
    const t = createTestBook();
    const response = await t.json('POST', '/v2/bank_accounts', {
      headers: JSON_ONLY,
      xml: '<bank-account><name>Bare</name><opening-balance>0</opening-balance></bank-account>',
    });
    expect(response.status).toBe(201);
    expect(response.body.bank_account.name).toBe('Bare');
  });

  it('clear a field with nil="true"', async () => {
    const t = createTestBook();
    await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Main', opening_balance: '0', bank_name: 'Old Bank', sort_code: '20-00-00' } } });
    const cleared = await t.json('PUT', '/v2/bank_accounts/1', {
      headers: JSON_ONLY,
      xml: '<freeagent><bank-account><bank-name nil="true"/><sort-code nil="true"/></bank-account></freeagent>',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.bank_account).not.toHaveProperty('bank_name');
    expect(cleared.body.bank_account).not.toHaveProperty('sort_code');
    expect(cleared.body.bank_account.bank_code).toBe('generic');
  });

  it('read character references and the five predefined entities', async () => {
    const t = createTestBook();
    const response = await t.json('POST', '/v2/users', {
      headers: JSON_ONLY,
      xml: userXml('<email>amp@example.com</email><first-name>Ren&#233;e &amp; &lt;Co&gt; &quot;x&quot; &apos;y&apos; &#x263A;</first-name><last-name>O&apos;Neil</last-name><role>Employee</role>'),
    });
    expect(response.status).toBe(201);
    expect(response.body.user.first_name).toBe('Renée & <Co> "x" \'y\' ☺');
    expect(response.body.user.last_name).toBe("O'Neil");
  });

  it('refuse a character reference to no character with a 400, not a crash', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    for (const reference of ['&#99999999;', '&#x110000;', '&#xD800;', '&#0;']) {
      const response = await t.json('POST', '/v2/users', {
        headers: JSON_ONLY,
        xml: userXml(`<email>ref@example.com</email><first-name>a${reference}</first-name><last-name>b</last-name><role>Employee</role>`),
      });
      expect(response.status, reference).toBe(400);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('refuse a DOCTYPE or ENTITY declaration with a 400 and expand and store nothing', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const attacks = [
      // External entity (XXE): would read a local file into the name.
      `<?xml version="1.0"?><!DOCTYPE user [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
       <freeagent><user><email>x@example.com</email><first-name>&xxe;</first-name><last-name>b</last-name><role>Employee</role></user></freeagent>`,
      // Billion laughs: exponential expansion.
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
       <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
       <freeagent><user><email>y@example.com</email><first-name>&lol3;</first-name><last-name>b</last-name><role>Employee</role></user></freeagent>`,
      `<!doctype freeagent><freeagent><user><email>z@example.com</email><first-name>a</first-name><last-name>b</last-name><role>Employee</role></user></freeagent>`,
      `<freeagent><!ENTITY e "x"><user><email>w@example.com</email><first-name>a</first-name><last-name>b</last-name><role>Employee</role></user></freeagent>`,
    ];
    for (const xml of attacks) {
      const response = await t.json('POST', '/v2/users', { xml, headers: JSON_ONLY });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].message).toMatch(/DOCTYPE|entity/i);
      expect(JSON.stringify(response.body)).not.toMatch(/root:|lollol/);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('leave an undeclared entity as the literal text it is, never expanded', async () => {
    const t = createTestBook();
    const response = await t.json('POST', '/v2/users', {
      headers: JSON_ONLY,
      xml: userXml('<email>lit@example.com</email><first-name>&xxe;</first-name><last-name>b</last-name><role>Employee</role>'),
    });
    expect(response.status).toBe(201);
    expect(response.body.user.first_name).toBe('&xxe;');
  });

  it('answer malformed XML with a 400 that says so', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const broken = [
      '<freeagent><user>',
      '<freeagent><user></freeagent>',
      '<a><b></a></b>',
      'not xml at all',
      '<freeagent/><second/>',
      '<?xml version="1.0"?>',
      '<freeagent><user a="1" a="2"/></freeagent>',
      `${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`,
      '<freeagent><user><__proto__><email>p@example.com</email></__proto__></user></freeagent>',
    ];
    for (const xml of broken) {
      const response = await t.json('PUT', '/v2/users/me', { xml, headers: JSON_ONLY });
      expect(response.status, xml.slice(0, 40)).toBe(400);
      expect(response.body.errors[0].message, xml.slice(0, 40)).toMatch(/XML/);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('say which elements were never closed, in words, not as the parser lists them', async () => {
    const t = createTestBook();
    const response = await t.json('PUT', '/v2/users/me', { xml: '<freeagent><user>', headers: JSON_ONLY });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe('Malformed XML: <freeagent> and <user> are never closed (line 1)');
    const one = await t.json('PUT', '/v2/users/me', { xml: '<freeagent>', headers: JSON_ONLY });
    expect(one.body.errors[0].message).toBe("Malformed XML: Unclosed tag 'freeagent'. (line 1)");
  });
});

describe('decodeXml', () => {
  it('reads type="array" elements as arrays, whatever the item count', () => {
    const decoded = decodeXml(`<freeagent><statement type="array">
      <transaction><dated-on>2026-01-02</dated-on><amount type="decimal">-12.50</amount></transaction>
      <transaction><dated-on>2026-01-03</dated-on><amount>7</amount></transaction>
    </statement><one type="array"><item>only</item></one><none type="array"/></freeagent>`);
    expect(decoded).toEqual({
      statement: [
        { dated_on: '2026-01-02', amount: '-12.50' },
        { dated_on: '2026-01-03', amount: '7' },
      ],
      one: ['only'],
      none: [],
    });
  });

  it('keeps numbers as text unless typed integer, so no decimal passes through a float', () => {
    const decoded = decodeXml(`<freeagent><x>
      <big type="decimal">12345678901234567890.12</big><plain>0.1</plain><lead>007</lead>
      <count type="integer">42</count><bad-count type="integer">4.2</bad-count>
      <yes type="boolean">true</yes><no type="boolean">false</no><maybe type="boolean">perhaps</maybe>
      <gone nil="true"/><empty/><spaced>  padded  </spaced>
    </x></freeagent>`);
    expect(decoded).toEqual({
      x: {
        big: '12345678901234567890.12',
        plain: '0.1',
        lead: '007',
        count: 42,
        bad_count: '4.2',
        yes: true,
        no: false,
        maybe: 'perhaps',
        gone: null,
        empty: '',
        spaced: 'padded',
      },
    });
  });

  it('turns hyphenated names into underscore keys at every depth', () => {
    expect(decodeXml('<freeagent><bank-account><opening-balance>1</opening-balance><nested-thing><inner-key>v</inner-key></nested-thing></bank-account></freeagent>')).toEqual({
      bank_account: { opening_balance: '1', nested_thing: { inner_key: 'v' } },
    });
  });
});
