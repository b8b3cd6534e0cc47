/**
 * What the accessibility suite (a11y.test.ts) scans: every screen of the web app's route configuration
 * (read from apps/web/app/routes.ts itself, so a route added there is scanned without editing this file)
 * and every dialog and drawer listed in OVERLAYS below. A new dialog or drawer joins the suite by adding
 * one entry to OVERLAYS; a new route with a parameter gets a sample value in SAMPLES (otherwise `1`). A dialog
 * the gate's server cannot show (the console's resend dialogs need a failed e-mail, so a server of their own)
 * is checked by its own test file with the same checks (a11y-check.ts `checkOverlay`).
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
    // Resource routes (decision 036) are loaders and actions for fetchers: no screen to scan.
    if (r.file.startsWith('routes/resources/')) continue;
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

async function send<T>(baseUrl: string, path: string, token: string, body: FormData | object): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    body: form ? body : JSON.stringify(body),
    headers: {
      accept: 'application/json',
      ...(form ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${token}`,
    },
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

let orderOnce: Promise<{ id: number; order_code: string }> | undefined;
/** An order of the scanned customer from shop 2 (cash, pending: its page offers Cancel), placed once. */
function sampleOrder(b: string, who: Customer) {
  orderOnce ??= (async () => {
    type P = { id: number; price: number; quantity: number; colors: unknown[]; sizes: unknown[] };
    const { products } = await json<{ products: P[] }>(b, '/products?shop_id=2&per_page=100');
    const product = products.find((p) => !p.colors.length && !p.sizes.length && p.quantity > 20 && p.price >= 6)!;
    await send(b, '/cart/store', who.token, { product_id: product.id, quantity: 1 });
    const placed = await send<{ orders: { id: number; order_code: string }[] }>(b, '/place-order', who.token, {
      shop_ids: [2],
      address_id: who.addressId,
      payment_method: 'cash',
    });
    return placed.orders[0]!;
  })();
  return orderOnce;
}

