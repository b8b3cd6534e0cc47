/**
 * Accessibility gate (issue 21): WCAG 2.2 AA on every screen of the route configuration and every dialog
 * and drawer listed in a11y-screens.ts, in Arabic at 390 px and English at 1280 px, signed out and signed
 * in, and the keyboard's walk through the main screens. The screen walks also fail on any
 * Content-Security-Policy violation (decision 016). One browser; one context per locale, width and sign-in
 * state, shared by the screen scans and the dialogs (its cache stays warm); many screens per page.
 * Reflow at 320 and 640 px and the live announcements are in a11y-reflow.test.ts (the other browser-test run
 * of `npm test`: this file alone is the longest of the suite).
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkOverlay, type Finding, report, scan, scanCount } from './a11y-check';
import { OVERLAYS } from './a11y-screens';
import { screenshot } from './browser';
import {
  context,
  LOCALES,
  type Locale,
  open,
  pageIn,
  screens,
  settled,
  sharedContext,
  useA11yCustomer,
  WIDTHS,
} from './a11y-support';

useA11yCustomer();

/** A picture of one part of the page for people to look at, in e2e/screenshots/ (not compared). */
async function shoot(page: Page, name: string, selector: string) {
  await screenshot(page.locator(selector), name);
}

/**
 * Each screen in two language-and-width pairs, signed out and signed in: Arabic at the phone's width,
 * English at the desktop's (as the dialogs below). Every screen is then seen right to left and left to
 * right, in the phone's layout and the desktop's; the other two pairs repeated that markup (decision 017).
 * English at a phone's width is reflowed on every screen by a11y-reflow.test.ts.
 */
const combos = (
  [
    [LOCALES[0], WIDTHS[0]!],
    [LOCALES[1], WIDTHS[WIDTHS.length - 1]!],
  ] as const
).flatMap(([locale, width]) => (['guest', 'user'] as const).map((auth) => ({ locale, width, auth })));

/**
 * Announcements: every screen has a title of its own, in the page's language (Arabic pages name themselves
 * in Arabic script, English ones in Latin letters), and the document says which language it is in.
 * `seen` maps the titles of the screens checked so far to their paths.
 */
async function titleProblems(page: Page, locale: Locale, path: string, seen: Map<string, string>) {
  const out: string[] = [];
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== locale) out.push(`${path}: <html lang="${lang}">`);
  const title = await page.title();
  const own = title.split(' | ')[0]!;
  if (!(locale === 'ar' ? /[\u0600-\u06ff]/ : /^[^\u0600-\u06ff]*[a-z][^\u0600-\u06ff]*$/i).test(own))
    out.push(`${path}: title "${title}" is not in ${locale}`);
  if (seen.has(title)) out.push(`${path}: title "${title}" is also the title of ${seen.get(title)}`);
  seen.set(title, path);
  return out;
}

/** The main content of each screen as a guest saw it, by locale, width and path. */
const guestMain = new Map<string, string>();
const mainOf = (page: Page) => page.locator('#main').evaluate((el) => el.innerHTML);

