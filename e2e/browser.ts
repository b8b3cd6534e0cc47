import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
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

/**
 * Pictures for people to look at, in e2e/screenshots/ (ignored by git, never compared). `npm test` runs with
 * E2E_SCREENSHOTS=0 and takes none: nobody looks at a whole run's pictures, and their encoding and the lazy
 * images loaded for them were minutes of the browser stage on two cores. A test file run alone takes them.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/**
 * A picture of the page (`fullPage`: all of it, else the viewport) or of one part of it (a locator), named
 * `name`.png; `closeToasts` first closes the toasts of the steps before, which would cover the screen.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false, closeToasts = false }: { fullPage?: boolean; closeToasts?: boolean } = {},
) {
  if (!SCREENSHOTS) return;
  const dir = path.join(import.meta.dirname, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ('goto' in target) {
    if (closeToasts)
      await target.evaluate(() => document.querySelectorAll<HTMLButtonElement>('.toast__close').forEach((b) => b.click()));
    await target.screenshot({ path: file, fullPage });
  } else await target.screenshot({ path: file });
}

/** Another file for people to look at (a printed PDF), beside the pictures and under the same rule. */
export function keepFile(name: string, content: Buffer) {
  if (!SCREENSHOTS) return;
  const dir = path.join(import.meta.dirname, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), content);
}

/** The test's last look at a page: a full-page picture, no console errors, its context closed. */
export async function finish(page: TestPage, name: string) {
  if (SCREENSHOTS) await fullyPainted(page);
  await screenshot(page, name, { fullPage: true });
  expect(page.errors, 'console errors').toEqual([]);
  await page.context().close();
}

async function fullyPainted(page: Page) {
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
}
