/**
 * What the accessibility suite (a11y.test.ts) scans: every screen of the web app's route configuration
 * (read from apps/web/app/routes.ts itself, so a route added there is scanned without editing this file)
 * and every dialog and drawer listed in OVERLAYS below. A new dialog or drawer joins the suite by adding
 * one entry to OVERLAYS; a new route with a parameter gets a sample value in SAMPLES (otherwise `1`).
 */
import type { Page } from 'playwright-core';
import routes from '../apps/web/app/routes';

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** Every path pattern of the route configuration, layouts flattened, e.g. `products/:id/details`, `*`. */
export function routePatterns(entries: readonly RouteEntry[] = routes as readonly RouteEntry[], prefix = ''): string[] {
  const out: string[] = [];
  for (const r of entries) {
    const path = r.index ? prefix : [prefix, r.path].filter(Boolean).join('/');
    if (r.children?.length) out.push(...routePatterns(r.children, path));
    else if (r.index || r.path !== undefined) out.push(path);
  }
  return [...new Set(out)];
}

async function json<T>(baseUrl: string, path: string, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** Where a signed-in customer's own records come from (an address made for the scan). */
export interface Customer {
  token: string;
  user: unknown;
  addressId: number;
}

/**
 * Sample values for the parameters of a route, from the demo data through the API; keyed by the route's
 * pattern. A route not listed here gets `1` for each parameter (still a screen: it shows its not-found
 * state when `1` does not exist) and `sample-page` for a catch-all.
 */
type Samples = Record<string, (baseUrl: string, who: Customer) => Promise<Record<string, string>>>;
export const SAMPLES: Samples = {
  'shops/:id': async (b) => ({ id: String((await json<{ shops: { id: number }[] }>(b, '/shops?per_page=1')).shops[0]!.id) }),
  'products/:id/details': async (b) => ({
    id: String((await json<{ products: { id: number }[] }>(b, '/products?per_page=1')).products[0]!.id),
  }),
  'categories/:slug': async (b) => ({
    slug: (await json<{ categories: { slug: string }[] }>(b, '/categories?per_page=1')).categories[0]!.slug,
  }),
  'flash-sale/:id': async (b) => {
    const sales = await json<{ running_flash_sale: { id: number } | null; incoming_flash_sale: { id: number } | null }>(
      b,
      '/flash-sales',
    );
    return { id: String((sales.running_flash_sale ?? sales.incoming_flash_sale)?.id ?? 1) };
  },
  'manage-address/:id/edit': async (_b, who) => ({ id: String(who.addressId) }),
  'page/:slug': async () => ({ slug: 'shipping-policy' }),
  'blog/:slug': async () => ({ slug: 'welcome' }),
};

/** The concrete address of every route pattern, parameters filled from SAMPLES. */
export async function screenPaths(baseUrl: string, who: Customer): Promise<{ pattern: string; path: string }[]> {
  const out = [];
  for (const pattern of routePatterns()) {
    const values = SAMPLES[pattern] ? await SAMPLES[pattern](baseUrl, who) : {};
    const path = pattern
      .split('/')
      .map((seg) => (seg === '*' ? 'no-such-page' : seg.startsWith(':') ? encodeURIComponent(values[seg.slice(1)] ?? '1') : seg))
      .join('/');
    out.push({ pattern: pattern || '/', path: `/${path}` });
  }
  return out;
}

export type Width = 390 | 1280;

/**
 * A dialog or drawer: how to open it from a page, which element is its container once open, whether it
 * is modal (focus kept inside until it closes) and which control opened it (where focus must return).
 * `open` is called on a hydrated page at `path`; it must leave the overlay open and return its opener.
 */
export interface OverlaySpec {
  name: string;
  /** Who can open it. */
  auth: 'guest' | 'user';
  /** The widths it exists at (the phone drawer and search drop-down only below 768 px). */
  widths: readonly Width[];
  path: string;
  /** Opens it with the keyboard alone; resolves to a locator of the control focus must return to. */
  open(page: Page, width: Width): Promise<string>;
  /** The open overlay's container. */
  container: string;
  modal: boolean;
}

/** Focuses a control through the page (as Tab would land on it) and presses Enter on it. */
async function press(page: Page, selector: string) {
  await page.locator(selector).first().focus();
  await page.keyboard.press('Enter');
}

const LOGIN = '[data-testid=login-button]';

export const OVERLAYS: OverlaySpec[] = [
  {
    name: 'login',
    auth: 'guest',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=login-dialog][open]',
    modal: true,
    async open(page) {
      await press(page, LOGIN);
      await page.locator('[data-testid=login-dialog][open] form').waitFor();
      return LOGIN;
    },
  },
  ...(
    [
      ['registration', 'signup-link', 'register-dialog'],
      ['forgot password', 'forgot-link', 'forgot-dialog'],
    ] as const
  ).map(([name, link, dialog]): OverlaySpec => ({
    name,
    auth: 'guest',
    widths: [390, 1280],
    path: '/',
    container: `[data-testid=${dialog}][open]`,
    modal: true,
    // Reached from the login dialog; focus returns to the button that opened that one.
    async open(page) {
      await press(page, LOGIN);
      await page.locator(`[data-testid=${link}]`).waitFor();
      await press(page, `[data-testid=${link}]`);
      await page.locator(`[data-testid=${dialog}][open] form`).waitFor();
      return LOGIN;
    },
  })),
  {
    name: 'logout confirmation',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=logout-dialog][open]',
    modal: true,
    async open(page) {
      await press(page, '[data-testid=user-menu]');
      await page.locator('[data-testid=logout-button]').waitFor();
      await press(page, '[data-testid=logout-button]');
      await page.locator('[data-testid=logout-dialog][open] [data-testid=logout-yes]').waitFor();
      return '[data-testid=user-menu]';
    },
  },
  ...(['guest', 'user'] as const).map((auth): OverlaySpec => ({
    name: auth === 'guest' ? 'phone menu drawer' : 'phone menu drawer (signed in)',
    auth,
    widths: [390],
    path: '/',
    container: '[data-testid=side-menu][open]',
    modal: true,
    async open(page) {
      await press(page, '[data-testid=menu-button]');
      await page.locator('[data-testid=side-menu][open] nav').waitFor();
      return '[data-testid=menu-button]';
    },
  })),
  {
    name: 'filters drawer',
    auth: 'guest',
    widths: [390],
    path: '/products',
    container: '[data-testid=filters-drawer][open]',
    modal: true,
    async open(page) {
      await press(page, '[data-testid=filters-button]');
      await page.locator('[data-testid=filters-drawer][open] [data-testid=filter-panel]').waitFor();
      return '[data-testid=filters-button]';
    },
  },
  {
    name: 'basket',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=basket][open]',
    modal: true,
    async open(page) {
      await press(page, '[data-testid=cart-button]');
      await page.locator('[data-testid=basket][open] .dialog__title').waitFor();
      return '[data-testid=cart-button]';
    },
  },
  {
    // A drop-down under the header (a disclosure, not modal): focus goes to its field, Escape closes it.
    name: 'search',
    auth: 'guest',
    widths: [390],
    path: '/',
    container: '[data-testid=search-panel]',
    modal: false,
    async open(page) {
      await press(page, '[data-testid=mobile-search-button]');
      await page.locator('[data-testid=search-panel]').waitFor();
      return '[data-testid=mobile-search-button]';
    },
  },
];
