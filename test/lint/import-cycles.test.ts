import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The main process's modules form no import circle (type imports included): a circle makes the load
// order decide which module sees the other half-made, and it is where one layer starts leaning on
// another's insides. Issue 20 item 10 took the two circles out of main/sync; this keeps them out.

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The tree's own files each file imports (relative specifiers resolved to .ts or index.ts). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier))
      .map((base) => [`${base}.ts`, join(base, 'index.ts'), base].find((candidate) => known.has(candidate)))
      .filter((target): target is string => target !== undefined);
    graph.set(file, targets);
  }
  return graph;
}

/** Every circle found by a depth-first walk, each as the files that make it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string) => {
    if (onPath.has(file)) {
      found.push([...path.slice(path.indexOf(file)), file]);
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    onPath.add(file);
    for (const target of graph.get(file) ?? []) visit(target);
    onPath.delete(file);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return found;
}

describe('import circles', () => {
  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('main/ has none, type imports included', () => {
    const files = sourceFiles(join(repo, 'main'));
    expect(files.length).toBeGreaterThan(100);
    const found = circles(importGraph(files)).map((circle) => circle.map((file) => relative(repo, file)).join(' > '));
    expect(found).toEqual([]);
  });

  it('the sync round asks a family for its hooks instead of testing its name', () => {
    // Lookups by name (familyNamed, isSyncedResource) are fine; a branch on one family's name in the
    // round's code is what a hook on Family (families.ts) is for.
    const round = ['push.ts', 'pull.ts', 'service.ts', 'link.ts', 'attachments.ts', 'manual-lines.ts', 'statement-lines.ts', 'reconcile.ts'];
    const branches = round.flatMap((name) =>
      readFileSync(join(repo, 'main/sync', name), 'utf8')
        .split('\n')
        .filter((line) => /\bfamily\.name\s*[!=]==/.test(line))
        .map((line) => `${name}: ${line.trim()}`),
    );
    expect(branches).toEqual([]);
  });
});
