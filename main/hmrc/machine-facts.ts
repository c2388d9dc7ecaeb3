import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import type { DeviceFacts } from '../../shared/api/hmrc';
import type { FraudFacts } from './fraud-headers';
import { nodeOsProbe, type OsProbe } from './os-probe';
import { userAgentFacts, type UserAgentFacts } from './user-agent-facts';

/**
 * The machine's side of the fraud prevention headers, read truthfully from the operating system: the
 * IPs and their timestamp at the moment of each call ("immediately before each request"), the system
 * and the device once (user-agent-facts.ts). The window's side (screens, window size) comes from the
 * renderer with the request; the CLI has no window, so those are sent empty (docs/api-notes.md).
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

/**
 * The operating system and the hardware do not change while the app runs, and reading them may start
 * a program (sysctl, reg): once per probe, so once per process for the real one, failures included.
 */
const userAgents = new WeakMap<OsProbe, Promise<UserAgentFacts>>();

function userAgentOnce(probe: OsProbe): Promise<UserAgentFacts> {
  let facts = userAgents.get(probe);
  if (!facts) {
    facts = userAgentFacts(probe);
    userAgents.set(probe, facts);
  }
  return facts;
}

/** Windows names the user within their domain (HMRC's example: domain\alice). */
function osUser(probe: OsProbe): string {
  const name = probe.userName();
  const domain = probe.platform === 'win32' ? probe.env.USERDOMAIN : undefined;
  return domain ? `${domain}\\${name}` : name;
}

export interface MachineFactsOptions {
  userData: string;
  /** The wall clock (never the book's fixed clock): HMRC wants when the IPs were really read. */
  now?: () => Date;
  licenceKeyHash?: string | null;
  /** The email of the book's user the request acts as (actingUserEmail), for Gov-Client-User-IDs. */
  appUser?: string;
  /** The operating system read from; tests pass a simulated Mac or Windows PC. */
  probe?: OsProbe;
}

/** All the facts for one request; `device` is what the window reported, if a window asked. */
export async function machineFacts(options: MachineFactsOptions, device?: DeviceFacts): Promise<FraudFacts> {
  const probe = options.probe ?? nodeOsProbe;
  // Awaited first, so the addresses and their timestamp are still read right before the request.
  const userAgent = await userAgentOnce(probe);
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
    userAgent,
    osUser: osUser(probe),
    appUser: options.appUser,
    productName: PRODUCT_NAME,
    version: PRODUCT_VERSION,
    licenceHash: options.licenceKeyHash ?? null,
  };
}
