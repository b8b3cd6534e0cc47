#!/usr/bin/env node
// What a shopper on a mid-range phone feels while a page loads: Chromium with the CPU slowed 4× and a
// slow 4G network (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up), on the home page, the product
// list and a product page, cold cache, at a phone width and a desktop width.
//   node bench/interactive.mjs [--strict] [--runs 3] [--viewport phone|desktop|both] [/other/path ...]
//
// Each run loads the page twice in a fresh browser context:
// 1. left alone until the main thread has been quiet for 1 s after hydration: FCP, LCP, the time from
//    FCP until the page reports itself hydrated (`<html data-hydrated>`, set by the root route's effect),
//    total blocking time (long tasks over 50 ms, counted from FCP until that quiet second) and CLS;
// 2. the header's category menu is clicked (tapped on the phone, where it sits in the menu drawer) the
//    moment the page reports itself hydrated: the interaction's latency from the Event Timing API (the
//    longest `event` entry of the interaction, reported from 16 ms up), and the time until the menu is
//    open on screen.
// Budgets: hydrated ≤ 1.5 s after FCP, INP ≤ 200 ms, TBT ≤ 200 ms, CLS ≤ 0.02 (medians of the runs).
import { parseArgs } from 'node:util';
import { launchChromium } from './lib/browser.mjs';
import { benchPages, benchServer, median, printTable, warmServer } from './lib/pages.mjs';
import { startServer, stopOnSignal } from './lib/server.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    strict: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    viewport: { type: 'string', default: 'both' },
  },
});
const runs = Math.max(1, Number(values.runs));

const BUDGET = { hydrated: 1500, inp: 200, tbt: 200, cls: 0.02 };
const CPU_SLOWDOWN = 4;
// Lighthouse's mobile "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const QUIET_MS = 1000;
const GIVE_UP_MS = 30_000;

const VIEWPORTS = {
  phone: {
    context: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
    // Below 1024 px the categories live in the header's menu drawer.
    control: '[data-testid=menu-button]',
    opened: '[data-testid=side-menu] .drawer-nav',
    tap: true,
  },
  desktop: {
    context: { viewport: { width: 1280, height: 800 } },
    control: '[data-testid=categories-button]',
    opened: '[data-testid=categories-panel]',
    tap: false,
  },
};
const viewports = values.viewport === 'both' ? ['phone', 'desktop'] : [values.viewport];
if (!viewports.every((v) => v in VIEWPORTS)) throw new Error('--viewport is phone, desktop or both');

/** Installed before any script of the page runs: records paints, shifts, long tasks and event timings. */
function observe() {
  const ux = { fcp: null, lcp: null, shifts: [], longTasks: [], events: [], hydratedAt: null, inputAt: null };
  window.__ux = ux;
  const on = (type, fn, extra = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(fn)).observe({ type, buffered: true, ...extra });
    } catch {
      /* not supported */
    }
  };
  on('paint', (e) => {
    if (e.name === 'first-contentful-paint') ux.fcp = e.startTime;
  });
  on('largest-contentful-paint', (e) => (ux.lcp = e.startTime));
  on('layout-shift', (e) => !e.hadRecentInput && ux.shifts.push({ t: e.startTime, v: e.value }));
  on('longtask', (e) => ux.longTasks.push({ start: e.startTime, end: e.startTime + e.duration }));
  on(
    'event',
    (e) =>
      ux.events.push({
        name: e.name,
        id: e.interactionId,
        start: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
      }),
    {
      durationThreshold: 16,
    },
  );
  addEventListener('pointerdown', (e) => (ux.inputAt ??= e.timeStamp), { capture: true, passive: true });
  new MutationObserver(() => {
    if (ux.hydratedAt === null && document.documentElement?.dataset.hydrated) {
      ux.hydratedAt = performance.now();
      window.__benchHydrated?.();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
}

/** The largest burst of layout shifts (session windows: gaps under 1 s, at most 5 s long). */
function cls(shifts) {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - first > 5000) {
      first = s.t;
      sum = 0;
    }
    sum += s.v;
    last = s.t;
    best = Math.max(best, sum);
  }
  return best;
}

/** Lighthouse's definition: each long task's part after FCP (and before the end), less 50 ms. */
function tbt(tasks, from, to) {
  let total = 0;
  for (const t of tasks) {
    const d = Math.min(t.end, to) - Math.max(t.start, from);
    if (d > 50) total += d - 50;
  }
  return total;
}

async function throttledPage(browser, viewport) {
  const context = await browser.newContext(VIEWPORTS[viewport].context);
  await context.addInitScript(observe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Load 1: the page left alone until it is hydrated and the main thread has been quiet for a second. */
async function loadAlone(browser, viewport, url) {
  const { context, page } = await throttledPage(browser, viewport);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__ux.hydratedAt !== null, null, { timeout: GIVE_UP_MS, polling: 100 });
    const ux = await page.waitForFunction(
      (quiet) => {
        const u = window.__ux;
        const lastTask = u.longTasks.reduce((m, t) => Math.max(m, t.end), 0);
        return performance.now() - Math.max(u.hydratedAt, lastTask) >= quiet ? u : null;
      },
      QUIET_MS,
      { timeout: GIVE_UP_MS, polling: 100 },
    );
    const u = await ux.jsonValue();
    const end = Math.max(u.hydratedAt, ...u.longTasks.map((t) => t.end));
    return {
      fcp: u.fcp,
      lcp: u.lcp,
      hydrated: u.hydratedAt - u.fcp,
      tbt: tbt(u.longTasks, u.fcp, end),
      cls: cls(u.shifts),
    };
  } finally {
    await context.close();
  }
}

