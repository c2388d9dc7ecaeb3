import { describe, expect, it } from 'vitest';
import { fraudHeaders } from '../../main/hmrc/fraud-headers';
import { machineFacts } from '../../main/hmrc/machine-facts';
import type { OsProbe } from '../../main/hmrc/os-probe';
import { registryValues, windowsVersion } from '../../main/hmrc/user-agent-facts';
import { userData } from './fixture';
import { validateFraudHeaders } from './fraud-validator';

/**
 * Gov-Client-User-Agent and Gov-Client-User-IDs as a Mac, a Windows PC and a Linux machine send them,
 * simulated through the probe (fraud-prevention-headers.md, headers 9 and 10): the real product
 * version, the maker and model, every comma and space percent-encoded; a program that is missing or
 * hangs leaves its value out and throws nothing; each program runs once however many requests.
 */

type Outcome = string | Error;

interface Machine {
  platform: NodeJS.Platform;
  release: string;
  version?: string;
  userName?: string;
  env?: Record<string, string>;
  files?: Record<string, string>;
  /** By "program arg arg": its output, or the error it fails with. */
  commands?: Record<string, Outcome>;
}

function simulated(machine: Machine): OsProbe & { ran: string[] } {
  const ran: string[] = [];
  const outcome = (table: Record<string, Outcome> | undefined, key: string, missing: () => Error) => {
    const found = table?.[key];
    if (found === undefined) return Promise.reject(missing());
    return found instanceof Error ? Promise.reject(found) : Promise.resolve(found);
  };
  return {
    ran,
    platform: machine.platform,
    type: () => ({ darwin: 'Darwin', win32: 'Windows_NT', linux: 'Linux' })[machine.platform as string] ?? machine.platform,
    release: () => machine.release,
    version: () => machine.version ?? '',
    userName: () => machine.userName ?? 'alice',
    env: machine.env ?? {},
    run: (file, args) => {
      const key = [file, ...args].join(' ');
      ran.push(key);
      return outcome(machine.commands, key, () => Object.assign(new Error(`spawn ${file} ENOENT`), { code: 'ENOENT' }));
    },
    readText: (path) => outcome(machine.files, path, () => Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' })),
  };
}

/** What execFile rejects with when it killed a program at its deadline. */
const timedOut = () => Object.assign(new Error('Command failed'), { killed: true, signal: 'SIGKILL', code: null });

const SONOMA_PLIST = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>BuildID</key>
	<string>F1C6C9A2-F1B6-11EE-9D4E-8E4F7B2A4F51</string>
	<key>ProductBuildVersion</key>
	<string>23E224</string>
	<key>ProductCopyright</key>
	<string>1983-2024 Apple Inc.</string>
	<key>ProductName</key>
	<string>macOS</string>
	<key>ProductUserVisibleVersion</key>
	<string>14.4.1</string>
	<key>ProductVersion</key>
	<string>14.4.1</string>
</dict>
</plist>
`;

const MAC: Machine = {
  platform: 'darwin',
  release: '23.4.0',
  files: { '/System/Library/CoreServices/SystemVersion.plist': SONOMA_PLIST },
  commands: { '/usr/sbin/sysctl -n hw.model': 'MacBookPro18,3\n' },
};

const BIOS_QUERY = 'C:\\WINDOWS\\System32\\reg.exe query HKLM\\HARDWARE\\DESCRIPTION\\System\\BIOS';
const BIOS_KEY_OUTPUT = [
  '',
  'HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\BIOS',
  '    BiosMajorRelease    REG_DWORD    0x1',
  '    BIOSVendor    REG_SZ    Dell Inc.',
  '    BIOSVersion    REG_SZ    3.21.0',
  '    SystemFamily    REG_SZ    XPS',
  '    SystemManufacturer    REG_SZ    Dell Inc.',
  '    SystemProductName    REG_SZ    XPS 13 9310',
  '    SystemSKU    REG_SZ    0991',
  '',
].join('\r\n');

const WINDOWS: Machine = {
  platform: 'win32',
  release: '10.0.19045',
  version: 'Windows 10 Pro',
  userName: 'alice',
  env: { USERDOMAIN: 'DOMAIN', SystemRoot: 'C:\\WINDOWS' },
  commands: { [BIOS_QUERY]: BIOS_KEY_OUTPUT },
};

async function headersOf(machine: Machine | OsProbe, appUser?: string) {
  const probe = 'readText' in machine ? machine : simulated(machine);
  return fraudHeaders(await machineFacts({ userData: userData(), appUser, probe }));
}

const mayBeEmpty = ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs', 'Gov-Client-Screens', 'Gov-Client-Window-Size', 'Gov-Client-Local-IPs', 'Gov-Client-MAC-Addresses'] as const;

describe('the user agent and user ids of a simulated machine', () => {
  it('a Mac sends its macOS version (not Darwin 23.4.0), Apple and its model, the comma encoded', async () => {
    const headers = await headersOf(MAC, 'alice@example.com');
    expect(headers['Gov-Client-User-Agent']).toBe('os-family=MacOS&os-version=14.4.1&device-manufacturer=Apple%20Inc.&device-model=MacBookPro18%2C3');
    expect(headers['Gov-Client-User-IDs']).toBe('os=alice&ledgerdesk=alice%40example.com');
    expect(validateFraudHeaders(new Headers(headers), { mayBeEmpty })).toEqual([]);
  });

  it('a Mac whose plist cannot be read asks sw_vers', async () => {
    const catalina = { ...MAC, files: {}, commands: { ...MAC.commands, '/usr/bin/sw_vers -productVersion': '10.15.7\n' } };
    expect((await headersOf(catalina))['Gov-Client-User-Agent']).toBe('os-family=MacOS&os-version=10.15.7&device-manufacturer=Apple%20Inc.&device-model=MacBookPro18%2C3');
  });

  it('a Windows PC sends the version as HMRC writes it (10, not "Windows 10 Pro"), its maker and model from the BIOS key, and domain\\user', async () => {
    const probe = simulated(WINDOWS);
    const headers = await headersOf(probe, 'alice@example.com');
    expect(headers['Gov-Client-User-Agent']).toBe('os-family=Windows&os-version=10&device-manufacturer=Dell%20Inc.&device-model=XPS%2013%209310');
    expect(headers['Gov-Client-User-IDs']).toBe('os=DOMAIN%5Calice&ledgerdesk=alice%40example.com');
    expect(probe.ran).toEqual([BIOS_QUERY]);
    expect(validateFraudHeaders(new Headers(headers), { mayBeEmpty })).toEqual([]);
  });

  it("a Windows server sends what HMRC's own example shows: Server 2012", async () => {
    const server = { ...WINDOWS, release: '6.2.9200', version: 'Windows Server 2012 Standard', commands: { [BIOS_QUERY]: BIOS_KEY_OUTPUT.replace('XPS 13 9310', 'OptiPlex 980') } };
    expect((await headersOf(server))['Gov-Client-User-Agent']).toBe('os-family=Windows&os-version=Server%202012&device-manufacturer=Dell%20Inc.&device-model=OptiPlex%20980');
  });

  it('reads the Windows version from the product name and build', () => {
    expect(windowsVersion('Windows 10 Pro', '10.0.22631')).toBe('11'); // Windows 11's registry still says 10
    expect(windowsVersion('Windows 11 Home', '10.0.26100')).toBe('11');
    expect(windowsVersion('Windows 10 Enterprise LTSC 2021', '10.0.19044')).toBe('10');
    expect(windowsVersion('Windows Server 2012 R2 Datacenter', '6.3.9600')).toBe('Server 2012 R2');
    expect(windowsVersion('Windows Server 2022 Standard', '10.0.20348')).toBe('Server 2022');
    expect(windowsVersion('Windows 7 Professional Service Pack 1', '6.1.7601')).toBe('7');
    expect(windowsVersion('Windows 8.1 Pro', '6.3.9600')).toBe('8.1');
    // No version in the name (a semi-annual Server Core): the NT version, still true.
    expect(windowsVersion('Windows Server Datacenter', '10.0.19042')).toBe('10.0.19042');
    expect(registryValues('    SystemManufacturer    REG_SZ    \r\n    SystemProductName    REG_SZ    Mac14,2  ')).toEqual(new Map([['SystemProductName', 'Mac14,2']]));
  });

  it('a Linux machine is as before: the kernel release and the DMI maker and model', async () => {
    const linux = { platform: 'linux' as const, release: '6.1.0-18-amd64', files: { '/sys/class/dmi/id/sys_vendor': 'LENOVO\n', '/sys/class/dmi/id/product_name': '20XW0055UK\n' } };
    expect((await headersOf(linux))['Gov-Client-User-Agent']).toBe('os-family=Linux&os-version=6.1.0-18-amd64&device-manufacturer=LENOVO&device-model=20XW0055UK');
    expect((await headersOf({ ...linux, files: {} }))['Gov-Client-User-Agent']).toBe('os-family=Linux&os-version=6.1.0-18-amd64');
  });

  it("leaves out a maker or model the firmware holds only as its maker's placeholder text", async () => {
    const unbranded = BIOS_KEY_OUTPUT.replace('Dell Inc.\r\n    SystemProductName', 'To Be Filled By O.E.M.\r\n    SystemProductName').replace('XPS 13 9310', 'System Product Name');
    expect((await headersOf({ ...WINDOWS, commands: { [BIOS_QUERY]: unbranded } }))['Gov-Client-User-Agent']).toBe('os-family=Windows&os-version=10');
    const linux = { platform: 'linux' as const, release: '6.1.0-18-amd64', files: { '/sys/class/dmi/id/sys_vendor': 'System manufacturer\n', '/sys/class/dmi/id/product_name': 'B450M DS3H\n' } };
    expect((await headersOf(linux))['Gov-Client-User-Agent']).toBe('os-family=Linux&os-version=6.1.0-18-amd64&device-model=B450M%20DS3H');
    const defaults = { ...linux, files: { '/sys/class/dmi/id/sys_vendor': 'Default string\n', '/sys/class/dmi/id/product_name': 'Default string\n' } };
    expect((await headersOf(defaults))['Gov-Client-User-Agent']).toBe('os-family=Linux&os-version=6.1.0-18-amd64');
  });

  it('a Mac in another maker\'s virtual machine does not claim Apple made it; Apple\'s own virtualisation does', async () => {
    const model = (hwModel: string) => ({ ...MAC, commands: { '/usr/sbin/sysctl -n hw.model': `${hwModel}\n` } });
    expect((await headersOf(model('VMware7,1')))['Gov-Client-User-Agent']).toBe('os-family=MacOS&os-version=14.4.1&device-model=VMware7%2C1');
    expect((await headersOf(model('Parallels-ARM')))['Gov-Client-User-Agent']).toBe('os-family=MacOS&os-version=14.4.1&device-model=Parallels-ARM');
    expect((await headersOf(model('VirtualMac2,1')))['Gov-Client-User-Agent']).toBe('os-family=MacOS&os-version=14.4.1&device-manufacturer=Apple%20Inc.&device-model=VirtualMac2%2C1');
    expect((await headersOf(model('iMac21,1')))['Gov-Client-User-Agent']).toBe('os-family=MacOS&os-version=14.4.1&device-manufacturer=Apple%20Inc.&device-model=iMac21%2C1');
  });

  it('leaves out a maker reg.exe garbled by writing it in the console\'s code page, keeping the model', async () => {
    // "Société" in code page 850, read as UTF-8: each byte outside ASCII becomes U+FFFD.
    const oem = BIOS_KEY_OUTPUT.replace('SystemManufacturer    REG_SZ    Dell Inc.', 'SystemManufacturer    REG_SZ    Soci\uFFFDt\uFFFD Informatique');
    expect((await headersOf({ ...WINDOWS, commands: { [BIOS_QUERY]: oem } }))['Gov-Client-User-Agent']).toBe('os-family=Windows&os-version=10&device-model=XPS%2013%209310');
    const linux = { platform: 'linux' as const, release: '6.1.0-18-amd64', files: { '/sys/class/dmi/id/sys_vendor': 'Bj\uFFFDrn\n', '/sys/class/dmi/id/product_name': 'B450M DS3H\n' } };
    expect((await headersOf(linux))['Gov-Client-User-Agent']).toBe('os-family=Linux&os-version=6.1.0-18-amd64&device-model=B450M%20DS3H');
  });

  it('leaves out what a missing, failing or hung program would have told, and throws nothing', async () => {
    const bareMac = simulated({ ...MAC, files: {}, commands: { '/usr/sbin/sysctl -n hw.model': timedOut() } });
    expect((await headersOf(bareMac))['Gov-Client-User-Agent']).toBe('os-family=MacOS&device-manufacturer=Apple%20Inc.');
    expect(bareMac.ran).toEqual(['/usr/sbin/sysctl -n hw.model', '/usr/bin/sw_vers -productVersion']);
    // A plist and sw_vers that say something other than a version are not believed.
    const garbled = { ...MAC, files: { '/System/Library/CoreServices/SystemVersion.plist': 'bplist00' }, commands: { '/usr/bin/sw_vers -productVersion': 'sw_vers: not found' } };
    expect((await headersOf(garbled))['Gov-Client-User-Agent']).toBe('os-family=MacOS&device-manufacturer=Apple%20Inc.');
    expect((await headersOf({ ...WINDOWS, commands: {} }))['Gov-Client-User-Agent']).toBe('os-family=Windows&os-version=10');
    expect((await headersOf({ ...WINDOWS, commands: { [BIOS_QUERY]: timedOut() } }))['Gov-Client-User-Agent']).toBe('os-family=Windows&os-version=10');
    // A probe that throws instead of rejecting is no different.
    const throwing = simulated(WINDOWS);
    throwing.run = () => {
      throw new Error('spawn EPERM');
    };
    expect((await headersOf(throwing))['Gov-Client-User-Agent']).toBe('os-family=Windows&os-version=10');
  });

  it('runs each program once, however many requests and whether it answered or failed', async () => {
    const mac = simulated({ ...MAC, files: {}, commands: { '/usr/sbin/sysctl -n hw.model': 'Mac14,2' } });
    const folder = userData();
    await Promise.all([machineFacts({ userData: folder, probe: mac }), machineFacts({ userData: folder, probe: mac })]);
    await machineFacts({ userData: folder, probe: mac });
    expect(mac.ran).toEqual(['/usr/sbin/sysctl -n hw.model', '/usr/bin/sw_vers -productVersion']);
  });

  it('leaves the product key out when no book user is known', async () => {
    expect((await headersOf(WINDOWS))['Gov-Client-User-IDs']).toBe('os=DOMAIN%5Calice');
  });
});
