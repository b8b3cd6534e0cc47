import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, SCREENSHOTS, type TestPage } from './browser';

const TEXT = {
  ar: {
    loginOk: 'تم تسجيل الدخول بنجاح',
    logoutOk: 'تم تسجيل الخروج بنجاح',
    countryRequired: 'حقل الدولة مطلوب',
    phoneRequired: 'حقل رقم الهاتف مطلوب.',
    emailRequired: 'حقل البريد الإلكتروني مطلوب.',
    emailInvalid: 'يرجى إدخال بريد إلكتروني صحيح.',
    mismatch: 'تأكيد كلمة المرور غير مطابق.',
  },
  en: {
    loginOk: 'Login Successful',
    logoutOk: 'Logout successfully',
    countryRequired: 'The country field is required',
    phoneRequired: 'The phone field is required.',
    emailRequired: 'The email field is required.',
    emailInvalid: 'Please enter a valid email address.',
    mismatch: 'Confirm Password does not match.',
  },
} as const;

/** A viewport screenshot of an open modal (the page stays open; `finish` takes the last one). */
async function shot(page: TestPage, name: string) {
  if (!SCREENSHOTS) return;
  await page.waitForTimeout(150);
  await screenshot(page, name);
}

/** Resolves with the code of the next POST /api/send-otp answer (the local environment answers it). */
function nextCode(page: TestPage): Promise<string> {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/send-otp') && r.request().method() === 'POST')
    .then(async (r) => {
      expect(r.status()).toBe(200);
      const json = (await r.json()) as { data: { otp?: string } };
      expect(json.data.otp).toMatch(/^\d{4}$/);
      return json.data.otp!;
    });
}

async function toastText(page: TestPage) {
  return (await page.textContent('[data-testid=toasts]')) ?? '';
}

async function logoutViaDialog(page: TestPage, mobile: boolean) {
  if (mobile) {
    await page.click('[data-testid=menu-button]');
    await page.click('[data-testid=drawer-logout]');
  } else {
    await page.click('[data-testid=user-menu]');
    await page.click('[data-testid=logout-button]');
  }
  await page.waitForSelector('[data-testid=logout-dialog] [data-testid=logout-yes]');
}

const combos = [
  { locale: 'ar', width: 390 },
  { locale: 'en', width: 1280 },
  { locale: 'ar', width: 1280 },
  { locale: 'en', width: 390 },
] as const;

