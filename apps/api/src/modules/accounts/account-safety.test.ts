import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from '../../../test/helpers';
import { DEMO_CUSTOMER } from '../../../seed';
import { COMMON_PASSWORD, WHITESPACE_PASSWORD } from '../auth';
import { BAD_CREDENTIALS } from './auth.service';
import { CODE_SENT_IF_ACCOUNT, INVALID_CODE, NO_CODE_SENT, OTP_LIVE_CODES } from './otp.service';
import { accountsConfig, bearer, manualClock, register } from './test-support';

/**
 * Issue 13: account safety (partial address updates, code targets, races, password policy, login
 * slow-down, reset blocking, text hygiene, verification before trust), on the dialect under test.
 */
const clock = manualClock();
const app = await createTestApp({
  appEnv: 'local',
  now: clock.now,
  accounts: accountsConfig({
    otpDailyLimit: 50,
    otpDailyLimitPerIp: 10_000,
    otpLimitPerAccount: 10_000,
    otpLimitPerIp: 10_000,
    loginLimitPerIp: 10_000,
  }),
});
// Eight-digit codes: two codes of one target never coincide by chance in these tests.
await app.db.updateTable('settings').set({ value: '8' }).where('key', '=', 'otp_length').execute();
/** Which way reset codes go (`forgot_otp_type`): these tests reset by e-mail unless they say otherwise. */
const setForgotType = (type: 'email' | 'phone') =>
  app.db
    .updateTable('settings')
    .set({ value: JSON.stringify(type) })
    .where('key', '=', 'forgot_otp_type')
    .execute();
await setForgotType('email');
const base = await app.listen({ port: 0, host: '127.0.0.1' });

let ipN = 0;
const nextIp = () => `10.130.${Math.floor(++ipN / 250) % 250}.${ipN % 250}`;
type Headers = Record<string, string>;
const post = (url: string, payload: object, headers: Headers = {}, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url, payload, headers, remoteAddress });
const profileOf = async (auth: Headers) =>
  (await app.inject({ method: 'GET', url: '/api/profile', headers: auth })).json().data.user as Record<string, unknown>;

/** Sends a code (signed in when `auth` is given) and answers the code the local environment shows. */
async function sendCode(payload: object, auth: Headers = {}) {
  const res = await post('/api/send-otp', payload, auth);
  expect(res.statusCode, res.body).toBe(200);
  clock.advance(61_000);
  return res.json().data.otp as string;
}
/** Asks for a code that is not sent: the local environment answers so, with no code; answers the data. */
async function sendNone(payload: object) {
  const res = await post('/api/send-otp', payload);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(NO_CODE_SENT);
  clock.advance(61_000);
  return res.json().data as Record<string, unknown>;
}
const verify = (payload: object) => post('/api/verify-otp', payload);

const address = (over: Record<string, unknown> = {}) => ({
  name: 'Home',
  phone: '91234567',
  area: 'Al Khuwair',
  flat_no: '12',
  address_type: 'home',
  address_line: 'Way 3021, Building 7',
  address_line2: 'Near the mosque',
  post_code: '133',
  ...over,
});

