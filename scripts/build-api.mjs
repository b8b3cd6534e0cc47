#!/usr/bin/env node
// Compiles the API server (apps/api/src/server.ts and the workspace code it imports, @souq/contracts
// included) into one JavaScript module, apps/api/dist/server.js (and the search index's worker thread,
// dist/search-index-worker.js), with source maps; the packages of
// node_modules stay imports. `npm start` builds it when it is missing or older than its sources.
//   node scripts/build-api.mjs            build now
//   buildApiIfStale() (imported)          build only when a source is newer than the output
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const apiDir = path.join(root, 'apps/api');
export const apiEntry = path.join(apiDir, 'dist/server.js');
const sourceDirs = [path.join(apiDir, 'src'), path.join(apiDir, 'seed'), path.join(root, 'packages/contracts/src')];

function newest(dir) {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) max = Math.max(max, newest(p));
    else if (!entry.name.endsWith('.test.ts')) max = Math.max(max, fs.statSync(p).mtimeMs);
  }
  return max;
}

export function apiBuildIsStale() {
  if (!fs.existsSync(apiEntry)) return true;
  const sources = Math.max(...sourceDirs.map(newest), fs.statSync(path.join(apiDir, 'package.json')).mtimeMs);
  return fs.statSync(apiEntry).mtimeMs < sources;
}

export async function buildApi() {
  // Loaded only to build: a start with an up-to-date build does not pay for it.
  const esbuild = await import('esbuild');
  // Pure JavaScript packages are compiled in too: Node resolves and reads hundreds of small module files
  // at start-up otherwise (Kysely and zod alone take ~0.5 s). These stay imports: native modules,
  // packages that load files or workers by path, and React Router (the web build imports the same copy).
  const external = [
    'better-sqlite3',
    'sharp',
    '@node-rs/argon2',
    'pg',
    'pino',
    'react',
    'react-dom',
    'react-router',
    '@react-router/node',
    'esbuild',
    'tsx',
  ].flatMap((name) => [name, `${name}/*`]);
  const result = await esbuild.build({
    // The search index's worker thread is a module of its own beside the server (search-index.ts).
    entryPoints: [path.join(apiDir, 'src/server.ts'), path.join(apiDir, 'src/modules/catalog/search-index-worker.ts')],
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    // CommonJS packages compiled into this ES module still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __souqCreateRequire } from 'node:module'; const require = __souqCreateRequire(import.meta.url);",
    },
    write: false,
    outdir: path.dirname(apiEntry),
    logLevel: 'warning',
  });
  // Each file is written beside its place and renamed over it, so a server starting meanwhile (or a
  // second build running at once) never reads half a file.
  fs.mkdirSync(path.dirname(apiEntry), { recursive: true });
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, file.contents);
    fs.renameSync(tmp, file.path);
  }
}

/** Builds when stale; answers whether it built. */
export async function buildApiIfStale() {
  if (!apiBuildIsStale()) return false;
  await buildApi();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  await buildApi();
  console.log(`api built: ${path.relative(root, apiEntry)} in ${Date.now() - started} ms`);
}
