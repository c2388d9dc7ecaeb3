import { describe, expect, it } from 'vitest';
import { runCommand } from '../../main/hmrc/os-probe';

/**
 * The real way the fraud headers start sysctl, sw_vers or reg: a program that is missing or hangs
 * (even one deaf to SIGTERM) rejects within its deadline, and the thread keeps answering meanwhile.
 */
describe('running a program for the fraud prevention headers', () => {
  it('gives its output', async () => {
    expect(await runCommand(process.execPath, ['-e', 'process.stdout.write("MacBookPro18,3\\n")'])).toBe('MacBookPro18,3\n');
  });

  it('rejects when the program does not exist', async () => {
    await expect(runCommand('/nonexistent/sw_vers', ['-productVersion'])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('kills a program that outlives its deadline, even one that ignores SIGTERM, without blocking the thread', async () => {
    const deaf = 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000)';
    const started = Date.now();
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    try {
      await expect(runCommand(process.execPath, ['-e', deaf], 300)).rejects.toMatchObject({ killed: true, signal: 'SIGKILL' });
    } finally {
      clearInterval(ticker);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    // The event loop ran while the program hung: nothing waited on it synchronously.
    expect(ticks).toBeGreaterThan(3);
  });
});