let ticketOnce: Promise<string> | undefined;
/** A support ticket of the scanned customer about the sample order, opened once; its number. */
function sampleTicket(b: string, who: Customer) {
  ticketOnce ??= (async () => {
    const form = new FormData();
    form.set('subject', 'The parcel has not arrived');
    form.set('issue_type', '2');
    form.set('order_number', (await sampleOrder(b, who)).order_code);
    form.set('message', 'My order was marked as on the way four days ago and has not arrived yet.');
    const answer = await send<{ support_ticket: { ticket_no: string } }>(b, '/support-ticket', who.token, form);
    return answer.support_ticket.ticket_no;
  })();
  return ticketOnce;
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
  'order-history/:id': async (b, who) => ({ id: String((await sampleOrder(b, who)).id) }),
  'page/:slug': async () => ({ slug: 'shipping-policy' }),
  'blog/:slug': async (b) => ({ slug: (await json<{ blogs: { slug: string }[] }>(b, '/blogs?per_page=1')).blogs[0]!.slug }),
  // A ticket of the scanned customer about that order, so of shop 2 too: its conversation and answer form
  // on the customer's side, and on the side of the seller signed in beside the customer.
  'support-ticket/:ticketNumber': async (b, who) => ({ ticketNumber: await sampleTicket(b, who) }),
  'seller/support-tickets/:ticketNumber': async (b, who) => ({ ticketNumber: await sampleTicket(b, who) }),
  // The operator console's support desk: the same ticket as the demo operator sees it.
  'admin/support/:ticketNumber': async (b, who) => ({ ticketNumber: await sampleTicket(b, who) }),
  // A product of shop 2, whose seller is signed in beside the customer: its form as that seller sees it.
  // The operator console's editors: a published post, a legal page, the running (or next) flash sale.
  'admin/blog/:id': async (b) => ({ id: String((await json<{ blogs: { id: number }[] }>(b, '/blogs?per_page=1')).blogs[0]!.id) }),
  'admin/pages/:slug': async () => ({ slug: 'about-us' }),
  'admin/flash-sales/:id': async (b) => {
    const sales = await json<{ running_flash_sale: { id: number } | null; incoming_flash_sale: { id: number } | null }>(
      b,
      '/flash-sales',
    );
    return { id: String((sales.running_flash_sale ?? sales.incoming_flash_sale)?.id ?? 1) };
  },
  'seller/products/:id': async (b) => ({
    id: String((await json<{ products: { id: number }[] }>(b, '/products?shop_id=2&per_page=1')).products[0]!.id),
  }),
  // The console's order page: the scanned customer's sample order (cash, pending: no refund offered).
  'admin/orders/:id': async (b, who) => ({ id: String((await sampleOrder(b, who)).id) }),
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

/**
 * A confirmation (ConfirmDialog) on a signed-in customer's or seller's screen: `prepare` brings the page to
 * it and answers the button that asks; the button is pressed by the keyboard and focus must return to it.
 */
const confirmation = (name: string, dialog: string, prepare: (page: Page) => Promise<string>): OverlaySpec => ({
  name,
  auth: 'user',
  widths: [390, 1280],
  path: '/',
  container: `[data-testid=${dialog}][open]`,
  modal: true,
  async open(page) {
    const button = await prepare(page);
    await page.locator(button).first().waitFor();
    await press(page, button);
    await page.locator(`[data-testid=${dialog}][open] [data-testid=confirm-yes]`).waitFor();
    return button;
  },
});

/**
 * Places an order of shop 1 paid online as the page's signed-in customer (the e2e server's gateway is the
 * loopback peer of gateway-peer.ts) and answers the gateway's payment page.
 */
async function placeOnlineOrder(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
    const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${auth.token}` };
    const get = async <T>(path: string) => ((await (await fetch(`/api${path}`, { headers })).json()) as { data: T }).data;
    const post = async <T>(path: string, body: unknown) => {
      const res = await fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: T }).data;
    };
    type P = { id: number; price: number; quantity: number; colors: unknown[]; sizes: unknown[] };
    const { products } = await get<{ products: P[] }>('/products?shop_id=1&per_page=100');
    const product = products.find((p) => !p.colors.length && !p.sizes.length && p.quantity > 20 && p.price >= 5)!;
    const { addresses } = await get<{ addresses: Array<{ id: number }> }>('/addresses');
    await post('/cart/store', { product_id: product.id, quantity: 1 });
    const placed = await post<{ order_payment_url: string }>('/place-order', {
      shop_ids: [1],
      address_id: addresses[0]!.id,
      payment_method: 'thawani',
    });
    return placed.order_payment_url;
  });
}

/**
 * Readies the page's signed-in customer for the commerce overlays, through the API with the stored token (as
 * placeOnlineOrder does): a product of shop 1 in the cart, shop 1 selected for checkout (what the basket's
 * shop checkbox stores), and a second address so the checkout's picker has a choice; with `order`, an order
 * of shop 2 paid that way and still open (pending cash: it can be cancelled; bank: its transfer awaited),
 * one already there reused. Resolves to that order's id, or 0.
 */
async function readyCustomer(page: Page, { order }: { order?: 'cash' | 'bank' } = {}): Promise<number> {
  return page.evaluate(async (order) => {
    const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
    const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${auth.token}` };
    const get = async <T>(path: string) => ((await (await fetch(`/api${path}`, { headers })).json()) as { data: T }).data;
    const post = async <T>(path: string, body: unknown) => {
      const res = await fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: T }).data;
    };
    type P = { id: number; price: number; quantity: number; colors: unknown[]; sizes: unknown[] };
    const addFrom = async (shopId: number) => {
      const { products } = await get<{ products: P[] }>(`/products?shop_id=${shopId}&per_page=100`);
      const product = products.find((p) => !p.colors.length && !p.sizes.length && p.quantity > 20 && p.price >= 6)!;
      await post('/cart/store', { product_id: product.id, quantity: 1 });
    };
    const cart = await get<{ cart_items: Array<{ shop_id: number }> }>('/carts');
    if (!cart.cart_items.some((s) => s.shop_id === 1)) await addFrom(1);
    let { addresses } = await get<{ addresses: Array<{ id: number }> }>('/addresses');
    if (addresses.length < 2) {
      await post('/address/store', {
        name: 'Salma at the office',
        phone: '91234567',
        address_type: 'office',
        address_line: 'Way 2711, Building 40',
        is_default: false,
      });
      ({ addresses } = await get<{ addresses: Array<{ id: number }> }>('/addresses'));
    }
    localStorage.setItem('cartSelectedShops', JSON.stringify([1]));
    if (!order) return 0;
    type O = { id: number; shop_id: number; order_status: string; payment_method: string; payment_status: string };
    const { orders } = await get<{ orders: O[] }>('/orders?per_page=50');
    const open = orders.find(
      (o) =>
        o.shop_id === 2 &&
        o.payment_method === order &&
        o.payment_status === 'Unpaid' &&
        (order === 'cash' ? o.order_status === 'Pending' : o.order_status !== 'Cancelled'),
    );
    if (open) return open.id;
    await addFrom(2);
    const placed = await post<{ orders: Array<{ id: number }> }>('/place-order', {
      shop_ids: [2],
      address_id: addresses[0]!.id,
      payment_method: order,
    });
    return placed.orders[0]!.id;
  }, order ?? null);
}

