import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Issue 37, the operator console's Settings and Currencies (BACKOFFICE.md "Operator console"): the demo
 * operator changes the footer's copyright line at /admin/settings (only that key is sent), the storefront
 * shows it on its next page, and the test puts it back (the e2e server is shared by every file); a colour
 * that is not one is refused beside its field before anything is sent; leaving with unsaved changes asks
 * first. At /admin/currencies a rate is edited in its dialog and shown in the table, then restored; Make
 * default asks first (and is cancelled here). Screenshots of both screens, ar and en, at 390 and 1280 px.
 */
type Locale = 'ar' | 'en';

async function call<T>(url: string, opts: { method?: string; body?: unknown; token?: string; status?: number } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${url}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      Accept: 'application/json',
      'Accept-Language': 'en',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${url}: ${JSON.stringify(json)}`).toBe(opts.status ?? 200);
  return json;
}

const login = await call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
  body: { email: 'admin@souq.om', password: 'password' },
});
const token = login.data.access.token;
const session = JSON.stringify({ token, operator: login.data.user });

type Setting = { key: string; value: unknown };
const settingsNow = async () =>
  (await call<{ data: { groups: Array<{ settings: Setting[] }> } }>('/admin/settings', { token })).data.groups.flatMap(
    (g) => g.settings,
  );
const valueOf = async (key: string) => (await settingsNow()).find((s) => s.key === key)!.value;
type Currency = { id: number; code: string; rate_from_default: number; is_default: boolean };
const currencies = async () => (await call<{ data: { currencies: Currency[] } }>('/admin/currencies', { token })).data.currencies;

// What the test changes, as it was: put back after the tests whatever happens.
const footerBefore = await valueOf('web_footer_text');
const primaryBefore = await valueOf('theme_colors.primary');
const usdBefore = (await currencies()).find((c) => c.code === 'USD')!;
afterAll(async () => {
  await call('/admin/settings', {
    method: 'PUT',
    token,
    body: { web_footer_text: footerBefore, 'theme_colors.primary': primaryBefore },
  });
  await call(`/admin/currencies/${usdBefore.id}`, {
    method: 'PUT',
    token,
    body: { rate_from_default: usdBefore.rate_from_default },
  });
});

async function consolePage(locale: Locale, width: number, height = 900) {
  const page = await newPage({ locale, width, height });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, session);
  return page;
}

async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** Elements sticking out of the viewport sideways (outside the boxes that scroll on their own). */
const sticksOut = (page: TestPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
      })
      // The wide table and the sections' bar on a phone scroll inside their own boxes.
      .filter((el) => !el.closest('.admin-audit__scroll, .seller-nav__list'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  );

describe('operator console: settings', () => {
  it('saves only the changed key, the storefront shows it, and a bad colour is refused beside its field', async () => {
    const page = await consolePage('en', 1280);
    await page.goto(`${baseUrl()}/admin/settings`);
    await hydrated(page);
    await page.locator('[data-testid=admin-settings-form]').waitFor();
    // One section per group of the table, in its order.
    const groups = await page
      .locator('[data-testid^=settings-group-]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(groups).toEqual(
      ['site', 'contact', 'apps', 'theme', 'sign_in', 'social_sign_in', 'payments', 'bank', 'search'].map(
        (g) => `settings-group-${g}`,
      ),
    );
    // Secrets: only whether the server has them.
    expect(await page.locator('[data-testid="setting-payment_keys.stripe"]').innerText()).toContain('Stripe key');

    // A colour that is not one: refused beside its field, nothing sent.
    const primary = page.locator('[data-testid="setting-theme_colors.primary"]');
    await primary.fill('teal');
    await expect.poll(() => page.locator('[data-testid=admin-settings-unsaved]').innerText()).toBe('1 unsaved change');
    await page.locator('[data-testid=admin-settings-save]').click();
    await expect
      .poll(() => page.locator('[data-testid=setting-theme_colors-primary-error]').innerText())
      .toBe('A colour like #0f766e.');
    expect(await primary.getAttribute('aria-invalid')).toBe('true');
    expect(await valueOf('theme_colors.primary')).toBe(primaryBefore);
    await page.locator('[data-testid=admin-settings-discard]').click();
    expect(await primary.inputValue()).toBe(primaryBefore);

    // The footer's copyright line, in English: the only key sent.
    const text = `All rights reserved, e2e ${Date.now() % 100000}`;
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith('/api/admin/settings')) sent.push(r.postData() ?? '');
    });
    await page.locator('[data-testid=setting-web_footer_text-en]').fill(text);
    await page.locator('[data-testid=admin-settings-save]').click();
    await expect.poll(() => page.locator('[data-testid=admin-settings-unsaved]').innerText()).toBe('Nothing has changed.');
    expect(sent.map((b) => JSON.parse(b))).toEqual([{ web_footer_text: { en: text, ar: (footerBefore as { ar: string }).ar } }]);
    expect(page.errors).toEqual([]);

    // The storefront's next page shows it (its answer cache is dropped by the write).
    const store = await newPage({ locale: 'en', width: 1280 });
    await store.goto(`${baseUrl()}/`);
    await hydrated(store);
    // textContent: the footer is below the fold (content-visibility: auto), so not laid out for innerText.
    await expect.poll(() => store.locator('[data-testid=site-footer] .footer__bottom').textContent()).toContain(text);
    await store.context().close();

    // Put back through the screen too: the English line as it was.
    await page.locator('[data-testid=setting-web_footer_text-en]').fill((footerBefore as { en: string }).en);
    await page.locator('[data-testid=admin-settings-save]').click();
    await expect.poll(() => page.locator('[data-testid=admin-settings-unsaved]').innerText()).toBe('Nothing has changed.');
    expect(await valueOf('web_footer_text')).toEqual(footerBefore);
    await page.context().close();
  });

  it('asks before leaving with unsaved changes', async () => {
    const page = await consolePage('en', 1280);
    await page.goto(`${baseUrl()}/admin/settings`);
    await hydrated(page);
    await page.locator('[data-testid=setting-otp_length]').fill('6');
    await page.locator('[data-testid=admin-nav-audit-log]').click();
    const dialog = page.locator('[data-testid=admin-settings-leave-dialog][open]');
    await dialog.waitFor();
    await dialog.locator('button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin/settings');
    expect(await page.locator('[data-testid=setting-otp_length]').inputValue()).toBe('6');
    await page.locator('[data-testid=admin-nav-audit-log]').click();
    await dialog.locator('[data-testid=confirm-yes]').click();
    await page.waitForURL((u) => u.pathname === '/admin/audit-log');
    expect(await valueOf('otp_length')).toBe(4);
    await page.context().close();
  });

  it('shows the settings in Arabic right to left and in English, at 390 and 1280 px, never scrolling sideways', async () => {
    for (const locale of ['ar', 'en'] as Locale[])
      for (const width of [390, 1280]) {
        const page = await consolePage(locale, width);
        await page.goto(`${baseUrl()}/admin/settings`);
        await hydrated(page);
        await page.locator('[data-testid=admin-settings-form]').waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        expect(await page.locator('h1').first().innerText()).toBe(locale === 'ar' ? 'الإعدادات' : 'Settings');
        expect({ locale, width, wide: await sticksOut(page) }).toEqual({ locale, width, wide: [] });
        await shot(page, `admin-settings-${locale}-${width}`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
  });
});

describe('operator console: currencies and VAT', () => {
  it('edits a rate in its dialog, the table shows it; Make default asks first', async () => {
    const page = await consolePage('en', 1280);
    await page.goto(`${baseUrl()}/admin/currencies`);
    await hydrated(page);
    const row = page.locator('[data-testid=currency-row][data-code=USD]');
    await row.locator('[data-testid=currency-edit]').click();
    const dialog = page.locator('[data-testid=currency-dialog][open]');
    await dialog.waitFor();
    await dialog.locator('[data-testid=currency-rate_from_default]').fill('2.61');
    await dialog.locator('[data-testid=currency-save]').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.locator('[data-testid=currency-rate]').innerText()).toBe('2.61');
    expect((await currencies()).find((c) => c.code === 'USD')!.rate_from_default).toBe(2.61);
    // The storefront's /api/master has the new rate at once.
    const master = await call<{ data: { currencies: Currency[] } }>('/master');
    expect(master.data.currencies.find((c) => c.code === 'USD')!.rate_from_default).toBe(2.61);

    // Make default asks, saying what will happen; cancelled, nothing changes.
    await row.locator('[data-testid=currency-make-default]').click();
    const confirm = page.locator('[data-testid=currency-default-dialog][open]');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Every other rate will be recalculated against USD');
    await confirm.locator('button', { hasText: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await currencies()).filter((c) => c.is_default).map((c) => c.code)).toEqual(['OMR']);
    expect(await page.locator('[data-testid=vat-percentage]').first().inputValue()).toBe('5');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows currencies and VAT in Arabic and English at 390 and 1280 px, the table scrolling inside its box', async () => {
    for (const locale of ['ar', 'en'] as Locale[])
      for (const width of [390, 1280]) {
        const page = await consolePage(locale, width);
        await page.goto(`${baseUrl()}/admin/currencies`);
        await hydrated(page);
        await page.locator('[data-testid=currencies-table]').waitFor();
        expect({ locale, width, wide: await sticksOut(page) }).toEqual({ locale, width, wide: [] });
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
        await shot(page, `admin-currencies-${locale}-${width}`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
  });
});
