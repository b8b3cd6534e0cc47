import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOverlay } from './a11y-check';
import { finish, hydrated, newPage, screenshot, type TestPage } from './browser';
import { startServer, type RunningServer } from './server';
import { call as callApi } from './orders-api';

/**
 * The operator console's notifications (decision 046): a server of this file's own sends its e-mails
 * through a local SMTP peer (MAIL_DRIVER=smtp) that this test can make refuse every message, and gives a
 * message up after one attempt (OUTBOX_MAX_ATTEMPTS=1). A customer's order placed while the peer refuses
 * leaves a failed e-mail; the demo operator finds it at /admin/notifications (Arabic, 1280 px), sends it
 * again after confirming, and it is sent; then the same in English at 390 px (the table scrolling inside
 * its own box), and "Send all failed again". Screenshots of the screen ar 1280 and en 390. Both dialogs
 * pass the accessibility gate's checks here (a11y-check.ts), in Arabic and in English.
 */
type Locale = 'ar' | 'en';

/** A minimal SMTP server on loopback: while `refusing`, every message is refused (421 to MAIL FROM). */
async function smtpPeer() {
  const state = { refusing: false, received: [] as string[] };
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.write('220 e2e peer ESMTP\r\n');
    let buffer = '';
    let data: string | null = null;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            state.received.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL' && state.refusing) socket.write('421 e2e peer: service not available\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof smtpPeer>>;
let server: RunningServer;
beforeAll(async () => {
  smtp = await smtpPeer();
  server = await startServer({
    MAIL_DRIVER: 'smtp',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    OUTBOX_MAX_ATTEMPTS: '1',
    OUTBOX_POLL_MS: '200',
    // A loaded test machine must not hold the messages back for long (decision 046's courtesy): 2 s at most.
    OUTBOX_DEFER_MAX_MS: '2000',
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** The shared API caller (orders-api.ts), on this file's own server. */
const call = <T>(route: string, opts: Omit<Parameters<typeof callApi>[1] & object, 'base'> = {}) =>
  callApi<T>(route, { ...opts, base: server.baseUrl });

let operatorOnce: Promise<{ token: string; operator: unknown }> | undefined;
const operator = () =>
  (operatorOnce ??= call<{ data: { access: { token: string }; user: unknown } }>('/admin/login', {
    body: { email: 'admin@souq.om', password: 'password' },
  }).then(({ data }) => ({ token: data.access.token, operator: data.user })));

type Row = { id: number; status: string; address: string; last_error: string | null; attempts: number };
const outboxOf = async (address: string, status = 'all') =>
  (
    await call<{ data: { notifications: Row[] } }>(
      `/admin/notifications?status=${status}&search=${encodeURIComponent(address)}`,
      { token: (await operator()).token },
    )
  ).data.notifications;

/**
 * A new customer (e-mail `email`) whose cash order of shop 1 is placed while the SMTP peer refuses: its
 * "order placed" e-mail fails for good. Waits until the outbox says so.
 */
async function failedOrderMail(email: string) {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const password = 'tidy-secret-46';
  const reg = await call<{ data: { access: { token: string } } }>('/registration', {
    body: {
      name: 'Outbox Customer',
      phone,
      email,
      password,
      password_confirmation: password,
      country: 'Oman',
      phone_code: '+968',
    },
  });
  const token = reg.data.access.token;
  const address = await call<{ data: { address: { id: number } } }>('/address/store', {
    token,
    body: {
      name: 'Outbox Customer',
      phone: '91234567',
      area: 'Al Khuwair',
      address_type: 'home',
      address_line: 'Way 3021',
      is_default: true,
    },
  });
  type P = { id: number; price: number; quantity: number; sizes: unknown[]; colors: unknown[] };
  const list = await call<{ data: { products: P[] } }>('/products?shop_id=1&per_page=60');
  const product = list.data.products.find((p) => !p.sizes.length && !p.colors.length && p.quantity >= 5 && p.price >= 6)!;
  await call('/cart/store', { token, body: { product_id: product.id, quantity: 1 } });
  smtp.state.refusing = true;
  try {
    await call('/place-order', {
      token,
      body: { shop_ids: [1], address_id: address.data.address.id, payment_method: 'cash' },
    });
    await expect.poll(async () => (await outboxOf(email)).map((r) => r.status), { timeout: 30_000 }).toEqual(['failed']);
  } finally {
    smtp.state.refusing = false;
  }
}

async function operatorPage(locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 900 });
  const session = JSON.stringify(await operator());
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('admin_auth')) localStorage.setItem('admin_auth', value);
  }, session);
  return page;
}

async function open(page: TestPage, to: string) {
  await page.goto(`${server.baseUrl}${to}`);
  await hydrated(page);
}

const L = {
  ar: {
    nav: 'الإشعارات',
    failed: 'فشلت',
    sent: 'أُرسلت',
    pending: 'بانتظار الإرسال',
    toast: 'ستُعاد الرسالة إلى',
    title: 'صندوق الإشعارات الصادرة',
  },
  en: {
    nav: 'Notifications',
    failed: 'Failed',
    sent: 'Sent',
    pending: 'Waiting',
    toast: 'will be sent again',
    title: 'Notifications outbox',
  },
};