/** Goes to a path of the site on the page, hydrated. */
async function visit(page: Page, path: string) {
  await page.goto(new URL(path, page.url()).href);
  await page.waitForSelector('html[data-hydrated="1"]', { state: 'attached' });
}

/**
 * A shop application waiting for approval (the operator console's pages of one): the oldest one found by
 * the signed-in operator, or one made now through Become a Seller when none waits. Its id.
 */
async function pendingShopId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const auth = JSON.parse(localStorage.getItem('admin_auth') ?? '{}') as { token?: string };
    const headers = { accept: 'application/json', authorization: `Bearer ${auth.token}` };
    const waiting = (await (await fetch('/api/admin/shops?status=pending&per_page=1', { headers })).json()) as {
      data: { shops: Array<{ id: number }> };
    };
    if (waiting.data.shops[0]) return waiting.data.shops[0].id;
    const stamp = Date.now();
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const form = new FormData();
    form.set('shop_name', `Accessible Weaves ${stamp}`);
    form.set('shop_name_ar', `نسيج ميسر ${stamp}`);
    form.set('name', 'Maryam Al-Siyabi');
    form.set('phone', '+968 9456 7812');
    form.set('email', `a11y-shop-${stamp}@souq.test`);
    form.set('password', 'woven-palm-fronds-8');
    form.set('password_confirmation', 'woven-palm-fronds-8');
    form.set('logo', new Blob([png], { type: 'image/png' }), 'logo.png');
    const res = await fetch('/api/shop/register', { method: 'POST', body: form, headers: { accept: 'application/json' } });
    return ((await res.json()) as { data: { shop: { id: number } } }).data.shop.id;
  });
}

/** The checkout page of the readied customer, its shop 1 shown. */
async function toCheckout(page: Page) {
  await readyCustomer(page);
  await visit(page, '/checkout');
  await page.locator('[data-testid=checkout-shop][data-shop-id="1"]').waitFor();
}

