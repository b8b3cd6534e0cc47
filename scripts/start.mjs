#!/usr/bin/env node
// npm start: builds the web app and compiles the API (scripts/build-api.mjs) when either is missing or
// older than its sources, then serves the storefront (web + API) from this process, running the compiled
// JavaScript (apps/api/dist/server.js). Environment variables: see the README.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiEntry, buildApiIfStale } from './build-api.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const builtEntry = path.join(webDir, 'build/server/index.js');

function newest(dir) {
  let max = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) max = Math.max(max, newest(p));
    else max = Math.max(max, fs.statSync(p).mtimeMs);
  }
  return max;
}

const sources = Math.max(
  newest(path.join(webDir, 'app')),
  newest(path.join(webDir, 'public')),
  newest(path.join(root, 'packages/contracts/src')),
  ...['vite.config.ts', 'react-router.config.ts'].map((f) => fs.statSync(path.join(webDir, f)).mtimeMs),
);
const built = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
if (process.env.SKIP_BUILD !== '1' && built < sources) {
  console.log('building the web app…');
  const r = spawnSync('npm', ['run', 'build', '--workspace', '@souq/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Compiling the API takes well under a second; it is checked on every start, SKIP_BUILD or not.
if (await buildApiIfStale()) console.log('compiled the API');
// `--build-only`: the builds above and nothing else (start-cluster.mjs builds once before its workers).
if (process.argv.includes('--build-only')) process.exit(0);
// Source maps are written but not loaded by default: reading the map and indexing the 6 MB module cost
// a few hundred milliseconds of start-up. NODE_OPTIONS=--enable-source-maps makes stack traces name the
// TypeScript sources.
// Relative paths (DATA_DIR=./data) mean the project's folder, wherever this was started from.
process.chdir(root);
await import(pathToFileURL(apiEntry).href);
