// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle in the web app, the API or the contracts, type-only imports included. ESLint's
 * import-x/no-cycle counts only imports that run (decision 016); a cycle of types still makes two files
 * one unit that cannot be read, moved or split apart. React Router's generated route types
 * (`.react-router/`) import their own route module by design and are left out.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const PROJECTS = ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/contracts/tsconfig.json'];

type Graph = Map<string, Set<string>>;

/** Every file of the projects and the project files it imports (types too). */
function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const project of PROJECTS) {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(root, project),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    )!;
    const host = ts.createCompilerHost(config.options);
    const ours = (file: string) =>
      !file.includes('/node_modules/') && !file.includes('/.react-router/') && !file.endsWith('.d.ts');
    for (const file of config.fileNames.filter(ours)) {
      const deps = new Set<string>();
      for (const imported of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
        const target = ts.resolveModuleName(imported.fileName, file, config.options, host).resolvedModule?.resolvedFileName;
        if (target && ours(target)) deps.add(path.resolve(target));
      }
      graph.set(path.resolve(file), deps);
    }
  }
  return graph;
}

/** The groups of files that import each other, directly or around a loop (Tarjan's strongly connected components). */
export function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.has(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles, type-only imports included', { timeout: 120_000 }, () => {
  it('finds a loop of any length, and none where imports only go one way', () => {
    const g = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(cycles(g({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual([['a', 'b', 'c']]);
    expect(cycles(g({ a: ['b'], b: ['c'], c: [], d: ['a', 'c'] }))).toEqual([]);
  });

  it('has none in apps/web, apps/api and packages/contracts', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(200);
    expect(cycles(graph).map((group) => group.map((f) => path.relative(root, f)))).toEqual([]);
  });
});
