import { isIP } from 'node:net';

/**
 * A validator of the fraud prevention headers for DESKTOP_APP_DIRECT, written from
 * ../shared/spec/hmrc/fraud-prevention-headers.md (HMRC's txm-fph-specification 3.3), in the spirit of
 * HMRC's Test Fraud Prevention Headers API: every header present, each in its format, percent-encoded
 * as the spec says, no placeholders. The simulator runs it on every request.
 */

export const DESKTOP_APP_DIRECT_HEADERS = [
  'Gov-Client-Connection-Method',
  'Gov-Client-Device-ID',
  'Gov-Client-Local-IPs',
  'Gov-Client-Local-IPs-Timestamp',
  'Gov-Client-MAC-Addresses',
  'Gov-Client-Multi-Factor',
  'Gov-Client-Screens',
  'Gov-Client-Timezone',
  'Gov-Client-User-Agent',
  'Gov-Client-User-IDs',
  'Gov-Client-Window-Size',
  'Gov-Vendor-License-IDs',
  'Gov-Vendor-Product-Name',
  'Gov-Vendor-Version',
] as const;
export type FraudHeaderName = (typeof DESKTOP_APP_DIRECT_HEADERS)[number];

/** An encoded token: unreserved characters and %XX only (RFC 3986 section 2.1). */
const ENCODED = /^(?:[A-Za-z0-9\-._~]|%[0-9A-F]{2})+$/;
const PLACEHOLDERS = new Set(['null', 'undefined', 'NaN', 'none', 'unknown']);

function decode(token: string, problems: string[], header: string): string {
  if (!ENCODED.test(token)) {
    problems.push(`${header}: "${token}" is not percent-encoded`);
    return token;
  }
  let value: string;
  try {
    value = decodeURIComponent(token);
  } catch {
    problems.push(`${header}: "${token}" is not valid percent-encoded UTF-8`);
    return token;
  }
  if (PLACEHOLDERS.has(value)) problems.push(`${header}: placeholder value "${value}"`);
  return value;
}

function list(header: string, raw: string, problems: string[]): string[] {
  return raw.split(',').map((item) => {
    if (item === '') problems.push(`${header}: list values must not be empty`);
    return decode(item, problems, header);
  });
}

function keyValues(header: string, raw: string, problems: string[]): Map<string, string>[] {
  return raw.split(',').map((structure) => {
    const pairs = new Map<string, string>();
    for (const pair of structure.split('&')) {
      const [key, value, extra] = pair.split('=');
      if (key === undefined || value === undefined || extra !== undefined || key === '') {
        problems.push(`${header}: "${pair}" is not key=value`);
        continue;
      }
      pairs.set(decode(key, problems, header), value === '' ? '' : decode(value, problems, header));
    }
    return pairs;
  });
}

const positiveWhole = (value: string | undefined) => value !== undefined && /^[1-9]\d*$/.test(value);

export interface ValidateOptions {
  /** Headers allowed an empty value: those the app cannot collect (the spec's route after telling HMRC). */
  mayBeEmpty?: readonly FraudHeaderName[];
  /** When the request arrived, by the wall clock: the IPs must have been read just before it. */
  receivedAt?: Date;
}

/** "Immediately before each request": read at most this long before it arrived (and not after it). */
const IPS_FRESH_MS = 60_000;
const CLOCK_SLACK_MS = 2_000;

/** The problems with a request's fraud prevention headers; none means it passes. */
export function validateFraudHeaders(headers: Headers, options: ValidateOptions = {}): string[] {
  const problems: string[] = [];
  const mayBeEmpty = new Set(options.mayBeEmpty ?? []);
  for (const name of DESKTOP_APP_DIRECT_HEADERS) {
    const raw = headers.get(name);
    if (raw === null) {
      problems.push(`${name} is missing`);
      continue;
    }
    // Anything outside printable US-ASCII must have been percent-encoded.
    if (!/^[\x20-\x7e]*$/.test(raw)) problems.push(`${name}: characters outside US-ASCII`);
    if (raw === '') {
      if (!mayBeEmpty.has(name)) problems.push(`${name} is empty`);
      continue;
    }
    check(name, raw, problems);
    if (name === 'Gov-Client-Local-IPs-Timestamp' && options.receivedAt) {
      const age = options.receivedAt.getTime() - Date.parse(raw);
      if (!(age <= IPS_FRESH_MS && age >= -CLOCK_SLACK_MS)) problems.push(`${name}: the IPs were not read immediately before the request (${raw}, request at ${options.receivedAt.toISOString()})`);
    }
  }
  return problems;
}

