import type { OsProbe } from './os-probe';

/**
 * Gov-Client-User-Agent's facts (fraud-prevention-headers.md, header 9): the operating system's family
 * and version and the device's maker and model, read the way each system publishes them to a user
 * without admin rights. What cannot be read is left out, never guessed; nothing here throws.
 */
export interface UserAgentFacts {
  osFamily: string;
  osVersion?: string;
  deviceManufacturer?: string;
  deviceModel?: string;
}

const OS_FAMILIES: Partial<Record<NodeJS.Platform, string>> = { win32: 'Windows', darwin: 'MacOS', linux: 'Linux' };

export async function userAgentFacts(probe: OsProbe): Promise<UserAgentFacts> {
  const osFamily = OS_FAMILIES[probe.platform] ?? probe.type();
  if (probe.platform === 'darwin') return { osFamily, ...(await macFacts(probe)) };
  if (probe.platform === 'win32') return { osFamily, ...realMakerAndModel(await windowsFacts(probe)) };
  return { osFamily, osVersion: nonEmpty(probe.release()), ...realMakerAndModel(await dmiFacts(probe)) };
}

/**
 * Text a PC's maker left in the firmware instead of its name ("To Be Filled By O.E.M.", "System
 * Product Name", "Default string"). HMRC forbids placeholder values and checks by hand that values are
 * realistic (fraud-prevention-headers.md, "Missing data"), so such a maker or model is left out.
 */
const FIRMWARE_PLACEHOLDER = /^(to be filled by o\.?e\.?m\.?|o\.?e\.?m\.?|system (manufacturer|product name)|default string|not (applicable|specified|available)|none|n\/a|unknown|x\.x|0+|123456789|type1productconfigid)$/i;

/**
 * Output is read as UTF-8, but reg.exe writes a piped answer in the console's OEM code page (850,
 * 437...), so a maker named with a letter outside ASCII arrives with U+FFFD where that letter was.
 * Garbled text is not the value either, and is left out as one that cannot be read is.
 */
const GARBLED = '\uFFFD';

function realMakerAndModel(facts: Pick<UserAgentFacts, 'deviceManufacturer' | 'deviceModel'>): Pick<UserAgentFacts, 'deviceManufacturer' | 'deviceModel'> {
  const real = (text: string | undefined) => (text !== undefined && !FIRMWARE_PLACEHOLDER.test(text.trim()) && !text.includes(GARBLED) ? text : undefined);
  return { ...facts, deviceManufacturer: real(facts.deviceManufacturer), deviceModel: real(facts.deviceModel) };
}

/** The text a read gave, trimmed; undefined when it failed or gave nothing. */
async function attempt(read: () => Promise<string>): Promise<string | undefined> {
  try {
    return nonEmpty(await read());
  } catch {
    return undefined;
  }
}

const nonEmpty = (text: string) => text.trim() || undefined;

// macOS ---------------------------------------------------------------------------------------------

const SYSTEM_VERSION_PLIST = '/System/Library/CoreServices/SystemVersion.plist';
const MAC_VERSION = /^\d+(\.\d+)*$/;

/**
 * Apple's model identifiers (MacBookPro18,3, Mac14,2, iMac21,1, Macmini9,1, and VirtualMac2,1 for
 * macOS in Apple's own virtualisation). A Mac in another maker's virtual machine reports that maker's
 * model instead (VMware7,1, Parallels-ARM, VirtualBox).
 */
const APPLE_MODEL = /^(Mac|MacBook|MacBookAir|MacBookPro|iMac|iMacPro|Macmini|MacPro|Xserve|VirtualMac)\d+,\d+$/;