describe(`partial address update (${testDialect()})`, () => {
  it('keeps the fields a request leaves out, and clears an optional one only on null or ""', async () => {
    const me = await register(app);
    const store = (body: object) => post('/api/address/store', body, me.auth);
    await store(address({ name: 'First' }));
    const second = (await store(address({ name: 'Second' }))).json().data.address;
    expect(second.is_default).toBe(false);
    const update = async (body: object) => {
      const res = await post(`/api/address/${second.id}/update`, body, me.auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.address;
    };
    // What the "make default" button sends.
    expect(await update({ is_default: true })).toMatchObject({
      is_default: true,
      area: 'Al Khuwair',
      flat_no: '12',
      address_line2: 'Near the mosque',
      post_code: '133',
    });
    expect(await update({ name: 'Renamed' })).toMatchObject({ name: 'Renamed', area: 'Al Khuwair', post_code: '133' });
    expect(await update({ area: null, post_code: '' })).toMatchObject({
      area: null,
      post_code: null,
      flat_no: '12',
      address_line2: 'Near the mosque',
    });
    expect(await update({ address_line2: '  ' })).toMatchObject({ address_line2: null, flat_no: '12' });
  });
});

describe(`verify-otp verifies the code's own target (${testDialect()})`, () => {
  it('does not verify an e-mail the code was not sent to; changing the e-mail voids open codes', async () => {
    const me = await register(app);
    const otp = await sendCode({ phone: me.email }, me.auth);
    const other = `someone-else-${me.email}`;
    expect((await post('/api/update-profile', { email: other }, me.auth)).statusCode).toBe(200);
    for (const phone of [me.email, other]) {
      const res = await verify({ phone, otp });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ otp: [INVALID_CODE] });
    }
    expect(await profileOf(me.auth)).toMatchObject({ email: other, email_verified: false });
  });

  it('voids a phone code when the phone changes, and verifies only the channel of the code', async () => {
    const me = await register(app);
    const phoneCode = await sendCode({ phone: me.phone, phone_code: '+968' }, me.auth);
    const emailCode = await sendCode({ phone: me.email }, me.auth);
    const newPhone = `9${me.phone.slice(1, -1)}${(Number(me.phone.at(-1)) + 1) % 10}`;
    expect((await post('/api/update-profile', { phone: newPhone }, me.auth)).statusCode).toBe(200);
    expect((await verify({ phone: me.phone, phone_code: '+968', otp: phoneCode })).statusCode).toBe(422);
    expect((await verify({ phone: newPhone, phone_code: '+968', otp: phoneCode })).statusCode).toBe(422);
    // The e-mail did not change: its code still works, and only the e-mail becomes verified.
    expect((await verify({ phone: me.email, otp: emailCode })).statusCode).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({ phone: newPhone, phone_verified: false, email_verified: true });
  });

  it('keeps the verification when the same e-mail is sent again in another case', async () => {
    const me = await register(app);
    const otp = await sendCode({ phone: me.email }, me.auth);
    expect((await verify({ phone: me.email, otp })).statusCode).toBe(200);
    expect((await post('/api/update-profile', { email: me.email.toUpperCase() }, me.auth)).statusCode).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({ email: me.email, email_verified: true });
  });
});

describe(`codes are only delivered where they prove something (${testDialect()})`, () => {
  const setVerifyOnRegistration = (on: boolean) =>
    app.db
      .updateTable('settings')
      .set({ value: JSON.stringify(on) })
      .where('key', '=', 'register_otp_verify')
      .execute();

  it('with register_otp_verify on, an unverified account gets no reset code until the owner passes one', async () => {
    await setVerifyOnRegistration(true);
    const me = await register(app);
    // Signed out, no code goes out, and the local environment's answer says so (it shows no code).
    expect(await sendNone({ phone: me.email, forgot_password: true })).toEqual({ email_or_phone: me.email });
    expect((await verify({ phone: me.email, otp: '12345678' })).statusCode).toBe(422);
    // The owner, signed in, verifies the e-mail (the storefront's registration code dialog).
    const own = await sendCode({ phone: me.email }, me.auth);
    expect((await verify({ phone: me.email, otp: own })).statusCode).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({ email_verified: true, account_verified: true });
    // Now the verified e-mail can reset the password.
    const reset = await sendCode({ phone: me.email, forgot_password: true });
    const ok = await verify({ phone: me.email, otp: reset });
    expect(ok.statusCode).toBe(200);
    const done = await post('/api/reset-password', {
      token: ok.json().data.token,
      password: 'a-fresh-secret-9',
      password_confirmation: 'a-fresh-secret-9',
    });
    expect(done.statusCode).toBe(200);
  });

  it('never sends a reset code to an unverified e-mail of an account with a verified phone (even with the setting off)', async () => {
    await setVerifyOnRegistration(false);
    const me = await register(app);
    const phoneOtp = await sendCode({ phone: me.phone, phone_code: '+968' }, me.auth);
    expect((await verify({ phone: me.phone, phone_code: '+968', otp: phoneOtp })).statusCode).toBe(200);
    expect(await sendNone({ phone: me.email, forgot_password: true })).toEqual({ email_or_phone: me.email });
    expect(await app.db.selectFrom('one_time_codes').select('id').where('target', '=', me.email).execute()).toEqual([]);
    // The verified phone still resets (where the shop sends reset codes by SMS).
    await setForgotType('phone');
    const viaPhone = await sendCode({ phone: me.phone, phone_code: '+968', forgot_password: true });
    expect((await verify({ phone: me.phone, phone_code: '+968', otp: viaPhone })).statusCode).toBe(200);
    await setForgotType('email');
    await setVerifyOnRegistration(true);
  });

  it('with the setting off, an account with nothing verified resets through its e-mail, which the code verifies', async () => {
    await setVerifyOnRegistration(false);
    const me = await register(app);
    const otp = await sendCode({ phone: me.email, forgot_password: true });
    expect((await verify({ phone: me.email, otp })).statusCode).toBe(200);
    expect(await profileOf(me.auth)).toMatchObject({ email_verified: true, phone_verified: false });
    await setVerifyOnRegistration(true);
  });
});