describe('sign-in flows', () => {
  combos.forEach(({ locale, width }, n) => {
    it(`registers with a code, logs out, resets the password and logs in (${locale}, ${width} px)`, async () => {
      const tx = TEXT[locale];
      const tag = `${locale}-${width}`;
      const mobile = width < 640;
      const page = await newPage({ locale, width, height: mobile ? 800 : 900 });
      await page.goto(`${baseUrl()}/`);
      await hydrated(page);

      // Login modal, prefilled with the demo customer in the local environment.
      await page.click('[data-testid=login-button]');
      await page.waitForSelector('[data-testid=login-dialog] #login-phone');
      expect(await page.inputValue('#login-phone')).toBe('91234567');
      expect(await page.inputValue('#login-password')).toBe('password');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-phone');
      await shot(page, `auth-login-${tag}`);

      // Registration: client errors, digits-only phone, then success and the code dialog.
      await page.click('[data-testid=signup-link]');
      await page.waitForSelector('[data-testid=register-dialog] #register-name');
      expect(await page.isVisible('[data-testid=login-dialog] #login-phone')).toBe(false);
      await page.click('[data-testid=register-submit]');
      await page.waitForSelector('[data-testid=register-country-error]');
      await shot(page, `auth-register-${tag}`);
      const phone = `9${String((Date.now() + n * 7919) % 10_000_000).padStart(7, '0')}`;
      const email = `e2e.${tag}.${Date.now()}@example.com`;
      await page.fill('#register-name', `Test ${tag}`);
      await page.selectOption('#register-country', { index: 1 });
      await page.click('#register-phone');
      await page.keyboard.type(`${phone.slice(0, 3)}-a ${phone.slice(3)}`);
      expect(await page.inputValue('#register-phone')).toBe(phone);
      await page.fill('#register-email', email);
      await page.fill('#register-password', 'secret123');
      const registerCode = nextCode(page);
      // The code for the new account's own (unverified) phone is asked for signed in: only its owner may.
      const registerSend = page.waitForRequest((r) => r.url().endsWith('/api/send-otp') && r.method() === 'POST');
      await page.click('[data-testid=register-submit]');
      expect((await registerSend).headers().authorization).toMatch(/^Bearer \S+$/);
      await page.waitForSelector('[data-testid=otp-dialog] [data-testid=code-box-0]');
      const code = await registerCode;
      await expect.poll(() => page.textContent('[data-testid=otp-countdown]')).toMatch(/\d/);
      expect(await page.getAttribute('[data-testid=code-box-0]', 'autocomplete')).toBe('one-time-code');
      await shot(page, `auth-otp-${tag}`);
      // Typing moves forward box by box; Backspace in an empty box goes back.
      await page.click('[data-testid=code-box-0]');
      await page.keyboard.type(code.slice(0, 2));
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('code-box-2');
      await page.keyboard.press('Backspace');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('code-box-1');
      expect(await page.inputValue('[data-testid=code-box-1]')).toBe('');
      await page.keyboard.type(code.slice(1));
      await page.click('[data-testid=otp-submit]');
      await page.waitForSelector('[data-testid=otp-dialog] [data-testid=code-box-0]', { state: 'detached' });
      await page.waitForSelector('[data-testid=user-menu]');
      // The code verified the phone it was sent to, and only that.
      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token);
      const api = async (path: string, body?: object) => {
        const res = await fetch(`${baseUrl()}/api${path}`, {
          method: body ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: Record<string, unknown> }).data;
      };
      expect((await api('/profile')).user).toMatchObject({ phone_verified: true, email_verified: false });

      // Log out through the confirmation dialog: toast, and the header shows Login again.
      await logoutViaDialog(page, mobile);
      await shot(page, `auth-logout-${tag}`);
      const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/logout'));
      await page.click('[data-testid=logout-yes]');
      expect((await logoutCall).headers().authorization).toMatch(/^Bearer /);
      await page.waitForSelector('[data-testid=login-button]');
      await expect.poll(() => toastText(page)).toContain(tx.logoutOk);
      expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();

      // Forgot password (codes by SMS, the demo's forgot_otp_type): client messages, code by paste,
      // mismatch check, new password, then login.
      await page.click('[data-testid=login-button]');
      await page.click('[data-testid=forgot-link]');
      await page.waitForSelector('[data-testid=forgot-dialog] #forgot-phone');
      expect(await page.locator('#login-phone').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('forgot-phone');
      await page.click('[data-testid=forgot-submit]');
      expect(await page.textContent('[data-testid=forgot-country-error]')).toBe(tx.countryRequired);
      expect(await page.textContent('[data-testid=forgot-phone-error]')).toBe(tx.phoneRequired);
      await shot(page, `auth-forgot-${tag}`);
      expect(await page.locator('[data-testid=forgot-dialog] #forgot-email').count()).toBe(0);
      expect(await page.getAttribute('#forgot-phone', 'type')).toBe('tel');
      await page.selectOption('#forgot-country', { index: 1 });
      await page.fill('#forgot-phone', phone);
      const forgotCode = nextCode(page);
      await page.click('[data-testid=forgot-submit]');
      await page.waitForSelector('[data-testid=otp-dialog] [data-testid=code-box-0]');
      const code2 = await forgotCode;
      await page.focus('[data-testid=code-box-0]');
      await page.evaluate((c) => {
        const dt = new DataTransfer();
        dt.setData('text', c);
        document.activeElement!.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
        );
      }, code2);
      for (let i = 0; i < 4; i++) expect(await page.inputValue(`[data-testid=code-box-${i}]`)).toBe(code2[i]);
      await page.click('[data-testid=otp-submit]');
      await page.waitForSelector('[data-testid=reset-dialog] #reset-password');
      await page.fill('#reset-password', 'newsecret123');
      await page.fill('#reset-password-confirmation', 'other-secret');
      await page.click('[data-testid=reset-submit]');
      expect(await page.textContent('[data-testid=reset-password-confirmation-error]')).toBe(tx.mismatch);
      await shot(page, `auth-reset-${tag}`);
      await page.fill('#reset-password-confirmation', 'newsecret123');
      await page.click('[data-testid=reset-submit]');
      await page.waitForSelector('[data-testid=login-dialog] #login-phone');
      expect(await page.inputValue('#login-phone')).toBe(phone);
      expect(await page.inputValue('#login-password')).toBe('');
      await page.fill('#login-password', 'newsecret123');
      await page.click('[data-testid=login-submit]');
      await page.waitForSelector('[data-testid=user-menu]');
      await expect.poll(() => toastText(page)).toContain(tx.loginOk);
      await finish(page, `auth-flow-${tag}`);
    });
  });

  it('logs the demo customer in, loads favourites and addresses, keeps last-seen, and shows server errors', async () => {
    const page = await newPage({ locale: 'en' });
    const lastSeen: Array<{ body: string | null; headers: Record<string, string> }> = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/update-last-seen')) lastSeen.push({ body: r.postData(), headers: r.headers() });
    });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    // Escape closes the dialog and focus returns to the Login button.
    await page.click('[data-testid=login-button]');
    await page.waitForSelector('#login-phone');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#login-phone', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('login-button');
    await page.click('[data-testid=login-button]');
    // A wrong password: 400 with one message, as an error toast.
    await page.fill('#login-password', 'wrong-password');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=toasts] .toast--error');
    expect(await page.isVisible('[data-testid=login-dialog] #login-phone')).toBe(true);
    // Registration with the demo phone: a 422 field error under the phone.
    await page.click('[data-testid=signup-link]');
    await page.fill('#register-name', 'Someone');
    await page.selectOption('#register-country', { index: 1 });
    await page.fill('#register-phone', '91234567');
    await page.fill('#register-password', 'secret123');
    await page.click('[data-testid=register-submit]');
    await page.waitForSelector('[data-testid=register-phone-error]');
    await page.click('[data-testid=login-link]');
    await page.fill('#login-password', 'password');
    const favs = page.waitForResponse((r) => r.url().includes('/api/favorite-products'));
    const addresses = page.waitForResponse((r) => r.url().endsWith('/api/addresses'));
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=user-menu]');
    await expect.poll(() => toastText(page)).toContain('Login Successful');
    const favTotal = ((await (await favs).json()) as { data: { total: number } }).data.total;
    const addressList = ((await (await addresses).json()) as { data: { addresses: unknown[] } }).data.addresses;
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem('auth') ?? '{}') as { favoriteCount?: number; addresses?: unknown[] },
        ),
      )
      .toMatchObject({ favoriteCount: favTotal, addresses: addressList });
    await expect.poll(() => lastSeen.length).toBeGreaterThan(0);
    expect(lastSeen[0]!.body).toBe('{}');
    expect(lastSeen[0]!.headers['content-type']).toBe('application/json');
    expect(lastSeen[0]!.headers.accept).toBe('application/json');
    expect(lastSeen[0]!.headers.authorization).toMatch(/^Bearer /);
    // The 400 and 422 above are expected: drop the console lines they leave.
    page.errors = page.errors.filter((e) => !/status of (400|422)/.test(e));
    await finish(page, 'auth-demo-login-en');
  });

  it('clears a stale session on a 401 (ar)', async () => {
    const page = await newPage({ locale: 'ar' });
    await page.goto(`${baseUrl()}/`);
    await hydrated(page);
    await page.evaluate(() =>
      localStorage.setItem(
        'auth',
        JSON.stringify({
          token: 'stale-token',
          user: { id: 1, name: 'Ghost', phone: null, profile_photo: null },
          addresses: [],
          favoriteCount: 3,
        }),
      ),
    );
    const unauthorized = page.waitForResponse((r) => r.status() === 401);
    await page.reload();
    await hydrated(page);
    await unauthorized;
    await page.waitForSelector('[data-testid=login-button]');
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    // The 401 above is expected: drop the console line it leaves.
    page.errors = page.errors.filter((e) => !/status of 401/.test(e));
    await finish(page, 'auth-401-ar');
  });
});

