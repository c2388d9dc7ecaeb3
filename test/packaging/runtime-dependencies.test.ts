import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The packaged app carries package.json's dependencies and nothing else (electron-builder leaves the
// devDependencies out). A build, type or test tool there would ship to every user: tsx once did,
// with esbuild's native binary, because `npm run serve` ran the sources. The command line now has
// its own built bundle (out/main/cli.js, tested in test/doors/shell-bundle.test.ts).
const root = process.cwd();
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const DEVELOPMENT_TOOLS = /^(tsx|esbuild|typescript|vite|vitest|electron|electron-vite|electron-builder|drizzle-kit|eslint|svelte-check|playwright(-core)?|@types\/.*|ts-node)$/;

describe('what the packaged app carries', () => {
  it('has no development tool among its runtime dependencies', () => {
    const shipped = Object.keys(manifest.dependencies);
    expect(shipped.length).toBeGreaterThan(5);
    expect(shipped.filter((name) => DEVELOPMENT_TOOLS.test(name))).toEqual([]);
    expect(Object.keys(manifest.devDependencies)).toContain('tsx');
  });
});