/** Sends the failed row of `email` again from the screen in `page`'s language; checks it ends sent. */
async function resendFromScreen(page: TestPage, locale: Locale, email: string, shot: string) {
  const row = page.locator('[data-testid=admin-notification-row]').filter({ hasText: email });
  await row.waitFor();
  expect(await row.getByTestId('admin-notification-status').textContent()).toBe(L[locale].failed);
  // Its details are in the row: the error and the attempts.
  expect(await row.getByTestId('admin-notification-error').textContent()).toMatch(/421|service not available|greeting/i);
  expect(await row.getByTestId('admin-notification-attempts').textContent()).toBe('1');
  // The accessibility gate's dialog checks (its server never has a failed message): opened by keyboard,
  // axe on it and the page under it, focus kept inside, Escape back to the row's button.
  const resend = '[data-testid=admin-notification-row] [data-testid=admin-notification-resend]';
  await row.getByTestId('admin-notification-resend').focus();
  await page.keyboard.press('Enter');
  await checkOverlay(page, {
    name: `resend one [${locale}]`,
    container: '[data-testid=notification-resend-dialog][open]',
    opener: resend,
    modal: true,
  });
  await row.getByTestId('admin-notification-resend').click();
  const dialog = page.locator('[data-testid=notification-resend-dialog][open]');
  await dialog.getByTestId('confirm-yes').waitFor();
  expect(await dialog.textContent()).toContain(email);
  await screenshot(page, shot, { fullPage: true });
  await dialog.getByTestId('confirm-yes').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.toast').filter({ hasText: L[locale].toast }).waitFor();
  // It leaves the failed ones; among all, it is waiting or already sent, and then sent.
  await expect.poll(() => row.count()).toBe(0);
  await open(page, `/admin/notifications?status=all&q=${encodeURIComponent(email)}`);
  expect([L[locale].pending, L[locale].sent]).toContain(await row.getByTestId('admin-notification-status').textContent());
  await expect
    .poll(
      async () => {
        await open(page, `/admin/notifications?status=all&q=${encodeURIComponent(email)}`);
        return row.getByTestId('admin-notification-status').textContent();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(L[locale].sent);
  expect(await row.getByTestId('admin-notification-resend').count()).toBe(0);
  expect(smtp.state.received.some((m) => m.includes(email))).toBe(true);
}

describe('operator console: notifications', () => {
  it('sends a failed e-mail again (ar, 1280 px; en, 390 px) and all failed ones at once', async () => {
    const stamp = Date.now().toString(36);
    const arEmail = `outbox-ar-${stamp}@example.com`;
    await failedOrderMail(arEmail);

    // From the console's menu; the screen opens on the failed ones.
    const ar = await operatorPage('ar', 1280);
    await open(ar, '/admin');
    await ar.getByTestId('dash-card-notifications').waitFor();
    expect(Number(await ar.getByTestId('dash-notifications-failed').locator('dd').textContent())).toBeGreaterThanOrEqual(1);
    await ar.getByTestId('admin-nav-notifications').click();
    await ar.getByTestId('admin-notifications-table').waitFor();
    expect(await ar.getByTestId('admin-nav-notifications').textContent()).toContain(L.ar.nav);
    expect(await ar.title()).toContain(L.ar.title);
    await screenshot(ar, 'admin-notifications-ar-1280', { fullPage: true });
    await ar.getByTestId('admin-notifications-search').fill(arEmail);
    await ar.getByTestId('admin-notifications-apply').click();
    await expect.poll(() => ar.getByTestId('admin-notification-row').count()).toBe(1);
    await resendFromScreen(ar, 'ar', arEmail, 'admin-notifications-resend-dialog-ar-1280');
    await finish(ar, 'admin-notifications-sent-ar-1280');

    // On a phone, in English: the table scrolls inside its own box, never the page.
    const enEmail = `outbox-en-${stamp}@example.com`;
    await failedOrderMail(enEmail);
    const en = await operatorPage('en', 390);
    await open(en, `/admin/notifications?q=${encodeURIComponent(enEmail)}`);
    await en.getByTestId('admin-notifications-table').waitFor();
    expect(await en.title()).toContain(L.en.title);
    const widths = await en.evaluate(() => {
      const box = document.querySelector('.admin-audit__scroll')!;
      return { box: box.scrollWidth > box.clientWidth, page: document.documentElement.scrollWidth > window.innerWidth };
    });
    expect(widths).toEqual({ box: true, page: false });
    await screenshot(en, 'admin-notifications-en-390', { fullPage: true });
    await resendFromScreen(en, 'en', enEmail, 'admin-notifications-resend-dialog-en-390');

    // Every failed one at once, after confirming.
    const bulkEmail = `outbox-all-${stamp}@example.com`;
    await failedOrderMail(bulkEmail);
    await open(en, '/admin/notifications');
    await en.getByTestId('admin-notifications-resend-all').focus();
    await en.keyboard.press('Enter');
    await checkOverlay(en, {
      name: 'resend all [en]',
      container: '[data-testid=notification-resend-all-dialog][open]',
      opener: '[data-testid=admin-notifications-resend-all]',
      modal: true,
    });
    await en.getByTestId('admin-notifications-resend-all').click();
    const confirm = en.locator('[data-testid=notification-resend-all-dialog][open]');
    await confirm.getByTestId('confirm-yes').click();
    await confirm.waitFor({ state: 'hidden' });
    await en
      .locator('.toast')
      .filter({ hasText: /will be sent again/ })
      .waitFor();
    await en.getByTestId('admin-notifications-empty').waitFor();
    await expect.poll(async () => (await outboxOf(bulkEmail)).map((r) => r.status), { timeout: 30_000 }).toEqual(['sent']);
    await finish(en, 'admin-notifications-all-sent-en-390');

    // The audit log has each.
    type Audit = { data: { entries: Array<{ action: string; changes: Record<string, [unknown, unknown]> }> } };
    const entries = (await call<Audit>('/admin/audit-log?action=notification&per_page=20', { token: (await operator()).token }))
      .data.entries;
    expect(entries.map((e) => e.action)).toEqual(['notification.resend_failed', 'notification.resend', 'notification.resend']);
  });
});
