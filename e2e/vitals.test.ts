import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrowser } from './browser';
import { startServer, type RunningServer } from './server';

/** The log lines of accepted vitals reports. */
const reports = (server: RunningServer) =>
  server
    .output()
    .split('\n')
    .filter((l) => l.includes('"msg":"web vitals"'))
    .map((l) => JSON.parse(l) as { vitals: { route: string; metrics: Array<{ name: string; value: number; rating: string }> } });

describe('field measurements of real visits (web-vitals → POST /api/vitals)', () => {
  // A server of its own that samples every page view and logs at info level.
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ VITALS_SAMPLE_RATE: '1', LOG_LEVEL: 'info' });
  });
  afterAll(() => server?.stop());

  it('loads the library after the page and reports LCP, CLS and the INP of a click when the page is left', async () => {
    const master = (await (await fetch(`${server.baseUrl}/api/master`)).json()).data;
    expect(master.vitals_sample_rate).toBe(1);
    const context = await (await getBrowser()).newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/products`);
      await page.waitForSelector('html[data-hydrated="1"]', { state: 'attached' });
      // Not part of the first load: requested once the page has loaded and the main thread is idle.
      const loaded = () =>
        page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\/web-vitals-/.test(e.name)));
      await expect.poll(async () => (await loaded()).length).toBe(1);
      const [lib] = await loaded();
      const loadEnd = await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.toJSON().loadEventEnd as number);
      expect((lib as { startTime: number }).startTime).toBeGreaterThanOrEqual(loadEnd);
      await page.click('[data-testid=categories-button]');
      await page.locator('[data-testid=categories-panel]').waitFor();
      // Event timing entries are delivered after the next frame is presented: leave only once the browser
      // has recorded the click, as a real visitor's later departure would.
      await expect.poll(() => page.evaluate(() => performance.getEntriesByType('first-input').length)).toBe(1);
      // The library takes in what its observer received at the next idle moment (at most 1 s later).
      await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done, { timeout: 1000 }))));
      expect(reports(server)).toEqual([]);
      // Leaving hides the page: the library reports its values and the page sends them in one beacon.
      await page.goto('about:blank');
      await expect.poll(() => reports(server).length, { timeout: 10_000 }).toBe(1);
      const { vitals } = reports(server)[0]!;
      expect(vitals.route).toBe('routes/products');
      const byName = Object.fromEntries(vitals.metrics.map((m) => [m.name, m]));
      expect(byName.LCP!.value).toBeGreaterThan(0);
      expect(byName.CLS!.value).toBeGreaterThanOrEqual(0);
      // The click: the first input counts whatever its duration.
      expect(byName.INP!.value).toBeGreaterThanOrEqual(0);
      for (const m of vitals.metrics) expect(['good', 'needs-improvement', 'poor']).toContain(m.rating);
    } finally {
      await context.close();
    }
  });
});
