import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { release, type, userInfo, version } from 'node:os';

/**
 * The operating system as the fraud prevention headers read it, behind one seam: the real machine
 * here, a simulated Mac or Windows PC in the tests (test/hmrc/machine-facts.test.ts), so what is sent
 * from those systems is checked on a build machine that is neither.
 */
export interface OsProbe {
  platform: NodeJS.Platform;
  /** os.type(): the family's name on a platform we have no name of our own for (FreeBSD...). */
  type(): string;
  /** os.release(): the kernel's version (Darwin's on a Mac, NT's "10.0.22631" on Windows). */
  release(): string;
  /** os.version(): on Windows the product name, "Windows 10 Pro". */
  version(): string;
  userName(): string;
  env: Record<string, string | undefined>;
  /** A program's standard output; rejects when it cannot start, fails or outlives its time. */
  run(file: string, args: readonly string[]): Promise<string>;
  readText(path: string): Promise<string>;
}

/** Long enough for a cold reg.exe or sysctl on a busy machine; short enough that a hung one costs little. */
export const COMMAND_TIMEOUT_MS = 3_000;

/**
 * Runs a program without a shell or a window and without blocking the thread (the writer worker also
 * answers the window). SIGKILL at the deadline: execFile calls back only once the child has exited,
 * and one that ignored SIGTERM would hold the request for ever.
 */
export function runCommand(file: string, args: readonly string[], timeoutMs = COMMAND_TIMEOUT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', windowsHide: true, maxBuffer: 256 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

export const nodeOsProbe: OsProbe = {
  platform: process.platform,
  type,
  release,
  version,
  userName: () => userInfo().username,
  env: process.env,
  run: (file, args) => runCommand(file, args),
  readText: (path) => readFile(path, 'utf8'),
};
