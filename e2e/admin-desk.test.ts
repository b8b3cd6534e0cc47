import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Issue 37, the operator console's support desk and customers: a customer made here opens a ticket without
 * an order in the storefront; the demo operator finds it at /admin/support, answers it with a file and
 * solves it; the customer reads the answer as the support team's (never the operator's name). The operator
 * deactivates a customer made here (every session ends at once, the sign-in answers 403) and activates it
 * again. Screenshots ar/en at 390 and 1280 px; the page never scrolls sideways, the tables inside their box.
 */
type Locale = 'ar' | 'en';
const PASSWORD = 'desk-secret-73';
const OPERATOR_NAME = 'Souq Admin';

async function call<T>(path: string, opts: { body?: unknown; token?: string; status?: number; locale?: Locale } = {}) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': opts.locale ?? 'en',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(opts.status ?? 200);
  return json;
}

/** A fresh customer registered through the API (its own phone and e-mail). */
async function newCustomer(name: string) {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const reg = await call<{ data: { user: { id: number }; access: { token: string } } }>('/registration', {
    body: {
      name,
      phone,
      email: `desk${phone}@example.com`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      country: 'Oman',
      phone_code: '+968',
    },
  });
  return { phone, token: reg.data.access.token, user: reg.data.user };
}

let operatorOnce: Promise<string> | undefined;
const operatorSession = () =>
  (operatorOnce ??= call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
    body: { email: 'admin@souq.om', password: 'password' },
  }).then(({ data }) => JSON.stringify({ token: data.access.token, operator: data.user })));

async function operatorPage(locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 900 });
  const session = await operatorSession();
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, session);
  return page;
}

async function customerPage(who: { token: string; user: unknown }, locale: Locale, width = 1280) {
  const page = await newPage({ locale, width, height: 900 });
  const auth = JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}

async function open(page: TestPage, to: string) {
  await page.goto(`${baseUrl()}${to}`);
  await hydrated(page);
}

/** A full-page screenshot to e2e/screenshots (git-ignored); the page stays open. */
async function shot(page: TestPage, name: string) {
  await screenshot(page, name, { fullPage: true });
}

