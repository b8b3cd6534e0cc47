import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

type Locale = 'ar' | 'en';
interface Session {
  token: string;
  user: { id: number; name: string; phone: string | null; phone_code: string | null; profile_photo: string | null };
  phone: string;
}

/** A 1×1 PNG (a teal pixel). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

type AuthAnswer = { data: { user: Session['user']; access: { token: string } } };

/** The test customers' password ("password" itself is one of the common passwords the server refuses). */
const PASSWORD = 'tidy-secret-41';

/** A fresh customer per test, so tests do not depend on each other (and the demo password stays). */
async function register(name = 'Test Customer'): Promise<Session> {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const res = await post<AuthAnswer>('/registration', {
    name,
    phone,
    email: `c${phone}@example.com`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    country: 'Oman',
    phone_code: '+968',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { token: res.json.data.access.token, user: res.json.data.user, phone };
}

async function login(phone: string, password: string) {
  return post<AuthAnswer>('/login', { phone, password });
}

/** A page whose local storage holds the session before any script runs (as features/auth/store.ts persists it). */
async function signedInPage(session: Session, opts: { locale?: Locale; width?: number; height?: number } = {}) {
  const page = await newPage(opts);
  const auth = JSON.stringify({ token: session.token, user: session.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}

async function open(page: TestPage, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await hydrated(page);
}

/** 4xx answers the test provokes on purpose show up as console errors: they are expected. */
function dropExpectedHttpErrors(page: TestPage) {
  page.errors = page.errors.filter((e) => !/status of (400|422)/.test(e));
}

const L = {
  ar: { saved: 'تم', mismatch: 'تأكيد كلمة المرور غير مطابق.', default: 'افتراضي', yes: 'نعم' },
  en: { saved: 'successfully', mismatch: 'Confirm Password does not match.', default: 'Default', yes: 'Yes' },
};

describe('account area', () => {
  it('sends a guest on /dashboard to / and shows a guest the login dialog on /wishlist', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/dashboard`);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${baseUrl()}/wishlist`);
    await hydrated(page);
    await page.locator('[data-testid=login-dialog]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wishlist');
    await finish(page, 'account-wishlist-guest');
  });

  for (const locale of ['ar', 'en'] as const) {
    it(`edits the profile and uploads a photo (${locale})`, async () => {
      const session = await register();
      const page = await signedInPage(session, { locale });
      await open(page, '/profile');
      const form = page.locator('[data-testid=profile-form]');
      await form.waitFor();
      expect(await page.textContent('[data-testid=account-sidebar]')).toContain(session.phone);
      // The registered country is selected (names come in the page's language, the value stays English).
      await expect.poll(() => page.locator('[data-testid=country-select] option:checked').textContent()).toContain('+968');
      const newName = locale === 'ar' ? 'سالم الحارثي' : 'Salim Al Harthi';
      await page.fill('input[name=name]', newName);
      await page.fill('input[name=phone]', 'abc' + session.phone);
      expect(await page.inputValue('input[name=phone]')).toBe(session.phone);
      await page.check('input[name=gender][value=male]');
      await page.fill('input[name=date_of_birth]', '1990-05-17');
      await page.setInputFiles('[data-testid=photo-input]', { name: 'me.png', mimeType: 'image/png', buffer: PNG });
      expect(await page.getAttribute('[data-testid=photo-preview]', 'src')).toMatch(/^blob:/);
      // A client check: a file that is not an image is refused before any upload.
      await page.setInputFiles('[data-testid=photo-input]', { name: 'x.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
      await expect.poll(() => page.locator('[data-testid=field-error]').count()).toBe(1);
      await page.setInputFiles('[data-testid=photo-input]', { name: 'me.png', mimeType: 'image/png', buffer: PNG });

      await page.click('[data-testid=profile-save]');
      await expect.poll(() => page.textContent('[data-testid=sidebar-name]')).toBe(newName);
      await expect
        .poll(() => page.locator('[data-testid=account-sidebar] img.avatar').getAttribute('src'))
        .toMatch(/^\/uploads\/profiles\/.+\.webp$/);
      expect(await page.locator('[data-testid=photo-preview]').count()).toBe(0);
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}') as Session);
      expect(stored.user.name).toBe(newName);
      // The server kept it.
      await page.reload();
      await hydrated(page);
      await form.waitFor();
      expect(await page.inputValue('input[name=name]')).toBe(newName);
      expect(await page.inputValue('input[name=date_of_birth]')).toBe('1990-05-17');
      expect(await page.isChecked('input[name=gender][value=male]')).toBe(true);

      // A server validation message shows under its field.
      await page.fill('input[name=email]', 'not-an-email');
      await page.click('[data-testid=profile-save]');
      await expect.poll(() => page.textContent('[data-testid=field-error]')).toMatch(/email/);
      dropExpectedHttpErrors(page);
      await finish(page, `account-profile-saved-${locale}`);
    });

    it(`adds, edits, sets default and deletes addresses (${locale})`, async () => {
      const session = await register();
      const page = await signedInPage(session, { locale });
      await open(page, '/manage-address');
      await page.locator('[data-testid=addresses-empty]').waitFor();
      await screenshot(page, `account-addresses-empty-${locale}`);
      await page.click('[data-testid=address-add]');
      await page.waitForURL((u) => u.pathname === '/manage-address/new');
      await page.locator('[data-testid=address-form]').waitFor();

      // The server's messages appear under the fields.
      await page.click('[data-testid=address-save]');
      await expect.poll(() => page.locator('[data-testid=field-error]').count()).toBeGreaterThanOrEqual(2);
      dropExpectedHttpErrors(page);

      await page.fill('input[name=name]', 'Home One');
      await page.fill('input[name=phone]', '91234567');
      await page.fill('input[name=area]', 'Al Khuwair');
      await page.fill('input[name=address_line]', 'Way 3021, Building 12');
      await page.click('[data-testid=address-save]');
      await page.waitForURL((u) => u.pathname === '/manage-address');
      await expect.poll(() => page.locator('[data-testid=address-card]').count()).toBe(1);

      await page.click('[data-testid=address-add]');
      await page.locator('[data-testid=address-form]').waitFor();
      await page.fill('input[name=name]', 'Office Two');
      await page.fill('input[name=phone]', '+96891234568');
      await page.fill('input[name=address_line]', 'Qurum Business Park');
      await page.check('input[name=address_type][value=office]');
      await page.check('[data-testid=address-default]');
      await page.click('[data-testid=address-save]');
      await page.waitForURL((u) => u.pathname === '/manage-address');
      const cards = page.locator('[data-testid=address-card]');
      await expect.poll(() => cards.count()).toBe(2);
      // Default first, with its badge.
      expect(await cards.nth(0).textContent()).toContain('Office Two');
      expect(await cards.nth(0).locator('[data-testid=default-badge]').textContent()).toBe(L[locale].default);
      expect(await cards.nth(1).locator('[data-testid=default-badge]').count()).toBe(0);

      // Edit the second one.
      await cards.nth(1).locator('[data-testid=address-edit]').click();
      await page.waitForURL((u) => /\/manage-address\/\d+\/edit$/.test(u.pathname));
      await page.locator('[data-testid=address-form]').waitFor();
      expect(await page.inputValue('input[name=name]')).toBe('Home One');
      await page.fill('input[name=name]', 'Home Renamed');
      await page.click('[data-testid=address-save]');
      await page.waitForURL((u) => u.pathname === '/manage-address');
      await expect.poll(() => cards.nth(1).textContent()).toContain('Home Renamed');

      // Set it as default: it moves first, and keeps its other fields (the button sends only is_default).
      await cards.nth(1).locator('[data-testid=address-make-default]').click();
      await expect.poll(() => cards.nth(0).textContent()).toContain('Home Renamed');
      expect(await cards.nth(0).locator('[data-testid=default-badge]').count()).toBe(1);
      expect(await cards.nth(0).textContent()).toContain('Al Khuwair');
      await finish(page, `account-addresses-flow-${locale}`);

      // Delete with the confirmation dialog (Cancel first, then Yes).
      const page2 = await signedInPage(session, { locale });
      await open(page2, '/manage-address');
      const cards2 = page2.locator('[data-testid=address-card]');
      await expect.poll(() => cards2.count()).toBe(2);
      await cards2.nth(1).locator('[data-testid=address-delete]').click();
      const dialog = page2.locator('[data-testid=address-delete-dialog]');
      await dialog.locator('[data-testid=confirm-yes]').waitFor();
      await screenshot(page2, `account-address-delete-dialog-${locale}`);
      await page2.keyboard.press('Escape');
      await dialog.locator('[data-testid=confirm-yes]').waitFor({ state: 'hidden' });
      expect(await cards2.count()).toBe(2);
      await cards2.nth(1).locator('[data-testid=address-delete]').click();
      await dialog.locator('[data-testid=confirm-yes]').click();
      await expect.poll(() => cards2.count()).toBe(1);
      expect(await cards2.nth(0).textContent()).toContain('Home Renamed');
      await finish(page2, `account-addresses-deleted-${locale}`);
    });

    it(`changes the password (${locale})`, async () => {
      const session = await register();
      const page = await signedInPage(session, { locale });
      await open(page, '/change-password');
      await page.locator('[data-testid=password-form]').waitFor();
      await page.fill('input[name=current_password]', PASSWORD);
      await page.fill('input[name=password]', 'new-secret-1');
      await page.fill('input[name=password_confirmation]', 'new-secret-2');
      await page.click('[data-testid=password-save]');
      expect(await page.textContent('[data-testid=field-error]')).toBe(L[locale].mismatch);

      // A wrong current password comes back from the server under its field.
      await page.fill('input[name=current_password]', 'wrong-password');
      await page.fill('input[name=password_confirmation]', 'new-secret-1');
      await page.click('[data-testid=password-save]');
      await expect.poll(() => page.locator('[data-testid=field-error]').count()).toBe(1);
      dropExpectedHttpErrors(page);

      // One of the most common passwords is refused by the server, with its message under the field.
      await page.fill('input[name=current_password]', PASSWORD);
      await page.fill('input[name=password]', 'iloveyou');
      await page.fill('input[name=password_confirmation]', 'iloveyou');
      await page.click('[data-testid=password-save]');
      await expect.poll(() => page.textContent('[data-testid=field-error]')).toMatch(/most common passwords/);
      dropExpectedHttpErrors(page);

      await page.fill('input[name=current_password]', PASSWORD);
      await page.fill('input[name=password]', 'new-secret-1');
      await page.fill('input[name=password_confirmation]', 'new-secret-1');
      await page.click('[data-testid=password-save]');
      await expect.poll(() => page.inputValue('input[name=password]')).toBe('');
      expect(await page.inputValue('input[name=current_password]')).toBe('');
      expect(await page.locator('.toast--success').count()).toBeGreaterThan(0);

      expect((await login(session.phone, 'new-secret-1')).status).toBe(200);
      expect((await login(session.phone, PASSWORD)).status).not.toBe(200);
      dropExpectedHttpErrors(page);
      await finish(page, `account-password-changed-${locale}`);
    });

    it(`removes a product from the wishlist after a Yes, and keeps it after a Cancel (${locale})`, async () => {
      const session = await register();
      const list = (await (await fetch(`${baseUrl()}/api/products?per_page=2`)).json()) as {
        data: { products: Array<{ id: number; name: string }> };
      };
      const favourites = list.data.products.slice(0, 2);
      expect(favourites.length).toBe(2);
      for (const p of favourites) {
        const res = await post<{ data: { product: { is_favorite: boolean } } }>(
          '/favorite-add-or-remove',
          { product_id: p.id },
          session.token,
        );
        expect(res.json.data.product.is_favorite).toBe(true);
      }
      const page = await signedInPage(session, { locale });
      await open(page, '/wishlist');
      const items = page.locator('[data-testid=wishlist-item]');
      await expect.poll(() => items.count()).toBe(2);
      // The header badge follows the list.
      await expect
        .poll(() =>
          page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { favoriteCount: number }).favoriteCount),
        )
        .toBe(2);
      const serverTotal = async () =>
        (
          (await (
            await fetch(`${baseUrl()}/api/favorite-products`, { headers: { Authorization: `Bearer ${session.token}` } })
          ).json()) as { data: { total: number } }
        ).data.total;
      // Remove asks first (SPEC §6); Cancel keeps the product, on the page and on the server.
      const dialog = page.locator('[data-testid=wishlist-remove-dialog][open]');
      const firstName = ((await items.nth(0).locator('h2').textContent()) ?? '').trim();
      expect(firstName).not.toBe('');
      await items.nth(0).locator('[data-testid=wishlist-remove]').click();
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(firstName);
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('[data-testid=wishlist-remove-dialog]')))
        .toBe(true);
      await page.click('[data-testid=wishlist-remove-cancel]');
      await dialog.waitFor({ state: 'detached' });
      expect(await items.count()).toBe(2);
      expect(await serverTotal()).toBe(2);
      // Yes takes it out.
      await items.nth(0).locator('[data-testid=wishlist-remove]').click();
      await page.click('[data-testid=wishlist-remove-dialog] [data-testid=confirm-yes]');
      await expect.poll(() => items.count()).toBe(1);
      await dialog.waitFor({ state: 'detached' });
      expect(await serverTotal()).toBe(1);
      await items.nth(0).locator('[data-testid=wishlist-remove]').click();
      await page.click('[data-testid=wishlist-remove-dialog] [data-testid=confirm-yes]');
      await page.locator('[data-testid=wishlist-empty]').waitFor();
      expect(await page.locator('[data-testid=wishlist-empty] a[href="/products"]').count()).toBe(1);
      await expect
        .poll(() =>
          page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { favoriteCount: number }).favoriteCount),
        )
        .toBe(0);
      expect(await serverTotal()).toBe(0);
      await finish(page, `account-wishlist-emptied-${locale}`);
    });
  }

  /** One customer for the four runs below: two addresses and three favourites. */
  let screensCustomer: Promise<{ session: Session; addressId: number }> | undefined;
  const readyScreensCustomer = () =>
    (screensCustomer ??= (async () => {
      const session = await register('Aisha Al Balushi');
      await post(
        '/address/store',
        {
          name: 'Aisha Al Balushi',
          phone: '91234567',
          area: 'Al Khuwair',
          flat_no: '12',
          address_type: 'home',
          address_line: 'Way 3021, Building 12',
          post_code: '133',
          is_default: true,
        },
        session.token,
      );
      const created = await post<{ data: { address: { id: number } } }>(
        '/address/store',
        {
          name: 'Aisha (office)',
          phone: '91234568',
          address_type: 'office',
          address_line: 'Qurum Business Park, Tower B',
        },
        session.token,
      );
      const products = (await (await fetch(`${baseUrl()}/api/products?per_page=3`)).json()) as {
        data: { products: Array<{ id: number }> };
      };
      for (const p of products.data.products) await post('/favorite-add-or-remove', { product_id: p.id }, session.token);
      return { session, addressId: created.json.data.address.id };
    })());

  // One test for each language and width (7 pages each, every one a full-page screenshot): as one test of
  // 28 pages, a slow machine ran out of its time with nothing wrong.
  it.each([
    ['ar', 390],
    ['ar', 1280],
    ['en', 390],
    ['en', 1280],
  ] as const)('renders every account screen in %s at %i px without overflow', async (locale, width) => {
    const { session, addressId } = await readyScreensCustomer();
    const screens = [
      ['dashboard', '/dashboard', '[data-testid=account-dashboard]'],
      ['profile', '/profile', '[data-testid=profile-form]'],
      ['addresses', '/manage-address', '[data-testid=address-list]'],
      ['address-new', '/manage-address/new', '[data-testid=address-form]'],
      ['address-edit', `/manage-address/${addressId}/edit`, '[data-testid=address-form]'],
      ['password', '/change-password', '[data-testid=password-form]'],
      ['wishlist', '/wishlist', '[data-testid=wishlist-grid]'],
    ] as const;
    for (const [name, path, ready] of screens) {
      const page = await signedInPage(session, { locale, width, height: width < 600 ? 844 : 900 });
      await open(page, path);
      await page.locator(ready).waitFor();
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} ${locale} ${width}`).toBeLessThanOrEqual(
        width,
      );
      await finish(page, `account-${name}-${locale}-${width}`);
    }
  });
});