describe('every screen of routes.ts passes axe (WCAG 2.2 A and AA), with a title of its own', () => {
  for (const { locale, width, auth } of combos)
    it(`${locale} at ${width} px, ${auth === 'user' ? 'signed in' : 'signed out'}`, { timeout: 600_000 }, async () => {
      const { page, errors, violations } = await pageIn(await sharedContext(locale, width, auth));
      const findings: Finding[] = [];
      const policy: string[] = [];
      const titles: string[] = [];
      const seenTitles = new Map<string, string>();
      let views = 0;
      let headerOnly = 0;
      try {
        for (const s of screens) {
          const t0 = Date.now();
          await open(page, s.path);
          const t1 = Date.now();
          // A screen that sends this visitor elsewhere (an account page for a guest) is not scanned twice:
          // where it lands is a screen of its own.
          if (new URL(page.url()).pathname !== s.path) continue;
          titles.push(...(await titleProblems(page, locale, s.path, seenTitles)));
          // The site's footer is the same on every screen: scanned in full on the first, left out after.
          // Signed in, a screen whose main content is what the guest had (same markup) gets its header
          // scanned (the account menu in place of the login button); the rest was scanned as it is.
          const key = `${locale} ${width} ${s.path}`;
          const main = await mainOf(page);
          if (auth === 'guest') guestMain.set(key, main);
          if (views === 0) await shoot(page, `a11y-header-${locale}-${width}-${auth}`, '.site-header');
          const part = views === 0 ? 'page' : auth === 'user' && guestMain.get(key) === main ? 'header' : 'no-footer';
          findings.push(...(await scan(page, `${s.path} [${locale} ${width} ${auth}]`, part)));
          if (part === 'header') headerOnly++;
          // Its lazy chunks and idle loads ran while axe did: none broke the Content-Security-Policy.
          policy.push(...(await violations()).map((v) => `${s.path}: ${v}`));
          if (process.env.A11Y_TIMING) console.log(s.path, t1 - t0, Date.now() - t1);
          views++;
        }
      } finally {
        await page.close();
      }
      console.log(`axe: ${views} screen views (${locale}, ${width} px, ${auth}; ${headerOnly} with the guest's main content)`);
      expect(report(findings)).toEqual([]);
      expect(titles, 'titles').toEqual([]);
      expect(policy, 'Content-Security-Policy violations').toEqual([]);
      expect(errors).toEqual([]);
      expect(views).toBeGreaterThan(auth === 'user' ? 30 : 20);
    });
});

describe('every dialog and drawer of OVERLAYS passes axe and works by keyboard', () => {
  // Each overlay twice: in Arabic at the narrowest width it exists at, in English at the widest (one
  // width only: both there). Every overlay is then seen right to left and left to right, on a phone and
  // on a desktop, at half the cost of every pair: its markup and focus handling do not depend on the pair
  // (a layout that does is an overlay of its own, as the phone drawers are).
  const cases = OVERLAYS.flatMap((o) => {
    const narrow = Math.min(...o.widths) as (typeof WIDTHS)[number];
    const wide = Math.max(...o.widths) as (typeof WIDTHS)[number];
    return [
      { locale: LOCALES[0], width: narrow, o },
      { locale: LOCALES[1], width: wide, o },
    ];
  }).sort((a, b) => a.locale.localeCompare(b.locale) || a.width - b.width);
  for (const { locale, width, o } of cases)
    it(`${o.name}: ${locale} at ${width} px`, async () => {
      const { page, errors } = await pageIn(await sharedContext(locale, width, o.auth));
      try {
        await open(page, o.path);
        const opener = await o.open(page, width);
        await checkOverlay(page, { name: `${o.name} [${locale} ${width}]`, container: o.container, opener, modal: o.modal });
      } finally {
        await page.close();
      }
      expect(errors).toEqual([]);
    });
});

afterAll(() => console.log(`axe: ${scanCount()} views scanned in all`));

/** The screens the keyboard walk covers: home, the product list and a product page. */
const walkPaths = () => ['/', '/products', screens.find((s) => s.pattern === 'products/:id/details')!.path];

/**
 * Tabs through the whole page once. At every stop: the control looks different focused than not (its own
 * outline, shadow, border, background, colour or underline, or its parent's for fields styled by
 * :focus-within), an outline is not clipped by a scrolling or clipping ancestor, and no fixed or sticky
 * element (the floating cart tab) covers it (WCAG 2.4.7, 2.4.11).
 */
