import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';
import { startServer, type RunningServer } from './server';

/**
 * Issue 37, the console's catalogue and home banners: the demo operator adds a brand with its picture,
 * switches it off and deletes it; is told to switch off a category in use instead of deleting it; adds a
 * banner that the home page then shows, and deletes it again (the shared demo data is left as found).
 * Screens in Arabic and English at 390 and 1280 px (screenshots `admin-catalogue-*`, `admin-banners-*`),
 * never wider than the screen. And from an empty start (SEED_DEMO=false, a server of its own): an operator
 * made as `npm run admin:create` makes one creates a category and a banner, and the home page shows them.
 */
type Locale = 'ar' | 'en';

/** A 1×1 PNG (the API resizes nothing up; enough to be a picture). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const picture = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const unique = () => Math.random().toString(36).slice(2, 8);

async function operatorSession(origin: string, email = 'admin@souq.om', password = 'password') {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { access: { token: string }; user: unknown } };
  return JSON.stringify({ token: data.access.token, operator: data.user });
}

async function consolePage(origin: string, session: string, locale: Locale, width: number, url: string) {
  const page = await newPage({ locale, width, height: 900 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, session);
  await page.goto(`${origin}${url}`);
  await hydrated(page);
  return page;
}

/** Elements past the screen's edge (outside the boxes that scroll by themselves: tables, the kinds' tabs, the console's sections). */
const pastTheEdge = (page: TestPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
      })
      .filter((el) => !el.closest('.admin-audit__scroll, .tax-kinds ul, .seller-nav__list'))
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  );

/** The home page shows `check` within the answer cache's lifetime (reloaded until it does). */
async function homeShows(page: TestPage, origin: string, check: () => Promise<boolean>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto(`${origin}/`);
    await hydrated(page);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error('the home page did not show it');
    await page.waitForTimeout(1000);
  }
}

