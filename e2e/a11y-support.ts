/**
 * What the accessibility tests share (a11y.test.ts, the gate's scans and keyboard walks; a11y-reflow.test.ts,
 * reflow and announcements): a customer of their own with an address, the seller of shop 2 and the demo
 * operator signed in beside them, the screens of the route configuration, and browser contexts per locale, width and
 * sign-in state. A test file calls `useA11yCustomer()` once at its top.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { screenPaths, type Customer, type Width } from './a11y-screens';
import { baseUrl, getBrowser, hydrated } from './browser';

export const LOCALES = ['ar', 'en'] as const;
export const WIDTHS: readonly Width[] = [390, 1280];
export type Locale = (typeof LOCALES)[number];
export type Auth = 'guest' | 'user';

/** The file's customer, the seller session kept beside it, and the screens to visit (set by useA11yCustomer). */
export let who: Customer;
let sellerSession: string;
let operatorSession: string;
export let screens: { pattern: string; path: string }[];

export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * Registers the file's customer (with a default address), signs the seller of shop 2 in and lists the
 * screens, before the file's tests; closes the shared contexts after them.
 */
export function useA11yCustomer() {
  beforeAll(async () => {
    const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const { user, access } = await api<{ user: unknown; access: { token: string } }>('POST', '/registration', {
      name: 'Salma Al Hinai',
      phone,
      email: `a11y${phone}@example.com`,
      password: 'tidy-secret-41',
      country: 'Oman',
      phone_code: '+968',
    });
    const { address } = await api<{ address: { id: number } }>(
      'POST',
      '/address/store',
      { name: 'Salma Al Hinai', phone, address_type: 'home', address_line: 'Way 3021, Building 12', is_default: true },
      access.token,
    );
    who = { token: access.token, user, addressId: address.id };
    // Signed in, the seller of shop 2 is signed in too (its session is kept apart from the customer's): the
    // seller area's screens are scanned as its seller sees them, not only its sign-in page.
    const seller = await api<{ access: { token: string }; user: unknown; shop: unknown }>('POST', '/seller/login', {
      email: 'seller2@souq.om',
      password: 'password',
    });
    sellerSession = JSON.stringify({ token: seller.access.token, seller: seller.user, shop: seller.shop });
    // And the demo operator (the local environment's), so that the console's screens are scanned signed in.
    const operator = await api<{ access: { token: string }; user: unknown }>('POST', '/admin/login', {
      email: 'admin@souq.om',
      password: 'password',
    });
    operatorSession = JSON.stringify({ token: operator.access.token, operator: operator.user });
    screens = await screenPaths(baseUrl(), who);
  });
  afterAll(async () => {
    for (const ctx of sharedContexts.values()) await (await ctx).close();
    sharedContexts.clear();
  });
}

/**
 * A context in a locale at a width (844 px high at 390, else 900 unless `height`), signed in as the file's
 * customer (and its seller and the demo operator) when `auth` is 'user'.
 */
export async function context(
  locale: Locale,
  width: number,
  auth: Auth,
  options: { height?: number; deviceScaleFactor?: number } = {},
) {
  const ctx = await (
    await getBrowser()
  ).newContext({
    viewport: { width, height: options.height ?? (width === 390 ? 844 : 900) },
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
    reducedMotion: 'no-preference',
  });
  if (locale === 'en') await ctx.addCookies([{ name: 'locale', value: 'en', url: baseUrl() }]);
  // Every Content-Security-Policy violation a document reports, read by `violations()` of pageIn: the
  // screen scans walk every route, signed out and signed in, and fail on any (decision 016).
  await ctx.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  if (auth === 'user') {
    await ctx.addInitScript(
      (value: string) => {
        if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
      },
      JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 }),
    );
    await ctx.addInitScript((value: string) => {
      if (!localStorage.getItem('seller_auth')) localStorage.setItem('seller_auth', value);
    }, sellerSession);
    await ctx.addInitScript((value: string) => {
      if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
    }, operatorSession);
  }
  return ctx;
}

/**
 * The context of a locale, width and sign-in state that the screen scans and the dialog tests share: made
 * once, so its HTTP cache (scripts, styles, fonts, images) is warm for every screen and dialog after the
 * first. Each test opens its own page in it. Tests that change what a context keeps (the language cookie,
 * the clock) make their own.
 */
const sharedContexts = new Map<string, Promise<BrowserContext>>();
export function sharedContext(locale: Locale, width: Width, auth: Auth) {
  const key = `${locale} ${width} ${auth}`;
  let ctx = sharedContexts.get(key);
  if (!ctx) {
    ctx = context(locale, width, auth);
    sharedContexts.set(key, ctx);
  }
  return ctx;
}

/**
 * A page whose console errors are collected (a broken screen must not pass as accessible), and the
 * policy violations its current document reported so far.
 */
export async function pageIn(ctx: BrowserContext) {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const violations = () => page.evaluate(() => [...((window as unknown as { __csp?: string[] }).__csp ?? [])]);
  return { page, errors, violations };
}

/** Hydrated, client-side data loaded (no busy region or skeleton left), fonts ready. */
export async function settled(page: Page) {
  await hydrated(page);
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .skeleton') && document.fonts.status === 'loaded',
    undefined,
    { timeout: 15_000 },
  );
}

export async function open(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
  await settled(page);
}
