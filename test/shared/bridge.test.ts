import { describe, expect, it } from 'vitest';
import { API_CHANNEL, HTTP_METHODS, IPC_ORIGIN, invalidApiRequest } from '../../shared/bridge';

describe('invalidApiRequest', () => {
  it('accepts a well-formed envelope for each method', () => {
    for (const method of HTTP_METHODS) expect(invalidApiRequest({ method, path: '/v2/company' }), method).toBeNull();
    expect(
      invalidApiRequest({
        method: 'POST',
        path: '/v2/bank_accounts',
        query: { view: 'standard_bank_accounts' },
        headers: { 'X-Api-Version': '2026-09-01' },
        body: { bank_account: { name: 'A', opening_balance: '0' } },
      }),
    ).toBeNull();
    expect(invalidApiRequest({ method: 'GET', path: '/v2/categories/750-1' })).toBeNull();
  });

  it('refuses what is not an object', () => {
    for (const value of [null, undefined, 'GET /v2/company', 42, true]) expect(invalidApiRequest(value), String(value)).toBe('request must be an object');
  });

  it('refuses methods other than GET, POST, PUT and DELETE, in any other spelling', () => {
    for (const method of ['PATCH', 'get', 'OPTIONS', '', undefined, 1]) {
      expect(invalidApiRequest({ method, path: '/v2/company' }), String(method)).toBe('method must be GET, POST, PUT or DELETE');
    }
    expect(invalidApiRequest([])).toBe('method must be GET, POST, PUT or DELETE');
  });

  it('refuses paths outside /v2/ and over-long ones', () => {
    for (const path of ['/v1/company', 'v2/company', '/v2', '/etc/passwd', 'http://evil.example/v2/company', '', 42, undefined]) {
      expect(invalidApiRequest({ method: 'GET', path }), String(path)).toBe('path must be a string under /v2/');
    }
    expect(invalidApiRequest({ method: 'GET', path: `/v2/${'a'.repeat(2044)}` })).toBeNull();
    expect(invalidApiRequest({ method: 'GET', path: `/v2/${'a'.repeat(2045)}` })).toBe('path must be a string under /v2/');
  });

  it('refuses every way of walking out of /v2 that URL parsing would honour', () => {
    const escapes = ['/v2/../secret', '/v2/users/..', '/v2//evil', '/v2/%2e%2e/secret', '/v2/%2E%2E/secret', '/v2/.%2e/secret', '/v2/..\\secret', '/v2/\\\\evil', '/v2/.\n./secret', '/v2/.\t./secret', '/v2/a\u0000b'];
    for (const path of escapes) {
      expect(invalidApiRequest({ method: 'GET', path }), JSON.stringify(path)).toMatch(/^path must not contain/);
      // Each one really would leave /v2 (or be mangled) once parsed, which is why it is refused.
      const parsed = new URL(path, 'http://ipc.invalid').pathname;
      expect(parsed.startsWith('/v2/') && !parsed.includes('//') && parsed === path, JSON.stringify(path)).toBe(false);
    }
  });

  it('refuses query and headers that are not objects of strings', () => {
    for (const key of ['query', 'headers']) {
      for (const value of [null, 'a=b', ['a'], 5]) expect(invalidApiRequest({ method: 'GET', path: '/v2/company', [key]: value }), `${key} ${String(value)}`).toBe(`${key} must be an object`);
      for (const value of [{ a: 1 }, { a: null }, { a: ['x'] }, { a: { b: 'c' } }]) {
        expect(invalidApiRequest({ method: 'GET', path: '/v2/company', [key]: value }), `${key} ${JSON.stringify(value)}`).toBe(`${key} values must be strings`);
      }
    }
  });
});

describe('bridge constants', () => {
  it('names one channel under the app prefix and a fixed origin for IPC urls', () => {
    expect(API_CHANNEL).toBe('ledgerdesk:api');
    expect(new URL(`${IPC_ORIGIN}/v2/company`).pathname).toBe('/v2/company');
  });
});
