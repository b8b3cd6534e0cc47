import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newPage, type TestPage } from './browser';

/**
 * The Content-Security-Policy (decision 016): the policy each answer carries, a cached page's own nonce,
 * no violation on the pages outside the accessibility gate's walk (which fails on any violation on every
 * screen of apps/web/app/routes.ts, signed out and signed in), and a script injected into a page without
 * the render's nonce does not run.
 */

/** A page that records every CSP violation the document reports (and console errors, as newPage does). */
async function watchedPage(): Promise<TestPage & { violations: () => Promise<string[]> }> {
  const page = await newPage();
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return Object.assign(page, {
    violations: () => page.evaluate(() => [...(window as unknown as { __csp: string[] }).__csp]),
  });
}

const expectedHttpErrors = (errors: string[]) => errors.filter((e) => !/status of (401|404)/.test(e));

describe('Content-Security-Policy', () => {
  let pages: TestPage[] = [];
  afterAll(async () => {
    for (const p of pages) await p.context().close();
    pages = [];
  });

  it('sends a nonce policy with every page and an empty one with every API answer', async () => {
    const page = await fetch(`${baseUrl()}/products/5/details`);
    const policy = page.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(d);
    const html = await page.text();
    // Every script in the page carries this render's nonce (JSON-LD data blocks do not run).
    const scripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    // Another page, another nonce (and another answer of the same page too: below).
    const again = await fetch(`${baseUrl()}/shops`);
    expect(again.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);

    const api = await fetch(`${baseUrl()}/api/master`);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('gives each answer of a cached guest page its own nonce, in the header and in every script, and the page still hydrates', async () => {
    // Three requests for / within the page cache's lifetime (5 s): the last two at least are cached copies.
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${baseUrl()}/`);
      const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      answers.push({
        cache: res.headers.get('x-cache'),
        encoding: res.headers.get('content-encoding'),
        nonce,
        html: await res.text(),
      });
    }
    expect(answers.slice(1).map((a) => a.cache)).toEqual(['hit', 'hit']);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(3);
    for (const { nonce, html } of answers) {
      expect(nonce).toBeTruthy();
      const scripts = [...html.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
      expect(new Set([...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
    }

    // In the browser (which takes the spliced gzip answer): a cached copy's scripts run under its policy.
    const page = await watchedPage();
    pages.push(page);
    // The entry made just before is still fresh when the browser asks (on a machine so slow that it is
    // not, the next try makes it again).
    let again = null;
    for (let attempt = 0; attempt < 3 && again?.headers()['x-cache'] !== 'hit'; attempt++) {
      await (await fetch(`${baseUrl()}/`)).arrayBuffer();
      again = await page.goto(`${baseUrl()}/`);
    }
    expect(again!.headers()['x-cache']).toBe('hit');
    expect(again!.headers()['content-encoding']).toBe('gzip');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.violations()).toEqual([]);
    expect(expectedHttpErrors(page.errors.splice(0))).toEqual([]);
  });

  // Every screen of routes.ts, signed out and signed in, is walked by the accessibility gate's screen scans
  // (a11y.test.ts), which fail on any violation; here the pages outside its walk.
  it('reports no violation on the not-found page and on a search for markup, which runs nothing', async () => {
    const page = await watchedPage();
    pages.push(page);
    const problems: string[] = [];
    for (const path of ['/no-such-page', '/products?search=%3Cscript%3Ewindow.__injected%3D1%3C%2Fscript%3E']) {
      await page.goto(`${baseUrl()}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      for (const v of await page.violations()) problems.push(`${path}: ${v}`);
      for (const e of expectedHttpErrors(page.errors.splice(0))) problems.push(`${path}: ${e}`);
      expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    }
    expect(problems).toEqual([]);
  });

  it('loads the sign-in dialogs (their own chunk) under the policy', async () => {
    const page = await watchedPage();
    pages.push(page);
    await page.goto(`${baseUrl()}/wishlist`);
    await hydrated(page);
    await page.locator('[data-testid=login-dialog]').waitFor();
    expect(await page.violations()).toEqual([]);
  });

  it('does not run a script injected without the nonce', async () => {
    const page = await watchedPage();
    pages.push(page);
    // As if the server had reflected markup into the page: an inline script in the served HTML, with the
    // page's real policy header.
    await page.route(`${baseUrl()}/products`, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace('<body>', '<body><script>window.__injected = 1</script>');
      await route.fulfill({ response: res, body: html });
    });
    await page.goto(`${baseUrl()}/products`);
    await hydrated(page);
    // Markup added later: an inline event handler.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src="/favicon-32.png" onload="window.__injected = 2">');
    });
    await expect.poll(() => page.violations()).toContain('script-src-elem inline');
    await expect.poll(() => page.violations()).toContain('script-src-attr inline');
    expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    page.errors = page.errors.filter((e) => !/Content Security Policy/.test(e));
    expect(page.errors).toEqual([]);
  });
});
