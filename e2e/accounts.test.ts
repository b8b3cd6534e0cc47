/**
 * Accounts (issue 4), the parts e2e/auth.test.ts and e2e/account.test.ts do not cover: the product
 * cards' FavoriteButton in the browser (guest → 'Please login first!' + login dialog; signed in → the
 * header badge and the wishlist follow), in Arabic and English.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, type TestPage } from './browser';

type Locale = 'ar' | 'en';
type AuthAnswer = {
  data: { user: { id: number; name: string; phone: string | null; profile_photo: string | null }; access: { token: string } };
};

const L = {
  ar: { loginFirst: 'يرجى تسجيل الدخول أولاً' },
  en: { loginFirst: 'Please login first!' },
};

async function register(): Promise<{ token: string; user: AuthAnswer['data']['user'] }> {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const res = await fetch(`${baseUrl()}/api/registration`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      name: 'Heart Tester',
      phone,
      email: `h${phone}@example.com`,
      password: 'tidy-secret-41',
      password_confirmation: 'tidy-secret-41',
      country: 'Oman',
      phone_code: '+968',
    }),
  });
  const json = (await res.json()) as AuthAnswer;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return { token: json.data.access.token, user: json.data.user };
}

const toastText = async (page: TestPage) => (await page.textContent('[data-testid=toasts]')) ?? '';

const favoriteCount = (page: TestPage) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { favoriteCount?: number }).favoriteCount ?? 0);

describe('favourite button on product cards', () => {
  for (const locale of ['ar', 'en'] as Locale[]) {
    it(`asks a guest to log in (${locale})`, async () => {
      const page = await newPage({ locale, width: 390, height: 844 });
      await page.goto(`${baseUrl()}/products`);
      await hydrated(page);
      const heart = page.locator('[data-testid=favorite-button]').first();
      await heart.waitFor();
      expect(await heart.getAttribute('aria-pressed')).toBe('false');
      await heart.click();
      await page.locator('[data-testid=login-dialog]').waitFor();
      await expect.poll(() => toastText(page)).toContain(L[locale].loginFirst);
      await finish(page, `accounts-favorite-guest-${locale}`);
    });

    it(`adds and removes a favourite, keeping the badge and the wishlist in step (${locale})`, async () => {
      const session = await register();
      const page = await newPage({ locale });
      await page.context().addInitScript(
        (value: string) => {
          if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
        },
        JSON.stringify({ token: session.token, user: session.user, favoriteCount: 0 }),
      );
      await page.goto(`${baseUrl()}/products`);
      await hydrated(page);
      const heart = page.locator('[data-testid=favorite-button]').first();
      await heart.waitFor();
      const toggled = page.waitForResponse((r) => r.url().endsWith('/api/favorite-add-or-remove'));
      await heart.click();
      expect((await toggled).status()).toBe(200);
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => favoriteCount(page)).toBe(1);
      await expect.poll(() => page.locator('[data-testid=wishlist-badge]').first().textContent()).toContain('1');

      const server = async () =>
        (
          (await (
            await fetch(`${baseUrl()}/api/favorite-products`, { headers: { Authorization: `Bearer ${session.token}` } })
          ).json()) as { data: { total: number } }
        ).data.total;
      expect(await server()).toBe(1);

      await heart.click();
      await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => favoriteCount(page)).toBe(0);
      expect(await server()).toBe(0);
      await finish(page, `accounts-favorite-removed-${locale}`);
    });
  }
});
