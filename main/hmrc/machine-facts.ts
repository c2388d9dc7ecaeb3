import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces, release, type as osType, userInfo, version as osVersionText } from 'node:os';
import { dirname, join } from 'node:path';
import type { DeviceFacts } from '../../shared/api/hmrc';
import type { FraudFacts } from './fraud-headers';

/**
 * The machine's side of the fraud prevention headers, read truthfully from the operating system at
 * the moment of each call (the IPs and their timestamp "immediately before each request"). The
 * window's side (screens, window size) comes from the renderer with the request; the CLI has no
 * window, so those are sent empty (docs/api-notes.md).
 */

export const PRODUCT_NAME = 'Ledgerdesk';
/** Kept in step with package.json's version by test/hmrc/fraud-headers.test.ts. */
export const PRODUCT_VERSION = '0.1.0';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The device id: a UUID made once and kept in the user data folder, never expiring; if the person
 * deletes it (or it is damaged) a new one is made, as the specification says.
 */
export function deviceId(userData: string): string {
  const path = join(userData, 'hmrc', 'device-id');
  try {
    const saved = readFileSync(path, 'utf8').trim();
    if (UUID.test(saved)) return saved;
  } catch {
    // None yet: made below.
  }
  const made = randomUUID();
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${made}\n`, { mode: 0o600 });
  return made;
}

const NO_MAC = '00:00:00:00:00:00';

/** Every address of every interface but loopback, and each interface's hardware address once. */
export function localAddresses(): { ips: string[]; macs: string[] } {
  const ips = new Set<string>();
  const macs = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.internal) continue;
      ips.add(entry.address);
      if (entry.mac && entry.mac !== NO_MAC) macs.add(entry.mac);
    }
  }
  return { ips: [...ips], macs: [...macs] };
}

const OS_FAMILIES: Record<string, string> = { Windows_NT: 'Windows', Darwin: 'MacOS', Linux: 'Linux' };

/** The maker and model where the system publishes them without privileges (Linux DMI); else left out. */
function hardware(): { deviceManufacturer?: string; deviceModel?: string } {
  const read = (name: string) => {
    try {
      return readFileSync(`/sys/class/dmi/id/${name}`, 'utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  };
  return { deviceManufacturer: read('sys_vendor'), deviceModel: read('product_name') };
}

function osUser(): string {
  const name = userInfo().username;
  const domain = process.platform === 'win32' ? process.env.USERDOMAIN : undefined;
  return domain ? `${domain}\\${name}` : name;
}

export interface MachineFactsOptions {
  userData: string;
  /** The wall clock (never the book's fixed clock): HMRC wants when the IPs were really read. */
  now?: () => Date;
  licenceKeyHash?: string | null;
}

/** All the facts for one request; `device` is what the window reported, if a window asked. */
export function machineFacts(options: MachineFactsOptions, device?: DeviceFacts): FraudFacts {
  const now = options.now ?? (() => new Date());
  const { ips, macs } = localAddresses();
  const at = now();
  return {
    deviceId: deviceId(options.userData),
    localIps: ips,
    localIpsTimestamp: at.toISOString(),
    macAddresses: macs,
    screens: device?.screens.length ? device.screens.map((screen) => ({ width: screen.width, height: screen.height, scalingFactor: screen.scaling_factor, colourDepth: screen.colour_depth })) : null,
    window: device?.window ?? null,
    utcOffsetMinutes: -at.getTimezoneOffset(),
    userAgent: { osFamily: OS_FAMILIES[osType()] ?? osType(), osVersion: process.platform === 'win32' ? osVersionText() : release(), ...hardware() },
    osUser: osUser(),
    productName: PRODUCT_NAME,
    version: PRODUCT_VERSION,
    licenceHash: options.licenceKeyHash ?? null,
  };
}