/** A real PNG image (solid colour), encoded here with zlib. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The page never scrolls sideways: anything wider than the window is inside a box that scrolls itself. */
async function expectNoSidewaysScroll(page: TestPage, what: string) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1);
      })
      // Inside a box that scrolls (or clips) sideways itself: the tables, the section bar and the status tabs.
      .filter((el) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
          if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return false;
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName}.${el.className}`),
  );
  expect({ what, wide, scrolls: await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth) }).toEqual({
    what,
    wide: [],
    scrolls: false,
  });
}

describe('operator console: support desk', () => {
  it('answers a ticket without an order as the support team; the customer reads it in the storefront', async () => {
    const who = await newCustomer('Salim Al-Desk');
    const subject = `Change my e-mail ${Date.now() % 100000}`;

    // The customer opens a ticket without an order in the storefront.
    const shopper = await customerPage(who, 'en');
    await open(shopper, '/support-tickets');
    await shopper.getByTestId('tickets-empty').waitFor();
    await shopper.getByTestId('new-ticket').first().click();
    const dialog = shopper.locator('[data-testid=new-ticket-dialog][open]');
    await dialog.locator('form').waitFor();
    await dialog.getByTestId('ticket-subject').fill(subject);
    await expect.poll(() => dialog.locator('[data-testid=ticket-issue-type] option').count()).toBeGreaterThan(5);
    await dialog.getByTestId('ticket-issue-type').selectOption({ label: 'My account and sign-in' });
    await dialog.getByTestId('ticket-message').fill('Please change the e-mail address of my account to my new one.');
    await dialog.getByTestId('ticket-submit').click();
    await shopper.locator('[data-testid=new-ticket-dialog][open]').waitFor({ state: 'detached' });
    const row = shopper.getByTestId('ticket-row').first();
    await row.waitFor();
    const ticketNo = (await row.getAttribute('data-ticket-no'))!;
    await shopper.context().close();

    // The operator finds it on the desk by its subject, opens it and answers with a file.
    const desk = await operatorPage('en', 1280);
    await open(desk, '/admin');
    await desk.getByTestId('admin-nav-support').click();
    await desk.getByTestId('admin-desk').waitFor();
    await desk.getByTestId('desk-search').fill(subject);
    await desk.getByTestId('desk-search-submit').click();
    const deskRow = desk.locator(`[data-testid=desk-ticket][data-ticket="${ticketNo}"]`);
    await deskRow.waitFor();
    expect(await desk.locator('[data-testid=desk-ticket]').count()).toBe(1);
    expect(await deskRow.innerText()).toContain('Salim Al-Desk');
    expect(await deskRow.innerText()).toContain('No order');
    await deskRow.getByTestId('desk-ticket-link').click();
    await desk.getByTestId('ticket-conversation').waitFor();
    expect(new URL(desk.url()).pathname).toBe(`/admin/support/${ticketNo}`);
    expect(await desk.getByTestId('desk-facts').innerText()).toContain(who.phone);
    await desk.getByTestId('ticket-reply-text').fill('Done: your account now uses the new address. Sign in with it next time.');
    await desk
      .getByTestId('ticket-files')
      .setInputFiles([{ name: 'steps.png', mimeType: 'image/png', buffer: png(160, 120, [30, 110, 160]) }]);
    await desk.getByTestId('ticket-reply-send').click();
    await expect.poll(() => desk.getByTestId('ticket-message').count()).toBe(2);
    const answer = desk.getByTestId('ticket-message').last();
    expect(await answer.getAttribute('data-sender')).toBe('support');
    expect(await answer.innerText()).not.toContain(OPERATOR_NAME);
    await expect
      .poll(() =>
        desk.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('[data-testid=ticket-attachment-image] img')].map(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        ),
      )
      .toEqual([true]);
    await shot(desk, 'admin-desk-ticket-en-1280');

    // Solved, after the confirmation that says what follows.
    await desk.getByTestId('desk-complete').click();
    const confirm = desk.locator('[data-testid=desk-status-dialog][open]');
    expect(await confirm.innerText()).toContain('can no longer answer it');
    await confirm.getByTestId('confirm-yes').click();
    await expect.poll(() => desk.getByTestId('ticket-status').getAttribute('data-status')).toBe('completed');
    expect(await desk.getByTestId('ticket-reply-form').count()).toBe(0);
    await desk.getByTestId('desk-reopen').waitFor();
    expect(desk.errors).toEqual([]);
    await desk.context().close();

    // The customer reads the answer as the support team's, with its file, in both languages.
    for (const locale of ['ar', 'en'] as Locale[]) {
      const again = await customerPage(who, locale, 390);
      await open(again, `/support-ticket/${ticketNo}`);
      await again.getByTestId('ticket-conversation').waitFor();
      const last = again.getByTestId('ticket-message').last();
      expect(await last.getAttribute('data-sender')).toBe('support');
      const text = await last.innerText();
      expect(text).toContain('your account now uses the new address');
      expect(text).toContain(locale === 'ar' ? 'فريق دعم' : 'support');
      expect(text).not.toContain(OPERATOR_NAME);
      expect(await again.getByTestId('ticket-status').getAttribute('data-status')).toBe('completed');
      await shot(again, `admin-desk-customer-reads-${locale}-390`);
      expect(again.errors).toEqual([]);
      await again.context().close();
    }
  }, 300_000);

  it('shows the desk, a ticket and the customers in Arabic and English from 320 px (screenshots at 390 and 1280)', async () => {
    const who = await newCustomer('Aisha Screens');
    const form = new FormData();
    form.set('subject', 'سؤال عن حسابي');
    form.set('issue_type', '6');
    form.set('message', 'أريد تغيير رقم الهاتف المسجل في حسابي إلى رقم جديد من فضلكم.');
    const res = await fetch(`${baseUrl()}/api/support-ticket`, {
      method: 'POST',
      body: form,
      headers: { Accept: 'application/json', Authorization: `Bearer ${who.token}` },
    });
    expect(res.status).toBe(200);
    const ticketNo = ((await res.json()) as { data: { support_ticket: { ticket_no: string } } }).data.support_ticket.ticket_no;
    for (const locale of ['ar', 'en'] as Locale[])
      for (const width of [320, 390, 1280]) {
        const page = await operatorPage(locale, width);
        await open(page, '/admin/support');
        await page.getByTestId('desk-table').waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        await expectNoSidewaysScroll(page, `desk ${locale} ${width}`);
        if (width < 1024)
          expect(await page.locator('.admin-audit__scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        if (width !== 320) await shot(page, `admin-desk-list-${locale}-${width}`);

        await open(page, `/admin/support/${ticketNo}`);
        await page.getByTestId('ticket-conversation').waitFor();
        await expectNoSidewaysScroll(page, `ticket ${locale} ${width}`);
        if (width !== 320) await shot(page, `admin-desk-ticket-${locale}-${width}`);

        await open(page, `/admin/customers?q=${who.phone}`);
        await page.getByTestId('customers-table').waitFor();
        expect(await page.getByTestId('customer-row').count()).toBe(1);
        await expectNoSidewaysScroll(page, `customers ${locale} ${width}`);
        if (width !== 320) await shot(page, `admin-customers-${locale}-${width}`);
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
  }, 300_000);
});

describe('operator console: customers', () => {
  it('deactivates a customer (every session ends at once, sign-in refused) and activates it again', async () => {
    const who = await newCustomer('Khalid Deactivate');
    await call('/profile', { token: who.token });

    const page = await operatorPage('ar', 390);
    await open(page, '/admin');
    await page.getByTestId('admin-nav-customers').click();
    await page.getByTestId('admin-customers').waitFor();
    await page.getByTestId('customers-search').fill(who.phone);
    await page.getByTestId('customers-search-submit').click();
    await page.waitForURL((u) => u.searchParams.get('q') === who.phone);
    const row = page.locator(`[data-testid=customer-row][data-customer="${who.user.id}"]`);
    await row.waitFor();
    expect(await page.getByTestId('customer-row').count()).toBe(1);
    await row.getByTestId('customer-deactivate').click();
    const dialog = page.locator('[data-testid=customer-toggle-dialog][open]');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('تنتهي كل جلسات هذا العميل فوراً');
    await shot(page, 'admin-customers-deactivate-dialog-ar-390');
    await dialog.getByTestId('confirm-yes').click();
    await expect.poll(() => row.getByTestId('customer-status').innerText()).toBe('موقوف');

    // At once: the customer's token is refused, and the sign-in says why, in the customer's language.
    await call('/profile', { token: who.token, status: 401 });
    const refused = await call<{ message: string }>('/login', {
      body: { phone: who.phone, password: PASSWORD },
      status: 403,
      locale: 'ar',
    });
    expect(refused.message).toContain('تم إيقاف هذا الحساب');

    // Activated again, the customer signs in anew.
    await row.getByTestId('customer-activate').click();
    await page.locator('[data-testid=customer-toggle-dialog][open] [data-testid=confirm-yes]').click();
    await expect.poll(() => row.getByTestId('customer-status').innerText()).toBe('نشط');
    await call('/login', { body: { phone: who.phone, password: PASSWORD } });
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
