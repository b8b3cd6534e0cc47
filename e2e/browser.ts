import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';
import { chromiumFlags, chromiumPath } from './chromium.mjs';

export const baseUrl = () => inject('baseUrl');
let browser: Browser | undefined;

export async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  return browser;
}

afterAll(async () => {
  await browser?.close();
  browser = undefined;
});

export interface TestPage extends Page {
  errors: string[];
}

/** A page in a fresh context, recording console errors and page errors. */
export async function newPage({
  locale = 'ar',
  width = 1280,
  height = 900,
}: { locale?: 'ar' | 'en'; width?: number; height?: number } = {}) {
  const context = await (await getBrowser()).newContext({ viewport: { width, height } });
  if (locale === 'en') await context.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  const page = (await context.newPage()) as TestPage;
  page.errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 404/.test(m.text()))
      // With where it was logged (the script's URL), so that a failure names its source.
      page.errors.push(m.location().url ? `${m.text()} (at ${m.location().url})` : m.text());
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/**
 * Waits until the page reports itself hydrated: the root route's effect marks <html data-hydrated> once
 * React has committed the whole served page (decision 012). No fixed wait: the page says when.
 */
export async function hydrated(page: Page) {
  await page.waitForSelector('html[data-hydrated="1"]', { state: 'attached' });
}

export async function finish(page: TestPage, name: string) {
  const dir = path.join(import.meta.dirname, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  // Sections below the fold have `content-visibility: auto` (painted as they scroll into view): a
  // full-page capture does not scroll, so they are made visible first, as a reader scrolling sees them.
  await page.addStyleTag({ content: '*{content-visibility:visible !important}' });
  // Likewise lazy images load as they come near the viewport: load them all, as a reader scrolling down would.
  await page.evaluate(async () => {
    const lazy = [...document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')];
    for (const img of lazy) img.loading = 'eager';
    const settled = (img: HTMLImageElement) =>
      img.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            img.addEventListener('load', () => resolve());
            img.addEventListener('error', () => resolve());
          });
    await Promise.race([Promise.all(lazy.map(settled)), new Promise((r) => setTimeout(r, 5000))]);
  });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  expect(page.errors, 'console errors').toEqual([]);
  await page.context().close();
}
