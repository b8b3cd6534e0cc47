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
 * Runs at the same time, counted as one stage (`runs`: a label, a command, its folder, its environment and,
 * for a vitest run, its JSON report). The first prints as it goes; the others' output is kept and printed
 * when all are done.
 */
async function together(name, runs) {
  const started = Date.now();
  console.log(`\n━━ ${name} (${runs.length} runs at once: ${runs.map((r) => r.label).join(', ')}) ━━`);
  const children = runs.map((r, i) => {
    const log = i === 0 ? null : path.join(tmp, `${r.label.replace(/\W+/g, '-')}.log`);
    const child = spawn(r.cmd, r.args, {
      cwd: r.cwd ?? root,
      env: { ...process.env, ...r.env },
      stdio: log ? ['ignore', fs.openSync(log, 'w'), fs.openSync(log, 'a')] : 'inherit',
    });
    return { ...r, log, done: new Promise((resolve) => child.on('close', (status) => resolve(status ?? 1))) };
  });
  const statuses = await Promise.all(children.map((r) => r.done));
  const counts = [];
  for (const [i, r] of children.entries()) {
    if (r.log) {
      console.log(`\n━━ ${name}: ${r.label} ━━`);
      process.stdout.write(fs.readFileSync(r.log, 'utf8'));
    }
    let counted = 'ok';
    if (r.report) counted = count(r.report, statuses[i]);
    else if (statuses[i] !== 0) {
      totals.failed += 1; // a command without a report that failed counts one failure
      counted = '';
    }
    counts.push(`${r.label}: ${counted || `exit ${statuses[i]}`}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s (${counts.join('; ')})`);
  if (statuses.some((status) => status !== 0)) finish(`stage "${name}" failed`);
}

/** A vitest run of `dir` for together(), its JSON report named after `label`. */
function vitestRun(label, dir, env = {}) {
  const report = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  return { label, cmd: 'npx', args: vitestArgs(report), cwd: path.join(root, dir), env, report };
}

function finish(reason) {
  console.log('\n━━ summary ━━');
  for (const t of timings) console.log(`  ${t}`);
  if (reason) console.log(`  ${reason}`);
  if (failures.length) console.log(`failed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  process.exit(totals.failed > 0 || reason ? 1 : 0);
}

// Lint and the type check are one process each: on two cores they run side by side.
await together('lint and typecheck', [
  { label: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  { label: 'typecheck', cmd: 'npm', args: ['run', 'typecheck'] },
]);
vitest('web unit', 'apps/web');
// Built once here: the API suite mounts the built web app in some tests, and the browser tests serve it.
run('web build', 'npm', ['run', 'build', '--workspace', '@souq/web']);
// The browser tests start the server as `npm start` does: the compiled API (scripts/build-api.mjs).
run('api build', 'npm', ['run', 'build', '--workspace', '@souq/api']);
// One database after the other: at once (tried) the two runs took longer than in turn, both bound by the
// two cores, and the timing-shaped tests felt it.
vitest('api (sqlite)', 'apps/api', { TEST_POSTGRES_URL: '' });
if (process.env.TEST_POSTGRES_URL) vitest('api (postgresql)', 'apps/api', { TEST_DIALECT: 'postgres' });
else console.log('\nPostgreSQL run skipped: TEST_POSTGRES_URL is not set');
run('chromium', 'bash', ['scripts/ensure-chromium.sh']);
// The accessibility scans (half the browser tests' time) beside the others, each with its own server and
// browser (E2E_PART, see e2e/vitest.config.ts): two cores are busier, the stage takes about half as long.
// No screenshots in the whole run (e2e/browser.ts SCREENSHOTS): nobody looks at them there.
await together(
  'e2e',
  ['rest', 'a11y'].map((part) => vitestRun(part, 'e2e', { E2E_SKIP_BUILD: '1', E2E_SCREENSHOTS: '0', E2E_PART: part })),
);
finish();
