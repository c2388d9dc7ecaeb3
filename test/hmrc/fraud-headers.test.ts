import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fraudHeaders, percentEncode, utcOffset, type FraudFacts } from '../../main/hmrc/fraud-headers';
import { deviceId, machineFacts, PRODUCT_VERSION } from '../../main/hmrc/machine-facts';
import { userData } from './fixture';
import { validateFraudHeaders } from './fraud-validator';

const facts: FraudFacts = {
  deviceId: 'beec798b-b366-47fa-b1f8-92cede14a1ce',
  localIps: ['10.1.2.3', 'fe80::1'],
  localIpsTimestamp: '2020-09-21T14:30:05.123Z',
  macAddresses: ['ea:43:1a:5d:21:45'],
  screens: [{ width: 1920, height: 1080, scalingFactor: 1.25, colourDepth: 24 }],
  window: { width: 1256, height: 803 },
  utcOffsetMinutes: 60,
  userAgent: { osFamily: 'Windows', osVersion: 'Server 2012', deviceManufacturer: 'Dell Inc.', deviceModel: 'MacBookPro15,2' },
  osUser: 'domain\\alice',
  productName: 'Ledgerdesk',
  version: '0.1.0',
  licenceHash: null,
};

describe('fraud prevention headers (DESKTOP_APP_DIRECT)', () => {
  it('encodes each header as the specification shows', () => {
    const headers = fraudHeaders(facts);
    expect(headers).toMatchObject({
      'Gov-Client-Connection-Method': 'DESKTOP_APP_DIRECT',
      'Gov-Client-Local-IPs': '10.1.2.3,fe80%3A%3A1',
      'Gov-Client-Local-IPs-Timestamp': '2020-09-21T14:30:05.123Z',
      'Gov-Client-MAC-Addresses': 'ea%3A43%3A1a%3A5d%3A21%3A45',
      'Gov-Client-Screens': 'width=1920&height=1080&scaling-factor=1.25&colour-depth=24',
      'Gov-Client-Window-Size': 'width=1256&height=803',
      'Gov-Client-Timezone': 'UTC+01:00',
      'Gov-Client-User-Agent': 'os-family=Windows&os-version=Server%202012&device-manufacturer=Dell%20Inc.&device-model=MacBookPro15%2C2',
      'Gov-Client-User-IDs': 'os=domain%5Calice',
      'Gov-Vendor-Product-Name': 'Ledgerdesk',
      'Gov-Vendor-Version': 'ledgerdesk=0.1.0',
      // Nothing to collect: empty, never a placeholder.
      'Gov-Client-Multi-Factor': '',
      'Gov-Vendor-License-IDs': '',
    });
    expect(validateFraudHeaders(new Headers(headers), { mayBeEmpty: ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs'] })).toEqual([]);
  });

  it('names the book user the request acts as beside the os user, under the product name', () => {
    expect(fraudHeaders({ ...facts, appUser: 'alice+vat@example.com' })['Gov-Client-User-IDs']).toBe('os=domain%5Calice&ledgerdesk=alice%2Bvat%40example.com');
  });

  it('percent-encodes what encodeURIComponent leaves alone, and writes offsets west of UTC', () => {
    expect(percentEncode("it's (a)*!")).toBe('it%27s%20%28a%29%2A%21');
    expect(utcOffset(-75)).toBe('UTC-01:15');
    expect(utcOffset(0)).toBe('UTC+00:00');
  });

  it('the validator catches a missing header, a raw comma and a placeholder', () => {
    const headers = new Headers(fraudHeaders(facts));
    headers.delete('Gov-Client-Timezone');
    headers.set('Gov-Client-User-IDs', 'os=null');
    headers.set('Gov-Client-User-Agent', 'os-family=Windows&os-version=10&device-model=MacBookPro15,2');
    expect(validateFraudHeaders(headers, { mayBeEmpty: ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs'] })).toEqual([
      'Gov-Client-Timezone is missing',
      expect.stringContaining('Gov-Client-User-Agent'),
      'Gov-Client-User-IDs: placeholder value "null"',
    ]);
  });

  it('keeps the device id in the user data folder and makes a new one if it is deleted', () => {
    const folder = userData();
    const first = deviceId(folder);
    expect(deviceId(folder)).toBe(first);
    expect(readFileSync(join(folder, 'hmrc', 'device-id'), 'utf8').trim()).toBe(first);
    rmSync(join(folder, 'hmrc', 'device-id'));
    const second = deviceId(folder);
    expect(second).not.toBe(first);
    writeFileSync(join(folder, 'hmrc', 'device-id'), 'damaged');
    expect(deviceId(folder)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('collects this machine truthfully: its addresses, its user, the wall clock, the window it was given', async () => {
    const collected = await machineFacts({ userData: userData(), now: () => new Date('2026-11-22T10:00:00.5Z') }, { screens: [{ width: 800, height: 600, scaling_factor: 2, colour_depth: 24 }], window: { width: 640, height: 480 } });
    expect(collected.localIpsTimestamp).toBe('2026-11-22T10:00:00.500Z');
    expect(collected.localIps.every((ip) => ip !== '127.0.0.1' && ip !== '::1')).toBe(true);
    expect(collected.osUser.length).toBeGreaterThan(0);
    expect(collected.screens).toEqual([{ width: 800, height: 600, scalingFactor: 2, colourDepth: 24 }]);
    const mayBeEmpty = ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs'] as const;
    // A container may have no network beyond loopback: then the lists are empty, which the spec allows only as "cannot be collected".
    const headers = fraudHeaders(collected);
    const allowed = [...mayBeEmpty, ...(collected.localIps.length ? [] : (['Gov-Client-Local-IPs'] as const)), ...(collected.macAddresses.length ? [] : (['Gov-Client-MAC-Addresses'] as const))];
    expect(validateFraudHeaders(new Headers(headers), { mayBeEmpty: allowed })).toEqual([]);
  });

  it('names the version package.json names', () => {
    expect(PRODUCT_VERSION).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
  });
});

describe('the fraud header validator itself, against the specification', () => {
  const mayBeEmpty = ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs'] as const;
  const withHeader = (name: string, value: string) => {
    const headers = new Headers(fraudHeaders(facts));
    headers.set(name, value);
    return headers;
  };

  it('takes HMRC\'s own Multi-Factor example, and refuses a timestamp that is not UTC or has no Z', () => {
    const example =
      'type=AUTH_CODE&timestamp=2021-11-21T13%3A23Z&unique-reference=fc4b5fd6816f75a7c81fc8eaa9499d6a299bd803397166e8c4cf9280b801d62c,type=TOTP&timestamp=2021-11-21T13%3A20Z&unique-reference=0283da60063abfb3a87f1aed845d17fe2d9ba8c780b478dc4ae048f5ee97a6d5';
    expect(validateFraudHeaders(withHeader('Gov-Client-Multi-Factor', example), { mayBeEmpty })).toEqual([]);
    expect(validateFraudHeaders(withHeader('Gov-Client-Multi-Factor', 'type=TOTP&timestamp=2021-11-21T13%3A20%3A05.123Z&unique-reference=abc'), { mayBeEmpty })).toEqual([]);
    for (const timestamp of ['2021-11-21T13%3A20', '2021-11-21T13%3A20%2B01%3A00', '2021-11-21%2013%3A20Z']) {
      expect(validateFraudHeaders(withHeader('Gov-Client-Multi-Factor', `type=TOTP&timestamp=${timestamp}&unique-reference=abc`), { mayBeEmpty })).toEqual([
        'Gov-Client-Multi-Factor: timestamp must be a UTC time yyyy-MM-ddThh:mmZ (seconds and milliseconds optional)',
      ]);
    }
  });

  it('refuses local IPs read long before the request (or from another clock) when it knows when the request came', () => {
    const receivedAt = new Date('2026-12-07T17:40:00.000Z');
    const at = (timestamp: string) => validateFraudHeaders(withHeader('Gov-Client-Local-IPs-Timestamp', timestamp), { mayBeEmpty, receivedAt });
    expect(at('2026-12-07T17:39:59.250Z')).toEqual([]);
    expect(at('2026-11-22T10:00:00.000Z')).toEqual(['Gov-Client-Local-IPs-Timestamp: the IPs were not read immediately before the request (2026-11-22T10:00:00.000Z, request at 2026-12-07T17:40:00.000Z)']);
    expect(at('2026-12-07T17:45:00.000Z')).toEqual(['Gov-Client-Local-IPs-Timestamp: the IPs were not read immediately before the request (2026-12-07T17:45:00.000Z, request at 2026-12-07T17:40:00.000Z)']);
  });

  it('reports a broken percent escape instead of failing on it', () => {
    expect(validateFraudHeaders(withHeader('Gov-Vendor-Product-Name', 'Ledger%C3'), { mayBeEmpty })).toEqual(['Gov-Vendor-Product-Name: "Ledger%C3" is not valid percent-encoded UTF-8']);
  });
});
