#!/usr/bin/env node
// npm start: builds the web app when its build is missing or older than its sources, then serves
// the storefront (web + API) from one process. Environment variables: see the README.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