describe(`reset codes cannot be blocked by a stranger (${testDialect()})`, () => {
  it('a new code does not void the previous ones; only the last few stay valid', async () => {
    const me = await register(app);
    const codes: string[] = [];
    for (let i = 0; i <= OTP_LIVE_CODES; i++) codes.push(await sendCode({ phone: me.email }, me.auth));
    // The oldest is over the cap; the newer ones are all valid until they expire.
    expect((await verify({ phone: me.email, otp: codes[0]! })).statusCode).toBe(422);
    expect((await verify({ phone: me.email, otp: codes[1]! })).statusCode).toBe(200);
    // A passed code uses up its siblings.
    expect((await verify({ phone: me.email, otp: codes.at(-1)! })).statusCode).toBe(422);
  });

  it('runs the resend cooldown from the last code not yet passed', async () => {
    const me = await register(app);
    const ask = () => post('/api/send-otp', { phone: me.email }, me.auth);
    const first = await ask();
    expect((await ask()).statusCode).toBe(429);
    expect((await verify({ phone: me.email, otp: first.json().data.otp })).statusCode).toBe(200);
    // Verified: the reset code may follow at once.
    const reset = await post('/api/send-otp', { phone: me.email, forgot_password: true });
    expect(reset.statusCode).toBe(200);
    expect((await verify({ phone: me.email, otp: reset.json().data.otp })).statusCode).toBe(200);
    clock.advance(61_000);
  });

  it('keys phone cooldowns by country code and number', async () => {
    const oman = await register(app);
    const emirates = await register(app, { phone: oman.phone, phone_code: '+971', country: 'United Arab Emirates' });
    const a = await post('/api/send-otp', { phone: oman.phone, phone_code: '+968' }, oman.auth);
    const b = await post('/api/send-otp', { phone: oman.phone, phone_code: '+971' }, emirates.auth);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const again = await post('/api/send-otp', { phone: oman.phone, phone_code: '+968' }, oman.auth);
    expect(again.statusCode).toBe(429);
    clock.advance(61_000);
  });

  it('stores nothing for an unknown target, yet answers it like a known one (cooldown included) outside the local environment', async () => {
    // Outside the local environment, where answers show no code: the local one says when it sent none.
    const quiet = await createTestApp({
      now: clock.now,
      accounts: accountsConfig({ otpDailyLimitPerIp: 10_000, otpLimitPerAccount: 10_000, otpLimitPerIp: 10_000 }),
    });
    await quiet.db
      .updateTable('settings')
      .set({ value: JSON.stringify('email') })
      .where('key', '=', 'forgot_otp_type')
      .execute();
    const send = (phone: string) =>
      quiet.inject({ method: 'POST', url: '/api/send-otp', payload: { phone, forgot_password: true }, remoteAddress: nextIp() });
    const count = async () =>
      Number(
        (
          await quiet.db
            .selectFrom('one_time_codes')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const unknown = await send('nobody-here@example.com');
    const known = await send(DEMO_CUSTOMER.email);
    expect(await count()).toBe(before + 1);
    for (const res of [unknown, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(CODE_SENT_IF_ACCOUNT);
      expect(Object.keys(res.json().data)).toEqual(['email_or_phone']);
    }
    const unknownAgain = await send('nobody-here@example.com');
    const knownAgain = await send(DEMO_CUSTOMER.email);
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.json()).toEqual(knownAgain.json());
    clock.advance(61_000);
  });

  it('in the local environment, answers an unknown target with "no code was sent" and no code, a known one with its code', async () => {
    const unknown = await post('/api/send-otp', { phone: 'nobody-else@example.com', forgot_password: true });
    expect(unknown.json()).toEqual({ message: NO_CODE_SENT, data: { email_or_phone: 'nobody-else@example.com' } });
    const known = await post('/api/send-otp', { phone: DEMO_CUSTOMER.email, forgot_password: true });
    expect(known.json().message).toBe(CODE_SENT_IF_ACCOUNT);
    expect(known.json().data.otp).toMatch(/^\d{8}$/);
    expect((await verify({ phone: DEMO_CUSTOMER.email, otp: known.json().data.otp })).statusCode).toBe(200);
    clock.advance(61_000);
  });

  it('counts codes for unknown targets against the daily cap per IP', async () => {
    const capped = await createTestApp({ appEnv: 'local', accounts: accountsConfig({ otpDailyLimitPerIp: 2 }) });
    const send = (phone: string) =>
      capped.inject({ method: 'POST', url: '/api/send-otp', payload: { phone }, remoteAddress: '10.131.0.1' });
    expect((await send('nobody-1@example.com')).statusCode).toBe(200);
    expect((await send('nobody-2@example.com')).statusCode).toBe(200);
    expect((await send('nobody-3@example.com')).statusCode).toBe(429);
  });
});

describe(`races with real concurrency (${testDialect()})`, () => {
  const http = (path: string, body: object, token: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify(body),
    });

  it('10 concurrent stores marked default leave exactly one default', async () => {
    const me = await register(app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => http('/api/address/store', address({ name: `A${i}`, is_default: true }), me.token)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await app.db.selectFrom('addresses').select(['id', 'is_default']).where('user_id', '=', me.user.id).execute();
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.is_default === 1)).toHaveLength(1);
  });

  it('10 concurrent "make default" updates leave exactly one default', async () => {
    const me = await register(app);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++)
      ids.push((await post('/api/address/store', address({ name: `B${i}` }), me.auth)).json().data.address.id);
    const answers = await Promise.all(ids.map((id) => http(`/api/address/${id}/update`, { is_default: true }, me.token)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const defaults = await app.db
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', me.user.id)
      .where('is_default', '=', 1)
      .execute();
    expect(defaults).toHaveLength(1);
  });

  it('the 50-address cap holds under 10 concurrent stores', async () => {
    const me = await register(app);
    const now = new Date().toISOString();
    await app.db
      .insertInto('addresses')
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          user_id: me.user.id,
          name: `C${i}`,
          phone: '91234567',
          area: null,
          flat_no: null,
          address_type: 'home',
          address_line: 'Somewhere',
          address_line2: null,
          post_code: null,
          is_default: i === 0 ? 1 : 0,
          latitude: null,
          longitude: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => http('/api/address/store', address({ name: `D${i}` }), me.token)),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const total = await app.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', me.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(50);
  });

  it('a second default address for one customer is refused by the database itself', async () => {
    const me = await register(app);
    await post('/api/address/store', address(), me.auth);
    const now = new Date().toISOString();
    await expect(
      app.db
        .insertInto('addresses')
        .values({
          ...address({ name: 'Sneaky' }),
          address_type: 'home',
          user_id: me.user.id,
          is_default: 1,
          latitude: null,
          longitude: null,
          created_at: now,
          updated_at: now,
        })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('10 parallel code checks (9 wrong) count at most 5 tries and accept the right code only within them', async () => {
    const me = await register(app);
    const otp = await sendCode({ phone: me.email }, me.auth);
    const wrong = (n: number) => String((Number(otp) + 1 + n) % 100_000_000).padStart(8, '0');
    const bodies = Array.from({ length: 10 }, (_, i) => ({ phone: me.email, otp: i === 7 ? otp : wrong(i) }));
    const answers = await Promise.all(
      bodies.map((b) =>
        fetch(`${base}/api/verify-otp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(b),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    const row = await app.db
      .selectFrom('one_time_codes')
      .select(['attempts', 'used_at'])
      .where('user_id', '=', me.user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    for (const [i, s] of statuses.entries()) if (i !== 7) expect(s).toBe(422);
    if (statuses[7] === 200) expect(row.attempts).toBeLessThan(5);
    else expect(row.attempts).toBe(5);
  });
});

describe(`password policy (${testDialect()})`, () => {
  const registration = (password: string) => ({
    name: 'Policy Person',
    phone: `9${String(Date.now()).slice(-7)}`,
    email: `policy-${Date.now()}-${Math.random()}@example.com`,
    password,
    password_confirmation: password,
    country: 'Oman',
    phone_code: '+968',
  });

  it.each([
    ['one of the most common passwords', 'password', COMMON_PASSWORD],
    ['a common password in capitals', 'Sunshine', COMMON_PASSWORD],
    ['spaces only', '          ', WHITESPACE_PASSWORD],
  ])('refuses %s at registration', async (_name, password, message) => {
    const res = await post('/api/registration', registration(password));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toEqual([message]);
  });

  it('refuses them on change-password and reset-password too, and accepts a good one', async () => {
    const me = await register(app);
    const change = (password: string) =>
      post('/api/change-password', { current_password: me.password, password, password_confirmation: password }, me.auth);
    for (const [password, message] of [
      ['iloveyou', COMMON_PASSWORD],
      ['\t \t \t \t ', WHITESPACE_PASSWORD],
    ] as const) {
      const res = await change(password);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toEqual([message]);
    }
    const otp = await sendCode({ phone: me.email }, me.auth);
    const token = (await verify({ phone: me.email, otp })).json().data.token as string;
    const reset = (password: string) => post('/api/reset-password', { token, password, password_confirmation: password });
    const refused = await reset('12345678');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.password).toEqual([COMMON_PASSWORD]);
    // The refused attempt did not use up the token.
    expect((await reset('correct horse battery')).statusCode).toBe(200);
  });
});

describe(`text fields (${testDialect()})`, () => {
  it('strips bidi controls and zero-width characters, so invisible-only text is empty', async () => {
    const res = await post('/api/registration', {
      name: '\u200F\u200E\u200B\u2066\u202E',
      phone: '',
      email: `bidi-${Date.now()}@example.com`,
      password: 'secret-pass-1',
      country: '\u2067\u2069',
      phone_code: '+968',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toBe('The name field is required.');
    expect(res.json().errors.country).toEqual(['The country field is required.']);

    const me = await register(app);
    const named = await post('/api/update-profile', { name: 'Sa\u202Elim\u200F', country: '\uFEFFOman' }, me.auth);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.user).toMatchObject({ name: 'Salim', country: 'Oman' });
    // Joiners inside a word are part of the text (Persian, emoji sequences); at the ends they are not.
    const joined = await post('/api/update-profile', { name: '\u200Dمی\u200Cخواهم\u200C' }, me.auth);
    expect(joined.json().data.user.name).toBe('می\u200Cخواهم');

    const store = await post('/api/address/store', address({ area: '\u200B\u200E', address_line: '\u200F' }), me.auth);
    expect(store.statusCode).toBe(422);
    expect(store.json().errors).toEqual({ address_line: ['The address line field is required.'] });
  });

  it.each([
    [
      'a NUL byte in a name',
      '/api/update-profile',
      { name: 'Ali\u0000' },
      'name',
      'The name field must not contain control characters.',
    ],
    [
      'a bell in a country',
      '/api/update-profile',
      { country: 'Om\u0007an' },
      'country',
      'The country field must not contain control characters.',
    ],
    [
      'a line break inside a name',
      '/api/update-profile',
      { name: 'Ali\nBaba' },
      'name',
      'The name field must not contain control characters.',
    ],
    [
      'a NUL byte in an address line',
      '/api/address/store',
      address({ address_line: 'Way\u00001' }),
      'address_line',
      'The address line field must not contain control characters.',
    ],
    [
      'a NUL byte in an optional field',
      '/api/address/store',
      address({ area: 'Ruwi\u0000' }),
      'area',
      'The area field must not contain control characters.',
    ],
  ])('refuses %s with 422 (never 500)', async (_name, url, body, field, message) => {
    const me = await register(app);
    const res = await post(url, body, me.auth);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('refuses control characters in login and code requests with 422 (never 500)', async () => {
    for (const url of ['/api/login', '/api/send-otp', '/api/verify-otp']) {
      const res = await post(url, { phone: 'a\u0000@example.com', password: 'whatever-1', otp: '1234' });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().errors.phone).toEqual(['The phone field must not contain control characters.']);
    }
    const search = await app.inject({ method: 'GET', url: '/api/products?search=%00perfume' });
    expect(search.statusCode).toBe(422);
    expect(search.json().errors.search).toEqual(['The search field must not contain control characters.']);
  });

  it('accepts only real calendar dates of birth', async () => {
    const me = await register(app);
    for (const date of ['2023-02-31', '2023-04-31', '2023-13-01', '2023-00-10', '2023-01-00']) {
      const res = await post('/api/update-profile', { date_of_birth: date }, me.auth);
      expect(res.statusCode, date).toBe(422);
      expect(res.json().errors.date_of_birth).toEqual(['The date of birth field must be a valid date (YYYY-MM-DD).']);
    }
    const leap = await post('/api/update-profile', { date_of_birth: '2004-02-29' }, me.auth);
    expect(leap.statusCode).toBe(200);
    expect(leap.json().data.user.date_of_birth).toBe('2004-02-29');
    expect((await post('/api/update-profile', { date_of_birth: '2003-02-29' }, me.auth)).statusCode).toBe(422);
  });
});

describe(`login attempts are counted per account and slow the attacker, not the owner (${testDialect()})`, async () => {
  const guarded = await createTestApp({
    accounts: accountsConfig({ loginLimitPerAccount: 3, loginLimitPerIp: 1000, loginDelayMaxMs: 300 }),
  });
  const login = (phone: string, password: string, remoteAddress: string, phone_code?: string) =>
    guarded.inject({ method: 'POST', url: '/api/login', payload: { phone, password, phone_code }, remoteAddress });

  it('one counter per account whatever form of the login is used, per client address', async () => {
    const me = await register(guarded);
    for (let i = 0; i < 3; i++) expect((await login(me.email, 'wrong-guess-1', '10.140.0.1')).statusCode).toBe(400);
    // The same account by its local and its international number: the same counter.
    for (const [phone, code] of [
      [me.phone, '+968'],
      [`+968${me.phone}`, undefined],
    ] as const) {
      const res = await login(phone, me.password, '10.140.0.1', code);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many login attempts\. Please try again in/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The owner, elsewhere, is not locked out.
    const owner = await login(me.email.toUpperCase(), me.password, '10.140.0.2');
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('slows further wrong guesses from other addresses instead of refusing them', async () => {
    const me = await register(guarded);
    for (let i = 0; i < 3; i++) expect((await login(me.email, 'wrong-guess-2', `10.141.0.${i}`)).statusCode).toBe(400);
    const started = performance.now();
    const slowed = await login(me.phone, 'wrong-guess-3', '10.141.1.1', '+968');
    expect(slowed.statusCode).toBe(400);
    expect(slowed.json()).toEqual({ message: BAD_CREDENTIALS });
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    // The owner still signs in.
    expect((await login(me.phone, me.password, '10.141.1.2', '+968')).statusCode).toBe(200);
  });
});
