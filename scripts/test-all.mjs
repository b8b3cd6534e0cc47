#!/usr/bin/env node
// npm test: every stage in order, stopping at the first that fails, then one closing line
// `tests: N passed, M failed` counted from the vitest JSON reports.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test's file, name and first line of its error, printed again in the summary (CI keeps the tail). */
const failures = [];
const timings = [];

function run(name, cmd, args, { cwd = root, env = {}, report } = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counted = count(report, r.status);
  timings.push(`${name}: ${seconds} s${counted ? ` (${counted})` : ''}`);
  if (r.status !== 0) finish(`stage "${name}" failed`);
}

/**
 * Adds a run's tests to the totals, from its vitest JSON report (when it has one), and answers them as
 * text; a run that failed outside any test (a crash, no report) counts one failure.
 */
function count(report, status) {
  if (!report || !fs.existsSync(report)) {
    if (status !== 0) totals.failed += 1;
    return '';
  }
  const j = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += skipped;
  if (status !== 0 && !j.numFailedTests) totals.failed += 1;
  failures.push(...failuresOf(j));
  return `${j.numPassedTests} passed, ${j.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

/** A vitest JSON report's failed tests (and files that failed outside a test) as one line each. */
function failuresOf(j) {
  const firstLine = (text) =>
    String(text ?? '')
      .trim()
      .split('\n')[0]
      .slice(0, 300);
  // Where it failed: the browser's call log names what it waited for, the stack the test's line.
  const where = (text) => {
    const all = String(text ?? '').split('\n');
    const waited = all.find((l) => /waiting for /.test(l));
    const at = all.find((l) => /\.test\.ts:\d+/.test(l));
    return [waited, at]
      .filter(Boolean)
      .map((l) => l.trim().slice(0, 200))
      .join(' | ');
  };
  const lines = [];
  for (const file of j.testResults ?? []) {
    const name = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) {
      const at = where(a.failureMessages?.[0]);
      lines.push(`${name} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}${at ? `\n      (${at})` : ''}`);
    }
    if (!failed.length && file.status === 'failed') lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** `npx vitest run` printing as it goes and writing its JSON report to `report`. */
const vitestArgs = (report) => ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`];

function vitest(name, dir, env = {}) {
  const report = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  run(name, 'npx', vitestArgs(report), {
    cwd: path.join(root, dir),
    env,
    report,
  });
}

/**
 * Vitest runs of one folder at the same time, each on its own share of the files (`E2E_PART`, see
 * e2e/vitest.config.ts), counted as one stage. The first prints as it goes; the others' output is kept
 * and printed when all are done.
 */
async function vitestTogether(name, dir, parts, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name} (${parts.length} runs at once: ${parts.join(', ')}) ━━`);
  const runs = parts.map((part, i) => {
    const report = path.join(tmp, `${name.replace(/\W+/g, '-')}-${part}.json`);
    const log = i === 0 ? null : path.join(tmp, `${part}.log`);
    const child = spawn('npx', vitestArgs(report), {
      cwd: path.join(root, dir),
      env: { ...process.env, ...env, E2E_PART: part },
      stdio: log ? ['ignore', fs.openSync(log, 'w'), fs.openSync(log, 'a')] : 'inherit',
    });
    const done = new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1)));
    return { part, report, log, done };
  });
  const statuses = await Promise.all(runs.map((r) => r.done));
  const counts = [];
  for (const [i, r] of runs.entries()) {
    if (r.log) {
      console.log(`\n━━ ${name}: ${r.part} ━━`);
      process.stdout.write(fs.readFileSync(r.log, 'utf8'));
    }
    counts.push(`${r.part}: ${count(r.report, statuses[i]) || `exit ${statuses[i]}`}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s (${counts.join('; ')})`);
  if (statuses.some((status) => status !== 0)) finish(`stage "${name}" failed`);
}

function finish(reason) {
  console.log('\n━━ summary ━━');
  for (const t of timings) console.log(`  ${t}`);
  if (reason) console.log(`  ${reason}`);
  if (failures.length) console.log(`failed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(totals.failed > 0 || reason ? 1 : 0);
}

run('lint', 'npm', ['run', 'lint']);
run('typecheck', 'npm', ['run', 'typecheck']);
vitest('web unit', 'apps/web');
// Built once here: the API suite mounts the built web app in some tests, and the browser tests serve it.
run('web build', 'npm', ['run', 'build', '--workspace', '@souq/web']);
// The browser tests start the server as `npm start` does: the compiled API (scripts/build-api.mjs).
run('api build', 'npm', ['run', 'build', '--workspace', '@souq/api']);
vitest('api (sqlite)', 'apps/api', { TEST_POSTGRES_URL: '' });
if (process.env.TEST_POSTGRES_URL) vitest('api (postgresql)', 'apps/api', { TEST_DIALECT: 'postgres' });
else console.log('\nPostgreSQL run skipped: TEST_POSTGRES_URL is not set');
run('chromium', 'bash', ['scripts/ensure-chromium.sh']);
// The accessibility scans (half the browser tests' time) beside the others, each with its own server and
// browser: two cores are busier, the stage takes about half as long.
// No screenshots in the whole run (e2e/browser.ts SCREENSHOTS): nobody looks at them there.
await vitestTogether('e2e', 'e2e', ['rest', 'a11y'], { E2E_SKIP_BUILD: '1', E2E_SCREENSHOTS: '0' });
finish();
