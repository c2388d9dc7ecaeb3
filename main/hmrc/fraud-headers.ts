/**
 * HMRC's fraud prevention headers for the connection method DESKTOP_APP_DIRECT
 * (../shared/spec/hmrc/fraud-prevention-headers.md, specification 3.3): the fourteen headers from
 * facts collected on the machine (machine-facts.ts) and the window (the renderer, through the bridge).
 * This module only encodes; it never makes a value up. A header with nothing collected is sent empty,
 * the route the specification gives after HMRC has been told why (docs/api-notes.md); a key of a
 * key-value structure with no value is left out, which the specification allows.
 */

export interface Screen {
  width: number;
  height: number;
  scalingFactor: number;
  colourDepth: number;
}

export interface FraudFacts {
  deviceId: string;
  localIps: string[];
  /** When the IPs were read, from the wall clock: yyyy-MM-ddThh:mm:ss.sssZ. */
  localIpsTimestamp: string;
  macAddresses: string[];
  /** Null where no window supplies them (the CLI): sent empty. */
  screens: Screen[] | null;
  window: { width: number; height: number } | null;
  /** Minutes east of UTC at the time of the call (BST: 60). */
  utcOffsetMinutes: number;
  userAgent: { osFamily: string; osVersion?: string; deviceManufacturer?: string; deviceModel?: string };
  osUser: string;
  /** The email of the book's user the request acts as: Gov-Client-User-IDs under the product's name. */
  appUser?: string;
  productName: string;
  version: string;
  /** SHA-256 of the licence key, upper-case hex; null when there is none (Ledgerdesk issues none). */
  licenceHash: string | null;
}

/** RFC 3986 percent-encoding: only A-Z a-z 0-9 - . _ ~ stay as they are (encodeURIComponent keeps !'()* too). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A key-value structure: keys and values encoded, `=` and `&` not; a key with no value is left out. */
function keyValues(pairs: [string, string | number | undefined][]): string {
  return pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== '')
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(String(value))}`)
    .join('&');
}

const list = (values: string[]) => values.filter((value) => value !== '').map(percentEncode).join(',');

/** UTC±hh:mm from an offset in minutes. */
export function utcOffset(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  const two = (n: number) => String(n).padStart(2, '0');
  return `UTC${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

export function fraudHeaders(facts: FraudFacts): Record<string, string> {
  const name = facts.productName.toLowerCase();
  return {
    'Gov-Client-Connection-Method': 'DESKTOP_APP_DIRECT',
    'Gov-Client-Device-ID': facts.deviceId,
    'Gov-Client-Local-IPs': list(facts.localIps),
    'Gov-Client-Local-IPs-Timestamp': facts.localIpsTimestamp,
    'Gov-Client-MAC-Addresses': list(facts.macAddresses),
    // Ledgerdesk has no sign-in of its own, so there is no multi-factor authentication to report.
    'Gov-Client-Multi-Factor': '',
    'Gov-Client-Screens': (facts.screens ?? [])
      .map((screen) => keyValues([['width', screen.width], ['height', screen.height], ['scaling-factor', screen.scalingFactor], ['colour-depth', screen.colourDepth]]))
      .join(','),
    'Gov-Client-Timezone': utcOffset(facts.utcOffsetMinutes),
    'Gov-Client-User-Agent': keyValues([
      ['os-family', facts.userAgent.osFamily],
      ['os-version', facts.userAgent.osVersion],
      ['device-manufacturer', facts.userAgent.deviceManufacturer],
      ['device-model', facts.userAgent.deviceModel],
    ]),
    'Gov-Client-User-IDs': keyValues([['os', facts.osUser], [name, facts.appUser]]),
    'Gov-Client-Window-Size': facts.window ? keyValues([['width', facts.window.width], ['height', facts.window.height]]) : '',
    'Gov-Vendor-License-IDs': facts.licenceHash ? keyValues([[name, facts.licenceHash]]) : '',
    'Gov-Vendor-Product-Name': percentEncode(facts.productName),
    'Gov-Vendor-Version': keyValues([[name, facts.version]]),
  };
}