describe('forgot password by e-mail', () => {
  /** forgot_otp_type as /api/master announces it in a language (cached a few seconds). */
  const announced = async (locale: 'ar' | 'en') =>
    (
      (await (await fetch(`${baseUrl()}/api/master`, { headers: { 'accept-language': locale } })).json()) as {
        data: { forgot_otp_type: string };
      }
    ).data.forgot_otp_type;

  it('asks for the e-mail address alone when forgot_otp_type is email, and resets through the e-mailed code', async () => {
    const db = new Database(path.join(inject('dataDir'), 'storefront.sqlite'));
    db.pragma('busy_timeout = 5000');
    const setType = (type: 'email' | 'phone') =>
      db.prepare("update settings set value = ? where key = 'forgot_otp_type'").run(JSON.stringify(type));
    const settled = async (type: 'email' | 'phone') => {
      for (const locale of ['ar', 'en'] as const)
        await expect.poll(() => announced(locale), { timeout: 20_000, interval: 500 }).toBe(type);
    };
    setType('email');
    try {
      await settled('email');
      for (const locale of ['en', 'ar'] as const) {
        const tx = TEXT[locale];
        // A customer whose e-mail is verified (reset codes go only to a verified address, decision 014).
        const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
        const email = `forgot.${locale}.${phone}@example.com`;
        const call = async (pathname: string, body: object, token?: string) => {
          const res = await fetch(`${baseUrl()}/api${pathname}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body),
          });
          expect(res.status, pathname).toBe(200);
          return ((await res.json()) as { data: Record<string, unknown> }).data;
        };
        const reg = (await call('/registration', {
          name: 'Forgot By Mail',
          phone,
          email,
          password: 'tidy-secret-41',
          country: 'Oman',
          phone_code: '+968',
        })) as { access: { token: string } };
        const { otp } = (await call('/send-otp', { phone: email }, reg.access.token)) as { otp: string };
        await call('/verify-otp', { phone: email, otp });

        const page = await newPage({ locale, width: 1280 });
        // An address of its own: the page cache may still hold "/" rendered with the earlier setting.
        await page.goto(`${baseUrl()}/?forgot-by-mail=${phone}`);
        await hydrated(page);
        await page.click('[data-testid=login-button]');
        await page.click('[data-testid=forgot-link]');
        await page.waitForSelector('[data-testid=forgot-dialog] #forgot-email');
        expect(await page.getAttribute('#forgot-email', 'type')).toBe('email');
        expect(await page.locator('[data-testid=forgot-dialog] :is(#forgot-phone, #forgot-country)').count()).toBe(0);
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('forgot-email');
        await page.click('[data-testid=forgot-submit]');
        expect(await page.textContent('[data-testid=forgot-email-error]')).toBe(tx.emailRequired);
        await page.fill('#forgot-email', phone);
        await page.click('[data-testid=forgot-submit]');
        expect(await page.textContent('[data-testid=forgot-email-error]')).toBe(tx.emailInvalid);
        await shot(page, `auth-forgot-email-${locale}`);
        await page.fill('#forgot-email', email);
        const code = nextCode(page);
        const sent = page.waitForRequest((r) => r.url().endsWith('/api/send-otp') && r.method() === 'POST');
        await page.click('[data-testid=forgot-submit]');
        expect((await sent).postDataJSON()).toEqual({ phone: email, phone_code: null, forgot_password: true });
        await page.waitForSelector('[data-testid=otp-dialog] [data-testid=code-box-0]');
        expect(await page.textContent('[data-testid=otp-dialog] .auth-target')).toBe(email);
        await page.click('[data-testid=code-box-0]');
        await page.keyboard.type(await code);
        await page.click('[data-testid=otp-submit]');
        await page.waitForSelector('[data-testid=reset-dialog] #reset-password');
        await page.fill('#reset-password', 'mailed-secret-52');
        await page.fill('#reset-password-confirmation', 'mailed-secret-52');
        await page.click('[data-testid=reset-submit]');
        await page.waitForSelector('[data-testid=login-dialog] #login-phone');
        expect(await page.inputValue('#login-phone')).toBe(email);
        await page.fill('#login-password', 'mailed-secret-52');
        await page.click('[data-testid=login-submit]');
        await page.waitForSelector('[data-testid=user-menu]');
        await expect.poll(() => toastText(page)).toContain(tx.loginOk);
        await finish(page, `auth-forgot-email-done-${locale}`);
      }
    } finally {
      setType('phone');
      db.close();
      await settled('phone');
    }
  });
});