async function macFacts(probe: OsProbe): Promise<Omit<UserAgentFacts, 'osFamily'>> {
  const [osVersion, deviceModel] = await Promise.all([macOsVersion(probe), attempt(() => probe.run('/usr/sbin/sysctl', ['-n', 'hw.model']))]);
  // sysctl has no maker to read. macOS is licensed only for Apple-branded hardware, so the maker is
  // Apple unless the model read is another maker's virtual machine, whose maker is not guessed.
  const deviceManufacturer = deviceModel === undefined || APPLE_MODEL.test(deviceModel) ? 'Apple Inc.' : undefined;
  return { osVersion, deviceManufacturer, deviceModel };
}

/**
 * The product version (14.4.1), not os.release()'s Darwin kernel (23.4.0), which HMRC does not ask
 * for. The plist is a file read; sw_vers, which prints the same key, is the fallback.
 */
async function macOsVersion(probe: OsProbe): Promise<string | undefined> {
  const plist = await attempt(() => probe.readText(SYSTEM_VERSION_PLIST));
  const fromPlist = plist && /<key>ProductVersion<\/key>\s*<string>([^<]*)<\/string>/.exec(plist)?.[1]?.trim();
  if (fromPlist && MAC_VERSION.test(fromPlist)) return fromPlist;
  const fromSwVers = await attempt(() => probe.run('/usr/bin/sw_vers', ['-productVersion']));
  return fromSwVers && MAC_VERSION.test(fromSwVers) ? fromSwVers : undefined;
}

// Windows -------------------------------------------------------------------------------------------

/** The firmware's SMBIOS maker and model as Windows copies them into the registry, readable by any user. */
const BIOS_KEY = 'HKLM\\HARDWARE\\DESCRIPTION\\System\\BIOS';

async function windowsFacts(probe: OsProbe): Promise<Omit<UserAgentFacts, 'osFamily'>> {
  // By full path: a bare "reg" is looked up in the current folder before PATH.
  const reg = `${probe.env.SystemRoot ?? 'C:\\Windows'}\\System32\\reg.exe`;
  const bios = registryValues((await attempt(() => probe.run(reg, ['query', BIOS_KEY]))) ?? '');
  return { osVersion: windowsVersion(probe.version(), probe.release()), deviceManufacturer: bios.get('SystemManufacturer'), deviceModel: bios.get('SystemProductName') };
}

/** `reg query` prints each value as "    Name    REG_SZ    text". */
export function registryValues(output: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of output.split(/\r?\n/)) {
    const match = /^\s+(\S+)\s+REG_SZ\s+(.*)$/.exec(line);
    const text = match?.[2]?.trim();
    if (match && text) values.set(match[1]!, text);
  }
  return values;
}

/** Windows 11 still calls itself "Windows 10" in the registry's ProductName; its builds start here. */
const WINDOWS_11_FIRST_BUILD = 22_000;

/**
 * The version as HMRC's examples write it (`10`, `Server 2012`): the product name without "Windows"
 * (that is os-family) and without the edition (Pro, Standard), which is not a version. A product name
 * of another shape falls back to the NT version os.release() gives (10.0.19045), still the truth.
 */
export function windowsVersion(productName: string, ntRelease: string): string | undefined {
  const server = /^Windows (Server \d{4}(?: R2)?)\b/.exec(productName);
  if (server) return server[1];
  const client = /^Windows (\d+(?:\.\d+)?)\b/.exec(productName);
  if (client) return client[1] === '10' && Number(ntRelease.split('.')[2]) >= WINDOWS_11_FIRST_BUILD ? '11' : client[1];
  return nonEmpty(ntRelease);
}

// Linux ---------------------------------------------------------------------------------------------

/** The maker and model the kernel publishes from the firmware (DMI), readable without privileges. */
async function dmiFacts(probe: OsProbe): Promise<Omit<UserAgentFacts, 'osFamily' | 'osVersion'>> {
  const [deviceManufacturer, deviceModel] = await Promise.all(['sys_vendor', 'product_name'].map((name) => attempt(() => probe.readText(`/sys/class/dmi/id/${name}`))));
  return { deviceManufacturer, deviceModel };
}