async function walkTabStops(page: Page) {
  await page.evaluate(() => {
    const look = (el: Element | null) => {
      if (!el) return '';
      const s = getComputedStyle(el);
      return [
        s.outlineStyle === 'none' ? 'none' : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`,
        s.boxShadow,
        s.borderColor,
        s.backgroundColor,
        s.color,
        s.textDecorationLine,
      ].join('|');
    };
    const before = new Map<Element, string>();
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]'))
      before.set(el, `${look(el)}#${look(el.parentElement)}`);
    (window as unknown as { __a11y: unknown }).__a11y = { before, look };
  });
  const problems: string[] = [];
  let stops = 0;
  for (let i = 0; i < 600; i++) {
    await page.keyboard.press('Tab');
    const r = await page.evaluate(() => {
      const { before, look } = (
        window as unknown as { __a11y: { before: Map<Element, string>; look(el: Element | null): string } }
      ).__a11y;
      const el = document.activeElement;
      if (!el || el === document.body) return { done: true };
      const seen = (window as unknown as { __seen?: Set<Element> }).__seen ?? new Set<Element>();
      (window as unknown as { __seen: Set<Element> }).__seen = seen;
      if (seen.has(el)) return { done: true };
      seen.add(el);
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
      const issues: string[] = [];
      const now = `${look(el)}#${look(el.parentElement)}`;
      if (before.has(el) && before.get(el) === now) issues.push('no visible focus change');
      // What shows the focus: the control, or its parent when only the parent changed (:focus-within).
      const owner = look(el) === (before.get(el) ?? '').split('#')[0] && el.parentElement ? el.parentElement : el;
      const rect = owner.getBoundingClientRect();
      const s = getComputedStyle(owner);
      // How far an outline reaches outside the box (a negative offset draws it inside).
      const ring = s.outlineStyle !== 'none' ? Math.max(0, parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset)) : 0;
      const need = { left: rect.left - ring, right: rect.right + ring, top: rect.top - ring, bottom: rect.bottom + ring };
      for (let a = owner.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        const as = getComputedStyle(a);
        if (as.overflowX === 'visible' && as.overflowY === 'visible') continue;
        const ar = a.getBoundingClientRect();
        if (
          need.left < ar.left - 0.5 ||
          need.right > ar.right + 0.5 ||
          need.top < ar.top - 0.5 ||
          need.bottom > ar.bottom + 0.5
        ) {
          issues.push(`focus ring clipped by ${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`);
          break;
        }
      }
      // The part of the control that can be seen: its box within every box that clips it.
      const shown = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      for (let a = owner.parentElement; a && a !== document.body; a = a.parentElement) {
        const as = getComputedStyle(a);
        if (as.overflowX === 'visible' && as.overflowY === 'visible') continue;
        const ar = a.getBoundingClientRect();
        shown.left = Math.max(shown.left, ar.left);
        shown.right = Math.min(shown.right, ar.right);
        shown.top = Math.max(shown.top, ar.top);
        shown.bottom = Math.min(shown.bottom, ar.bottom);
      }
      for (const c of document.querySelectorAll('body *')) {
        const cs = getComputedStyle(c);
        if ((cs.position !== 'fixed' && cs.position !== 'sticky') || c.contains(el) || el.contains(c)) continue;
        if (cs.display === 'none' || cs.visibility === 'hidden') continue;
        const cr = c.getBoundingClientRect();
        const w = Math.min(cr.right, shown.right) - Math.max(cr.left, shown.left);
        const h = Math.min(cr.bottom, shown.bottom) - Math.max(cr.top, shown.top);
        if (w > 0.5 && h > 0.5) issues.push(`covered by ${c.tagName.toLowerCase()}.${[...c.classList].join('.')}`);
      }
      return { done: false, name, issues };
    });
    if (r.done) break;
    stops++;
    for (const issue of r.issues ?? []) problems.push(`${r.name}: ${issue}`);
  }
  return { stops, problems };
}

describe('keyboard', () => {
  it('the skip link is the first stop and moves focus into the main content', async () => {
    for (const locale of LOCALES) {
      const ctx = await context(locale, 1280, 'guest');
      try {
        const { page } = await pageIn(ctx);
        await open(page, '/products');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
        expect(await page.locator('.skip-link').evaluate((el) => el.getBoundingClientRect().width > 1)).toBe(true);
        await page.keyboard.press('Enter');
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('#main'))).toBe(true);
      } finally {
        await ctx.close();
      }
    }
  });

  for (const { locale, width } of [
    { locale: 'ar', width: 1280 },
    { locale: 'en', width: 1024 },
  ] as const)
    it(
      `every Tab stop on home, products and a product page shows focus, uncovered (${locale}, ${width} px)`,
      {
        timeout: 300_000,
      },
      async () => {
        const ctx = await context(locale, width, 'guest', { height: 800 });
        try {
          const { page } = await pageIn(ctx);
          const problems: string[] = [];
          for (const path of walkPaths()) {
            await open(page, path);
            const walk = await walkTabStops(page);
            expect(walk.stops, path).toBeGreaterThan(20);
            problems.push(...walk.problems.map((p) => `${path}: ${p}`));
          }
          expect(problems).toEqual([]);
        } finally {
          await ctx.close();
        }
      },
    );

  it('the home banner rotates every 5 s until its pause button is pressed, and starts again with it (WCAG 2.2.2)', async () => {
    const ctx = await context('ar', 1280, 'guest');
    try {
      const { page, errors } = await pageIn(ctx);
      await page.clock.install();
      await open(page, '/');
      const current = () => page.locator('.carousel__dot[aria-current=true]').getAttribute('aria-label');
      const first = await current();
      await page.clock.runFor(5_500);
      await expect.poll(current).not.toBe(first);
      const pause = page.locator('[data-testid=carousel-pause]');
      expect(await pause.getAttribute('aria-label')).toBe('إيقاف الشرائح مؤقتًا');
      await pause.focus();
      await page.keyboard.press('Enter');
      // Focus leaves the banner (focus alone pauses it too): the button's own choice holds.
      await page.locator('[data-testid=header-search]').focus();
      const stopped = await current();
      await page.clock.runFor(16_000);
      expect(await current()).toBe(stopped);
      expect(await pause.getAttribute('aria-label')).toBe('تشغيل الشرائح');
      await pause.click();
      await page.mouse.move(0, 0);
      await page.clock.runFor(5_500);
      await expect.poll(current).not.toBe(stopped);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('the language and currency menus work with arrow keys, Enter and Escape', async () => {
    const ctx = await context('en', 1280, 'guest');
    try {
      const { page, errors } = await pageIn(ctx);
      await open(page, '/products');
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
      for (const picker of ['currency-picker', 'language-picker']) {
        const trigger = page.locator(`[data-testid=${picker}]`);
        await trigger.focus();
        await page.keyboard.press('Enter');
        // The button names its list while the list is there (aria-controls only when open).
        await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
        const menu = page.locator(`#${await trigger.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
        await menu.waitFor();
        const first = await focused();
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-checked'))).toBe('true');
        await page.keyboard.press('ArrowDown');
        const second = await focused();
        expect(second).not.toBe(first);
        await page.keyboard.press('ArrowUp');
        expect(await focused()).toBe(first);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
        expect(await focused()).toBe(picker);
        // ArrowDown on the button opens it too; Enter on another choice picks it.
        await page.keyboard.press('ArrowDown');
        await menu.waitFor();
        await page.keyboard.press('ArrowDown');
        const chosen = (await focused())!;
        if (picker === 'currency-picker') {
          await page.keyboard.press('Enter');
          await menu.waitFor({ state: 'detached' });
          expect(await focused()).toBe(picker);
          expect(await trigger.textContent()).toContain(chosen.replace('currency-option-', ''));
        } else {
          await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
          await settled(page);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(chosen.replace('language-option-', ''));
        }
      }
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