describe('console catalogue and banners (shared demo server)', () => {
  let session: string;
  beforeAll(async () => {
    session = await operatorSession(baseUrl());
  });

  it('adds a brand with a picture, switches it off, and deletes it; a category in use is switched off instead', async () => {
    const page = await consolePage(baseUrl(), session, 'en', 1280, '/admin/catalogue?kind=brands');
    await page.locator('[data-testid=tax-table]').waitFor();
    const name = `Wadi Brand ${unique()}`;
    await page.locator('[data-testid=tax-new]').click();
    const dialog = page.locator('[data-testid=tax-dialog][open]');
    await dialog.getByLabel('Name (English)').fill(name);
    await dialog.getByLabel('Name (Arabic)').fill('علامة الوادي');
    // A wrong slug is said beside its field, before anything is sent.
    await dialog.getByLabel('Slug').fill('Not a slug!');
    await dialog.locator('[data-testid=tax-submit]').click();
    await expect.poll(() => dialog.locator('[data-testid=tax-slug-error]').innerText()).toMatch(/Latin letters/);
    await dialog.getByLabel('Slug').fill('');
    await dialog.locator('[data-testid=tax-thumbnail-input]').setInputFiles(picture('logo.png'));
    await dialog.locator('[data-testid=tax-thumbnail-preview]').waitFor();
    await dialog.locator('[data-testid=tax-submit]').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByLabel('Search by name or slug').fill(name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator('[data-testid=tax-row]', { hasText: name });
    await row.waitFor();
    expect(await row.getAttribute('data-slug')).toMatch(/^wadi-brand-/);
    expect(await row.locator('img').count()).toBe(1);

    // The switch's label (its track covers the visually hidden checkbox), as a pointer presses it.
    await row.locator('.sv-switch').click();
    await expect.poll(() => row.locator('[data-testid=tax-toggle]').isChecked()).toBe(false);
    await row.locator('[data-testid=tax-delete]').click();
    const question = page.locator('[data-testid=tax-delete-dialog][open]');
    expect(await question.innerText()).toMatch(/switch it off instead/);
    await question.locator('[data-testid=confirm-yes]').click();
    await question.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=tax-empty]').waitFor();

    // A category the seed's products use: the question says so and offers switching it off (not taken here).
    await page.goto(`${baseUrl()}/admin/catalogue`);
    await hydrated(page);
    const used = page.locator('[data-testid=tax-row]').first();
    await used.locator('[data-testid=tax-delete]').click();
    await question.locator('[data-testid=confirm-yes]').click();
    await question.locator('[data-testid=tax-in-use]').waitFor();
    expect(await question.locator('[data-testid=tax-in-use]').innerText()).toMatch(/Switch it off instead/);
    expect(await question.locator('[data-testid=tax-switch-off-instead]').count()).toBe(1);
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await used.locator('[data-testid=tax-toggle]').isChecked()).toBe(true);
    expect(page.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('adds a banner the home page shows, then deletes it', async () => {
    const page = await consolePage(baseUrl(), session, 'en', 1280, '/admin/banners');
    await page.locator('[data-testid=banners-table]').waitFor();
    const title = `Souq banner ${unique()}`;
    await page.locator('[data-testid=banner-new]').click();
    const dialog = page.locator('[data-testid=banner-dialog][open]');
    await dialog.getByLabel('Title (English)').fill(title);
    await dialog.getByLabel('Title (Arabic)').fill('لافتة السوق');
    await dialog.getByLabel('Link').fill('javascript:alert(1)');
    await dialog.locator('[data-testid=tax-submit]').click();
    await dialog.locator('[data-testid=banner-link-error]').waitFor();
    await dialog.locator('[data-testid=banner-image-error]').waitFor();
    await dialog.getByLabel('Link').fill('/products');
    await dialog.getByLabel('Order').fill('0');
    await dialog.locator('[data-testid=banner-image-input]').setInputFiles(picture('banner.png'));
    await dialog.locator('[data-testid=banner-image-preview]').waitFor();
    await dialog.locator('[data-testid=tax-submit]').click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator(`[data-testid=banner-row][data-title="${title}"]`);
    await row.waitFor();

    const home = await newPage({ locale: 'en', width: 1280 });
    await homeShows(home, baseUrl(), async () => (await home.locator(`.carousel__slide img[alt="${title}"]`).count()) === 1);
    await home.context().close();

    await row.locator('[data-testid=banner-delete]').click();
    const question = page.locator('[data-testid=tax-delete-dialog][open]');
    await question.locator('[data-testid=confirm-yes]').click();
    await row.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  for (const locale of ['ar', 'en'] as Locale[])
    for (const width of [390, 1280])
      it(`shows the catalogue and the banners in ${locale} at ${width} px, never wider than the screen`, async () => {
        for (const [url, name, ready] of [
          ['/admin/catalogue', 'catalogue', '[data-testid=tax-table]'],
          ['/admin/catalogue?kind=colors', 'colors', '[data-testid=tax-swatch]'],
          ['/admin/banners', 'banners', '[data-testid=banners-table]'],
        ] as const) {
          const page = await consolePage(baseUrl(), session, locale, width, url);
          await page.locator(ready).first().waitFor();
          expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
          expect({ url, wide: await pastTheEdge(page) }).toEqual({ url, wide: [] });
          if (name === 'catalogue') {
            await page.locator('[data-testid=tax-new]').click();
            await page.locator('[data-testid=tax-dialog][open] [data-testid=tax-form]').waitFor();
            await screenshot(page, `admin-catalogue-dialog-${locale}-${width}`);
            await page.keyboard.press('Escape');
            await page.locator('[data-testid=tax-dialog][open]').waitFor({ state: 'detached' });
          }
          await finish(page, `admin-${name}-${locale}-${width}`);
        }
      });
});

describe('from an empty start (SEED_DEMO=false, own server)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** `npm run admin:create -- --email E --name N` against that server's database (its data folder), the password on standard input. */
  function adminCreate(email: string, name: string, password: string): Promise<{ code: number; out: string }> {
    const root = path.resolve(import.meta.dirname, '..');
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/cli/admin-create.ts', '--email', email, '--name', name],
        {
          cwd: path.join(root, 'apps/api'),
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATA_DIR: server.dataDir,
            DATABASE_URL: '',
            SEED_DEMO: 'false',
            LOG_LEVEL: 'silent',
          },
        },
      );
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c));
      child.stderr.on('data', (c: Buffer) => (out += c));
      child.on('close', (code) => resolve({ code: code ?? 1, out }));
      child.stdin.end(`${password}\n`);
    });
  }

  it('an operator creates a category and a banner in the console, and the home page shows them', async () => {
    const made = await adminCreate('owner@example.om', 'Shop Owner', 'first-start-pass-93');
    expect(made, made.out).toMatchObject({ code: 0 });

    const page = await newPage({ locale: 'en', width: 1280, height: 900 });
    await page.goto(`${server.baseUrl}/admin/catalogue`);
    await hydrated(page);
    await page.locator('[data-testid=admin-login]').waitFor();
    await page.getByLabel('E-mail').fill('owner@example.om');
    await page.getByLabel('Password').fill('first-start-pass-93');
    await page.locator('[data-testid=admin-login-submit]').click();
    await page.locator('[data-testid=tax-empty]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/catalogue');

    await page.locator('[data-testid=tax-new]').click();
    const dialog = page.locator('[data-testid=tax-dialog][open]');
    await dialog.getByLabel('Name (English)').fill('Frankincense');
    await dialog.getByLabel('Name (Arabic)').fill('اللبان');
    await dialog.locator('[data-testid=tax-thumbnail-input]').setInputFiles(picture('luban.png'));
    await dialog.locator('[data-testid=tax-submit]').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=tax-row][data-slug=frankincense]').waitFor();

    await page.locator('[data-testid=admin-nav-banners]').click();
    await page.locator('[data-testid=banners-empty]').waitFor();
    await page.locator('[data-testid=banner-new]').click();
    const form = page.locator('[data-testid=banner-dialog][open]');
    await form.getByLabel('Title (English)').fill('Opening week');
    await form.getByLabel('Title (Arabic)').fill('أسبوع الافتتاح');
    await form.getByLabel('Link').fill('/categories/frankincense');
    await form.locator('[data-testid=banner-image-input]').setInputFiles(picture('opening.png'));
    await form.locator('[data-testid=tax-submit]').click();
    await form.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=banner-row][data-title="Opening week"]').waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();

    for (const locale of ['ar', 'en'] as Locale[]) {
      const home = await newPage({ locale, width: 390 });
      const [category, banner] = locale === 'ar' ? ['اللبان', 'أسبوع الافتتاح'] : ['Frankincense', 'Opening week'];
      await homeShows(home, server.baseUrl, async () => {
        const cats = home.locator('[data-testid=home-categories]');
        return (
          (await cats.count()) === 1 &&
          (await cats.innerText()).includes(category) &&
          (await home.locator(`.carousel__slide img[alt="${banner}"]`).count()) === 1
        );
      });
      await finish(home, `admin-empty-start-home-${locale}-390`);
      expect(home.errors).toEqual([]);
      await home.context().close();
    }
  });
});