/** A voucher dialog's list (or its "no voucher" text) once read. */
const VOUCHERS_READ = '[data-testid=voucher-dialog][open] :is([data-testid=voucher], [data-testid=no-vouchers])';

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
    // The shop's vouchers, over the basket (Apply Store voucher): Escape closes it alone, back on its row.
    name: 'voucher dialog (basket)',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=voucher-dialog][open]',
    modal: true,
    async open(page) {
      await readyCustomer(page);
      await visit(page, '/');
      await press(page, '[data-testid=cart-button]');
      const row = '[data-testid=basket][open] [data-testid=cart-shop][data-shop-id="1"] [data-testid=apply-voucher]';
      await page.locator(row).waitFor();
      await press(page, row);
      await page.locator(VOUCHERS_READ).first().waitFor();
      return row;
    },
  },
  {
    name: 'voucher dialog (checkout)',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=voucher-dialog][open]',
    modal: true,
    async open(page) {
      await toCheckout(page);
      const button = '[data-testid=checkout-shop][data-shop-id="1"] [data-testid=checkout-voucher]';
      await press(page, button);
      await page.locator(VOUCHERS_READ).first().waitFor();
      return button;
    },
  },
  // The checkout's own dialogs: [name, the button that opens it, the dialog, what shows once it is ready].
  // Place order asks first (the amount and the payment method); Escape is a "no".
  ...(
    [
      ['checkout address picker', 'change-address', 'address-picker', 'input[type=radio]'],
      ['checkout add-address modal', 'add-address', 'address-add', '[data-testid=address-form]'],
      ['order confirmation', 'place-order', 'order-confirm', '[data-testid=confirm-order]'],
    ] as const
  ).map(([name, button, dialog, ready]): OverlaySpec => ({
    name,
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: `[data-testid=${dialog}][open]`,
    modal: true,
    async open(page) {
      await toCheckout(page);
      await page.locator(`[data-testid=${button}]`).waitFor();
      await press(page, `[data-testid=${button}]`);
      await page.locator(`[data-testid=${dialog}][open] ${ready}`).first().waitFor();
      return `[data-testid=${button}]`;
    },
  })),
  confirmation('cancel order confirmation', 'cancel-dialog', async (page) => {
    const id = await readyCustomer(page, { order: 'cash' });
    await visit(page, `/order-history/${id}`);
    return '[data-testid=order-cancel]';
  }),
  confirmation('remove from wishlist confirmation', 'wishlist-remove-dialog', async (page) => {
    await page.evaluate(async () => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
      const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${auth.token}` };
      const favourites = (await (await fetch('/api/favorite-products', { headers })).json()) as { data: { total: number } };
      if (favourites.data.total > 0) return;
      const list = (await (await fetch('/api/products?per_page=1')).json()) as { data: { products: Array<{ id: number }> } };
      await fetch('/api/favorite-add-or-remove', {
        method: 'POST',
        headers,
        body: JSON.stringify({ product_id: list.data.products[0]!.id }),
      });
    });
    await visit(page, '/wishlist');
    return '[data-testid=wishlist-remove]';
  }),
  confirmation('delete address confirmation', 'address-delete-dialog', async (page) => {
    await readyCustomer(page);
    await visit(page, '/manage-address');
    return '[data-testid=address-card]:not(.is-default) [data-testid=address-delete]';
  }),
  // The seller's order page (an order of the scanned customer, shop 2; its seller is signed in beside the
  // customer in the suite's signed-in contexts).
  ...(
    [
      ['seller: cancel order confirmation', 'cash', 'seller-cancel', 'seller-cancel-dialog'],
      ['seller: transfer received confirmation', 'bank', 'seller-mark-paid', 'seller-paid-dialog'],
    ] as const
  ).map(([name, method, button, dialog]) =>
    confirmation(name, dialog, async (page) => {
      const id = await readyCustomer(page, { order: method });
      await visit(page, `/seller/orders?order=${id}`);
      return `[data-testid=${button}]`;
    }),
  ),
  // The console's refund dialog: a bank-transfer order of the scanned customer (shop 2) that its seller marks
  // received and then cancels (the seller is signed in beside the customer); opened, never submitted.
  {
    name: 'operator: refund dialog',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=admin-refund-dialog][open]',
    modal: true,
    async open(page) {
      const id = await readyCustomer(page, { order: 'bank' });
      await page.evaluate(async (id) => {
        const seller = JSON.parse(localStorage.getItem('seller_auth') ?? '{}') as { token?: string };
        const headers = {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${seller.token}`,
        };
        const post = (path: string, body: unknown) =>
          fetch(`/api${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        await post(`/seller/orders/${id}/payment`, { payment_status: 'Paid' });
        await post(`/seller/orders/${id}/status`, { order_status: 'Cancelled' });
      }, id);
      await visit(page, `/admin/orders/${id}`);
      const button = '[data-testid=admin-refund-open]';
      await page.locator(button).waitFor();
      await press(page, button);
      await page.locator('[data-testid=admin-refund-dialog][open] [data-testid=admin-refund-form]').waitFor();
      return button;
    },
  },
  // A delivered order's Write a review (issue 39): a cash order of the scanned customer (shop 2) that its
  // seller (signed in beside the customer) moves to Delivered; opened, never submitted.
  {
    name: 'review dialog',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=review-dialog][open]',
    modal: true,
    async open(page) {
      const id = await readyCustomer(page, { order: 'cash' });
      await page.evaluate(async (id) => {
        const seller = JSON.parse(localStorage.getItem('seller_auth') ?? '{}') as { token?: string };
        const headers = {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${seller.token}`,
        };
        for (const order_status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'])
          await fetch(`/api/seller/orders/${id}/status`, { method: 'POST', headers, body: JSON.stringify({ order_status }) });
      }, id);
      await visit(page, `/order-history/${id}`);
      const button = '[data-testid=review-open]';
      await page.locator(button).first().waitFor();
      await press(page, button);
      await page.locator('[data-testid=review-dialog][open] [data-testid=review-stars]').waitFor();
      return button;
    },
  },
  // The seller's product list: Delete asks first (and says an ordered product is archived instead).
  confirmation('seller: delete product confirmation', 'sprod-delete-dialog', async (page) => {
    await visit(page, '/seller/products');
    return '[data-testid=sprod-delete]';
  }),
  // The seller's vouchers (shop 2 has seeded ones): New voucher opens the form; Delete asks first.
  {
    name: 'seller: voucher form',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=seller-voucher-dialog][open]',
    modal: true,
    async open(page) {
      await visit(page, '/seller/vouchers');
      const button = '[data-testid=voucher-new]';
      await page.locator(button).waitFor();
      await press(page, button);
      await page.locator('[data-testid=seller-voucher-dialog][open] [data-testid=voucher-form]').waitFor();
      return button;
    },
  },
  confirmation('seller: delete voucher confirmation', 'voucher-delete-dialog', async (page) => {
    await visit(page, '/seller/vouchers');
    return '[data-testid=voucher-delete]';
  }),
  // The operator console's Blog: Delete asks first; New category opens its form; a category's Delete asks
  // first (and says a category with posts is switched off instead). Flash sales: Delete and Remove ask first.
  confirmation('admin: delete post confirmation', 'admin-blog-delete-dialog', async (page) => {
    await visit(page, '/admin/blog');
    return '[data-testid=admin-blog-delete]';
  }),
  {
    name: 'admin: blog category form',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=admin-cat-dialog][open]',
    modal: true,
    async open(page) {
      await visit(page, '/admin/blog');
      const button = '[data-testid=admin-cat-new]';
      await page.locator(button).waitFor();
      await press(page, button);
      await page.locator('[data-testid=admin-cat-dialog][open] [data-testid=admin-cat-form]').waitFor();
      return button;
    },
  },
  confirmation('admin: delete blog category confirmation', 'admin-cat-delete-dialog', async (page) => {
    await visit(page, '/admin/blog');
    return '[data-testid=admin-cat-delete]';
  }),
  confirmation('admin: delete flash sale confirmation', 'admin-sale-delete-dialog', async (page) => {
    await visit(page, '/admin/flash-sales');
    return '[data-testid=admin-sale-delete]';
  }),
  confirmation('admin: remove product from flash sale confirmation', 'admin-sale-remove-dialog', async (page) => {
    await visit(page, '/admin/flash-sales');
    const id = await page.evaluate(async () => {
      const res = await fetch('/api/flash-sales', { headers: { accept: 'application/json' } });
      return ((await res.json()) as { data: { running_flash_sale: { id: number } | null } }).data.running_flash_sale?.id ?? 1;
    });
    await visit(page, `/admin/flash-sales/${id}`);
    return '[data-testid=admin-sale-product-remove]';
  }),
  // The console's currencies (issue 37): Edit opens the currency's dialog; Make default asks first.
  {
    name: 'admin: currency form',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=currency-dialog][open]',
    modal: true,
    async open(page) {
      await visit(page, '/admin/currencies');
      const button = '[data-testid=currency-edit]';
      await page.locator(button).first().waitFor();
      await press(page, button);
      await page.locator('[data-testid=currency-dialog][open] [data-testid=currency-form]').waitFor();
      return button;
    },
  },
  confirmation('admin: make currency default confirmation', 'currency-default-dialog', async (page) => {
    await visit(page, '/admin/currencies');
    return '[data-testid=currency-make-default]';
  }),
  // A running ticket about an order of shop 2 (opened by the scanned customer), on its seller's page:
  // Complete asks first.
  confirmation('seller: complete ticket confirmation', 'ticket-status-dialog', async (page) => {
    const id = await readyCustomer(page, { order: 'cash' });
    const ticketNo = await page.evaluate(async (id) => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
      const headers = { accept: 'application/json', authorization: `Bearer ${auth.token}` };
      const list = (await (await fetch('/api/orders?per_page=50', { headers })).json()) as {
        data: { orders: Array<{ id: number; order_code: string }> };
      };
      const form = new FormData();
      form.set('subject', 'One item is missing from the parcel');
      form.set('issue_type', '2');
      form.set('order_number', list.data.orders.find((o) => o.id === id)!.order_code);
      form.set('message', 'The parcel came today with one of the two items missing from it.');
      const res = await fetch('/api/support-ticket', { method: 'POST', body: form, headers });
      if (!res.ok) throw new Error(`/support-ticket: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { support_ticket: { ticket_no: string } } }).data.support_ticket.ticket_no;
    }, id);
    await visit(page, `/seller/support-tickets/${ticketNo}`);
    return '[data-testid=ticket-complete]';
  }),
  // The operator console's support desk: a running ticket without an order (opened by the scanned
  // customer), on the desk's ticket page: Mark as solved asks first.
  confirmation('operator: solve ticket confirmation', 'desk-status-dialog', async (page) => {
    const ticketNo = await page.evaluate(async () => {
      const auth = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string };
      const form = new FormData();
      form.set('subject', 'A question about my account');
      form.set('issue_type', '6');
      form.set('message', 'I would like to change the e-mail address of my account, please.');
      const res = await fetch('/api/support-ticket', {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json', authorization: `Bearer ${auth.token}` },
      });
      if (!res.ok) throw new Error(`/support-ticket: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { support_ticket: { ticket_no: string } } }).data.support_ticket.ticket_no;
    });
    await visit(page, `/admin/support/${ticketNo}`);
    return '[data-testid=desk-complete]';
  }),
  // The console's customers: Deactivate asks first and says every session ends at once (only opened here).
  confirmation('operator: deactivate customer confirmation', 'customer-toggle-dialog', async (page) => {
    await visit(page, '/admin/customers');
    return '[data-testid=customer-deactivate]';
  }),
  // The console's reviews (issue 39): Hide asks for the reason in a dialog that says what will happen (the
  // newest shown review; opened, never confirmed).
  {
    name: 'operator: hide review dialog',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=review-hide-dialog][open]',
    modal: true,
    async open(page) {
      await visit(page, '/admin/reviews?visibility=visible');
      const button = '[data-testid=admin-review-hide]';
      await page.locator(button).first().waitFor();
      await press(page, button);
      await page.locator('[data-testid=review-hide-dialog][open] [data-testid=review-hide-form]').waitFor();
      return button;
    },
  },
  {
    // The chat sidebar, opened from a shop page's Chat button (issue 17).
    name: 'chat sidebar',
    auth: 'user',
    widths: [390, 1280],
    path: '/shops/1',
    container: '[data-testid=chat-sidebar][open]',
    modal: true,
    async open(page) {
      await press(page, '[data-testid=shop-chat]');
      await page.locator('[data-testid=chat-sidebar][open] [data-testid=chat-composer]').waitFor();
      await page.waitForFunction(() => !document.querySelector('[data-testid=chat-sidebar] [data-testid=chat-loading]'));
      return '[data-testid=shop-chat]';
    },
  },
  {
    // Opens by itself on /payment/cancel (the gateway's page sends the customer there); closed, the page's
    // "What can I do?" button opens it again, and that is the opener checked here.
    name: 'payment-cancel modal',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=payment-cancel][open]',
    modal: true,
    async open(page) {
      await page.goto(await placeOnlineOrder(page));
      await press(page, '[data-testid=gateway-cancel]');
      await page.waitForURL(/\/payment\/cancel\?session_id=/);
      await page.waitForSelector('html[data-hydrated="1"]', { state: 'attached' });
      const modal = page.locator('[data-testid=payment-cancel][open]');
      await modal.waitFor();
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
      await press(page, '[data-testid=payment-options]');
      await page.locator('[data-testid=payment-cancel][open] [data-testid=payment-cancel-orders]').waitFor();
      return '[data-testid=payment-options]';
    },
  },
  {
    name: 'new support ticket',
    auth: 'user',
    widths: [390, 1280],
    path: '/support-tickets',
    container: '[data-testid=new-ticket-dialog][open]',
    modal: true,
    async open(page) {
      await page.locator('[data-testid=new-ticket]').waitFor();
      await press(page, '[data-testid=new-ticket]');
      await page.locator('[data-testid=new-ticket-dialog][open] form').waitFor();
      return '[data-testid=new-ticket]';
    },
  },
  // The operator console's shop page (issue 37): Approve asks first (on an application), Reject and
  // Suspend ask for the reason in a dialog that says what will happen. Nothing is confirmed here.
  confirmation('operator: approve shop confirmation', 'shop-approve-dialog', async (page) => {
    await visit(page, `/admin/shops/${await pendingShopId(page)}`);
    return '[data-testid=admin-shop-approve]';
  }),
  ...(
    [
      ['operator: reject shop dialog', 'reject', async (page: Page) => pendingShopId(page)],
      ['operator: suspend shop dialog', 'suspend', async () => 1],
    ] as const
  ).map(([name, action, shop]): OverlaySpec => ({
    name,
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: `[data-testid=shop-${action}-dialog][open]`,
    modal: true,
    async open(page) {
      await visit(page, `/admin/shops/${await shop(page)}`);
      const button = `[data-testid=admin-shop-${action}]`;
      await page.locator(button).waitFor();
      await press(page, button);
      await page.locator(`[data-testid=shop-${action}-dialog][open] [data-testid=shop-reason-form]`).waitFor();
      return button;
    },
  })),
  {
    // The product page's share menu (where the browser has no share sheet, as headless Chromium on Linux):
    // a menu, not modal; focus goes to its first item, Escape closes it back on the button.
    name: 'share menu',
    auth: 'guest',
    widths: [390, 1280],
    path: '/products/5/details',
    container: '[data-testid=share-menu]',
    modal: false,
    async open(page) {
      await press(page, '[data-testid=share-button]');
      await page.locator('[data-testid=share-menu]').waitFor();
      return '[data-testid=share-button]';
    },
  },
  {
    // The account menu (a menu, not modal): focus goes to its first item, Escape closes it back on its button.
    // Opened over the account area: on the home page at 390 px it lies over the banner's dots while open, and
    // axe counts a dot half under an open pop-up as a target too small (target-size), a clash of the moment.
    name: 'account menu',
    auth: 'user',
    widths: [390, 1280],
    path: '/dashboard',
    container: '[data-testid=account-menu-list]',
    modal: false,
    async open(page) {
      await press(page, '[data-testid=user-menu]');
      await page.locator('[data-testid=account-menu-list]').waitFor();
      return '[data-testid=user-menu]';
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
  // The console's catalogue and banners (issue 37; the demo operator is signed in beside the customer):
  // Add opens the entry form; Delete asks first (the seed's categories and banners are there to ask about).
  {
    name: 'admin: catalogue entry form',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=tax-dialog][open]',
    modal: true,
    async open(page) {
      await visit(page, '/admin/catalogue');
      const button = '[data-testid=tax-new]';
      await page.locator(button).waitFor();
      await press(page, button);
      await page.locator('[data-testid=tax-dialog][open] [data-testid=tax-form]').waitFor();
      return button;
    },
  },
  confirmation('admin: delete catalogue entry confirmation', 'tax-delete-dialog', async (page) => {
    await visit(page, '/admin/catalogue?kind=colors');
    return '[data-testid=tax-delete]';
  }),
  {
    name: 'admin: banner form',
    auth: 'user',
    widths: [390, 1280],
    path: '/',
    container: '[data-testid=banner-dialog][open]',
    modal: true,
    async open(page) {
      await visit(page, '/admin/banners');
      const button = '[data-testid=banner-new]';
      await page.locator(button).waitFor();
      await press(page, button);
      await page.locator('[data-testid=banner-dialog][open] [data-testid=banner-form]').waitFor();
      return button;
    },
  },
  confirmation('admin: delete banner confirmation', 'tax-delete-dialog', async (page) => {
    await visit(page, '/admin/banners');
    return '[data-testid=banner-delete]';
  }),
];
