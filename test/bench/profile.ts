import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Records a CPU profile of `run` alone (not the fixture setup around it) into `dir`, for Chrome
 * DevTools or `node --cpu-prof`-style tools. Returns run's result and the profile's path.
 */
export async function profiled<T>(dir: string, name: string, run: () => Promise<T>): Promise<{ result: T; file: string }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const result = await run();
    const { profile } = await session.post('Profiler.stop');
    const file = join(dir, `${name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return { result, file };
  } finally {
    session.disconnect();
  }
}