function check(name: FraudHeaderName, raw: string, problems: string[]): void {
  switch (name) {
    case 'Gov-Client-Connection-Method':
      if (raw !== 'DESKTOP_APP_DIRECT') problems.push(`${name} must be DESKTOP_APP_DIRECT`);
      return;
    case 'Gov-Client-Device-ID':
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(raw)) problems.push(`${name} must be a UUID`);
      return;
    case 'Gov-Client-Local-IPs':
      for (const ip of list(name, raw, problems)) if (!isIP(ip)) problems.push(`${name}: "${ip}" is not an IP address`);
      return;
    case 'Gov-Client-Local-IPs-Timestamp':
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(raw) || Number.isNaN(Date.parse(raw))) problems.push(`${name} must be yyyy-MM-ddThh:mm:ss.sssZ`);
      return;
    case 'Gov-Client-MAC-Addresses':
      for (const mac of list(name, raw, problems)) if (!/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i.test(mac)) problems.push(`${name}: "${mac}" is not a MAC address`);
      return;
    case 'Gov-Client-Multi-Factor':
      for (const factor of keyValues(name, raw, problems)) {
        if (!['TOTP', 'AUTH_CODE', 'OTHER'].includes(factor.get('type') ?? '')) problems.push(`${name}: type must be TOTP, AUTH_CODE or OTHER`);
        // "As a minimum, use this format yyyy-MM-ddThh:mmZ. You can include seconds and milliseconds."
        if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/.test(factor.get('timestamp') ?? '')) problems.push(`${name}: timestamp must be a UTC time yyyy-MM-ddThh:mmZ (seconds and milliseconds optional)`);
        if (!factor.get('unique-reference')) problems.push(`${name}: unique-reference missing`);
      }
      return;
    case 'Gov-Client-Screens':
      for (const screen of keyValues(name, raw, problems)) {
        if (!positiveWhole(screen.get('width')) || !positiveWhole(screen.get('height'))) problems.push(`${name}: width and height must be positive whole numbers`);
        if (!/^\d+(\.\d+)?$/.test(screen.get('scaling-factor') ?? '') || Number(screen.get('scaling-factor')) <= 0) problems.push(`${name}: scaling-factor must be a positive number`);
        if (!positiveWhole(screen.get('colour-depth'))) problems.push(`${name}: colour-depth must be a whole number of bits`);
      }
      return;
    case 'Gov-Client-Timezone':
      if (!/^UTC[+-](0\d|1[0-4]):[0-5]\d$/.test(raw)) problems.push(`${name} must be UTC±hh:mm`);
      return;
    case 'Gov-Client-User-Agent': {
      const [agent] = keyValues(name, raw, problems);
      if (!agent?.get('os-family') || !agent.get('os-version')) problems.push(`${name}: os-family and os-version are needed`);
      return;
    }
    case 'Gov-Client-User-IDs': {
      const [ids] = keyValues(name, raw, problems);
      if (!ids?.get('os')) problems.push(`${name}: the os user is needed`);
      return;
    }
    case 'Gov-Client-Window-Size': {
      const [size] = keyValues(name, raw, problems);
      if (!positiveWhole(size?.get('width')) || !positiveWhole(size?.get('height'))) problems.push(`${name}: width and height must be positive whole numbers`);
      return;
    }
    case 'Gov-Vendor-License-IDs':
      for (const [software, hash] of keyValues(name, raw, problems)[0] ?? []) if (!software || !/^[0-9A-Fa-f]{32,}$/.test(hash)) problems.push(`${name}: each licence must be a hashed value`);
      return;
    case 'Gov-Vendor-Product-Name':
      decode(raw, problems, name);
      return;
    case 'Gov-Vendor-Version': {
      const [versions] = keyValues(name, raw, problems);
      if (!versions || versions.size < 1 || [...versions.values()].some((version) => version === '')) problems.push(`${name}: software=version pairs are needed`);
      return;
    }
  }
}