/** Load 2: the category menu clicked (tapped) the moment the page reports itself hydrated. */
async function loadAndClick(browser, viewport, url) {
  const { control, opened, tap } = VIEWPORTS[viewport];
  const { context, page } = await throttledPage(browser, viewport);
  try {
    let hydrated;
    const hydratedNow = new Promise((resolve) => (hydrated = resolve));
    await page.exposeFunction('__benchHydrated', () => hydrated());
    await page.goto(url, { waitUntil: 'commit' });
    // The control is in the served HTML: its place is known before the scripts run, once the page is
    // painted with its stylesheet (read as soon as the HTML arrived, the box was the unstyled page's, and a
    // tap there missed the phone's menu button).
    await page.waitForFunction(() => window.__ux.fcp !== null, null, { timeout: GIVE_UP_MS, polling: 50 });
    const box = await page.locator(control).boundingBox({ timeout: GIVE_UP_MS });
    await Promise.race([hydratedNow, page.waitForFunction(() => window.__ux.hydratedAt !== null, null, { timeout: GIVE_UP_MS })]);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (tap) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    let openMs = null;
    try {
      openMs = await page.evaluate(
        async ({ selector, timeout }) => {
          const started = performance.now();
          const visible = () => {
            const el = document.querySelector(selector);
            return el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
          };
          while (!visible()) {
            if (performance.now() - started > timeout) throw new Error('not opened');
            await new Promise((r) => requestAnimationFrame(r));
          }
          return performance.now() - window.__ux.inputAt;
        },
        { selector: opened, timeout: 10_000 },
      );
    } catch {
      openMs = null;
    }
    // Event Timing entries arrive after the next paint.
    await page.waitForTimeout(500);
    const events = await page.evaluate(() => window.__ux.events);
    const ids = [...new Set(events.filter((e) => e.id > 0).map((e) => e.id))];
    const first = ids[0];
    const mine = events.filter((e) => e.id === first).sort((a, b) => b.duration - a.duration);
    const longest = mine[0];
    const inp = longest ? longest.duration : 0;
    // Where the interaction's time went: waiting for the main thread, handlers, then until the next paint.
    const parts = longest
      ? {
          delay: longest.processingStart - longest.start,
          processing: longest.processingEnd - longest.processingStart,
          presentation: longest.start + longest.duration - longest.processingEnd,
        }
      : { delay: 0, processing: 0, presentation: 0 };
    return { inp, ...parts, openMs, lost: openMs === null };
  } finally {
    await context.close();
  }
}

const server = await startServer(benchServer);
stopOnSignal(server);
let failed = false;
const browser = await launchChromium();
try {
  const { base } = server;
  const pages = await benchPages(base, positionals);
  await warmServer(base, pages);
  const rows = [];
  for (const viewport of viewports) {
    for (const p of pages) {
      const alone = [];
      const clicks = [];
      for (let i = 0; i < runs; i++) {
        alone.push(await loadAlone(browser, viewport, base + p));
        clicks.push(await loadAndClick(browser, viewport, base + p));
      }
      const m = (list, key) => median(list.map((s) => s[key]));
      const opened = clicks.filter((c) => !c.lost);
      const row = {
        viewport,
        page: p,
        fcp: m(alone, 'fcp'),
        lcp: m(alone, 'lcp'),
        hydrated: m(alone, 'hydrated'),
        tbt: m(alone, 'tbt'),
        cls: m(alone, 'cls'),
        inp: m(clicks, 'inp'),
        inpParts: ['delay', 'processing', 'presentation'].map((k) => Math.round(m(clicks, k))).join('/'),
        open: opened.length ? m(opened, 'openMs') : null,
        lost: clicks.length - opened.length,
      };
      row.pass =
        row.hydrated <= BUDGET.hydrated &&
        row.inp <= BUDGET.inp &&
        row.tbt <= BUDGET.tbt &&
        row.cls <= BUDGET.cls &&
        row.lost === 0;
      rows.push(row);
      console.log(`  ${viewport} ${p}: ${JSON.stringify(alone.map((a) => Math.round(a.hydrated)))} hydrated after FCP`);
    }
  }
  console.log(
    `\n${CPU_SLOWDOWN}× CPU, slow 4G (${NETWORK.latency} ms, 1.6 Mbit/s down, 750 kbit/s up), cold cache${
      runs > 1 ? `, median of ${runs} runs` : ''
    }\nbudgets: hydrated ≤ ${BUDGET.hydrated} ms after FCP, INP ≤ ${BUDGET.inp} ms, TBT ≤ ${BUDGET.tbt} ms, CLS ≤ ${BUDGET.cls}`,
  );
  printTable(
    [
      'viewport',
      'page',
      'FCP ms',
      'LCP ms',
      'hydrated +ms',
      'TBT ms',
      'CLS',
      'INP ms',
      'delay/handlers/paint',
      'menu open ms',
      'lost',
      'result',
    ],
    rows.map((r) => [
      r.viewport,
      r.page,
      Math.round(r.fcp),
      Math.round(r.lcp),
      Math.round(r.hydrated),
      Math.round(r.tbt),
      r.cls.toFixed(3),
      r.inp === 0 ? '< 16' : Math.round(r.inp),
      r.inp === 0 ? '-' : r.inpParts,
      r.open === null ? '-' : Math.round(r.open),
      r.lost,
      r.pass ? 'PASS' : 'FAIL',
    ]),
  );
  console.log('INP "< 16": no event of the interaction lasted 16 ms (the Event Timing threshold).');
  console.log("delay/handlers/paint: medians of the longest event's input delay, processing and time to the next paint.");
  failed = rows.some((r) => !r.pass);
} finally {
  await browser.close();
  await server.stop();
}
console.log(failed ? '\nSome budgets were missed.' : '\nAll budgets met.');
process.exit(failed && values.strict ? 1 : 0);
