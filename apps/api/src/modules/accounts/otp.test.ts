import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { DEMO_CUSTOMER } from '../../../seed';
import {
  CODE_SENT_IF_ACCOUNT,
  FORGOT_NEEDS_EMAIL,
  FORGOT_NEEDS_PHONE,
  INVALID_CODE,
  INVALID_RESET_TOKEN,
  NO_CODE_SENT,
} from './otp.service';
import { accountsConfig, manualClock, register } from './test-support';

const clock = manualClock();
const app = await createTestApp({
  appEnv: 'local',
  now: clock.now,
  accounts: accountsConfig({ otpDailyLimit: 3, otpDailyLimitPerIp: 1000, otpLimitPerAccount: 1000, otpLimitPerIp: 1000 }),
});

let ip = 0;
const post = (url: string, payload: object, remoteAddress = `10.20.0.${++ip % 250}`, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, remoteAddress, headers });
const MIN = 60_000;

/**
 * Sends a code. A new account has verified nothing yet, and with `register_otp_verify` on its codes
 * go out only when its owner asks, signed in (decision 014): pass `auth` for those.
 */
async function sendCode(phone: string, extra: object = {}, auth: Record<string, string> = {}) {
  const res = await post('/api/send-otp', { phone, ...extra }, undefined, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { email_or_phone: string; otp?: string };
}

describe('POST /api/send-otp', () => {
  it('shows the code it sent in the local environment, and says plainly when it sent none (no code in the answer)', async () => {
    const known = await post('/api/send-otp', { phone: DEMO_CUSTOMER.phone, phone_code: '+968', forgot_password: true });
    expect(known.statusCode).toBe(200);
    expect(known.json().message).toBe(CODE_SENT_IF_ACCOUNT);
    expect(Object.keys(known.json().data).sort()).toEqual(['email_or_phone', 'otp']);
    expect(known.json().data.otp).toMatch(/^\d{4}$/);
    expect(known.json().data.email_or_phone).toBe(DEMO_CUSTOMER.phone);
    // No account: nothing was sent, and the answer says so rather than showing a code that would never work.
    const unknown = await post('/api/send-otp', { phone: '90000001', phone_code: '+968', forgot_password: true });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: NO_CODE_SENT, data: { email_or_phone: '90000001' } });
    // Only an HMAC of the code is stored.
    const row = await app.db.selectFrom('one_time_codes').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    // Keyed: not the bare digest of the code, which four digits would let anyone reverse.
    expect(row.code_hash).not.toBe(createHash('sha256').update(String(known.json().data.otp)).digest('hex'));
    // The code shown works.
    expect((await post('/api/verify-otp', { phone: DEMO_CUSTOMER.phone, otp: known.json().data.otp })).statusCode).toBe(200);
    clock.advance(2 * MIN);
  });

  it('splits an international number into dialling code and local number', async () => {
    clock.advance(2 * MIN);
    const sent = await sendCode('+968 9123 4567');
    expect(sent.email_or_phone).toBe(DEMO_CUSTOMER.phone);
    const ok = await post('/api/verify-otp', { phone: DEMO_CUSTOMER.phone, otp: sent.otp });
    expect(ok.statusCode).toBe(200);
    clock.advance(2 * MIN);
  });

  it('uses the code length from the settings', async () => {
    await app.db.updateTable('settings').set({ value: '6' }).where('key', '=', 'otp_length').execute();
    const me = await register(app);
    expect((await sendCode(me.email, {}, me.auth)).otp).toMatch(/^\d{6}$/);
    await app.db.updateTable('settings').set({ value: '4' }).where('key', '=', 'otp_length').execute();
  });

  it('refuses a resend within 60 s with 429, then allows it; the earlier code stays valid too', async () => {
    const me = await register(app);
    const first = await sendCode(me.phone, { phone_code: '+968' }, me.auth);
    const again = await post('/api/send-otp', { phone: me.phone, phone_code: '+968' }, undefined, me.auth);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(61_000);
    const second = await sendCode(me.phone, { phone_code: '+968' }, me.auth);
    expect(second.otp).toMatch(/^\d{4}$/);
    // A new code no longer voids the last one (a stranger's requests cannot block the owner's reset).
    expect((await post('/api/verify-otp', { phone: me.phone, otp: first.otp })).statusCode).toBe(200);
  });

  it('caps the codes per phone/email a day', async () => {
    const me = await register(app);
    for (let i = 0; i < 3; i++) {
      await sendCode(me.email, {}, me.auth);
      clock.advance(61_000);
    }
    const capped = await post('/api/send-otp', { phone: me.email }, undefined, me.auth);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe('Too many codes were requested today. Please try again tomorrow.');
    clock.advance(24 * 60 * MIN);
    await sendCode(me.email, {}, me.auth);
  });

  it("does not let a stranger's requests use up a verified owner's codes for the day (issue 41, finding 9)", async () => {
    const me = await register(app);
    // The owner proves the phone, signed in: the account is verified.
    const proof = await sendCode(me.phone, { phone_code: '+968' }, me.auth);
    expect((await post('/api/verify-otp', { phone: me.phone, otp: proof.otp })).statusCode).toBe(200);
    clock.advance(61_000);
    // A stranger, without a token, from other addresses, asks for reset codes past the daily cap (3 here).
    for (let i = 0; i < 4; i++) {
      expect(
        (await post('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: true }, `10.66.0.${i + 1}`))
          .statusCode,
      ).toBe(200);
      clock.advance(61_000);
    }
    // The owner, signed out, from home, still gets a code that works…
    const home = '10.77.0.9';
    const reset = await post('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: true }, home);
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/verify-otp', { phone: me.phone, otp: reset.json().data.otp }, home)).statusCode).toBe(200);
    // …while one address asking again and again meets the cap for itself.
    const stranger = '10.66.0.200';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      clock.advance(61_000);
      codes.push(
        (await post('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: true }, stranger)).statusCode,
      );
    }
    // The cap (3) counts the owner's own signed-in code and this address's: two more, then 429.
    expect(codes).toEqual([200, 200, 429, 429]);
    clock.advance(61_000);
    expect((await post('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: true }, home)).statusCode).toBe(
      200,
    );
    clock.advance(24 * 60 * MIN);
  });

  it('validates the body', async () => {
    const res = await post('/api/send-otp', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: ['The phone field is required.'] });
    const bad = await post('/api/send-otp', { phone: '912', phone_code: 'x' });
    expect(bad.json().errors).toEqual({ phone_code: ['The phone code is invalid.'] });
  });
});

describe('POST /api/verify-otp and /api/reset-password', () => {
  it('verifies a code once, marks the phone verified, and the reset token changes the password and revokes tokens', async () => {
    const me = await register(app);
    const { otp } = await sendCode(me.phone, { phone_code: '+968', forgot_password: true }, me.auth);
    const res = await post('/api/verify-otp', { phone: me.phone, otp });
    expect(res.statusCode).toBe(200);
    const { token } = res.json().data;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: me.auth });
    expect(profile.json().data.user).toMatchObject({ phone_verified: true, account_verified: true });

    const reused = await post('/api/verify-otp', { phone: me.phone, otp });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ otp: [INVALID_CODE] });

    const mismatch = await post('/api/reset-password', { token, password: 'new-password-1', password_confirmation: 'other' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Confirm Password does not match.'] });

    const reset = await post('/api/reset-password', {
      token,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toMatch(/password has been reset/);
    // The old token is revoked, the reset token is used up.
    expect((await app.inject({ method: 'GET', url: '/api/profile', headers: me.auth })).statusCode).toBe(401);
    const twice = await post('/api/reset-password', {
      token,
      password: 'new-password-2',
      password_confirmation: 'new-password-2',
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ token: [INVALID_RESET_TOKEN] });

    expect((await post('/api/login', { phone: me.phone, password: me.password })).statusCode).toBe(400);
    expect((await post('/api/login', { phone: me.phone, password: 'new-password-1' })).statusCode).toBe(200);
  });

  it('verifies an e-mail code and marks the e-mail verified', async () => {
    const me = await register(app);
    const { otp } = await sendCode(me.email.toUpperCase(), {}, me.auth);
    expect((await post('/api/verify-otp', { phone: me.email, otp })).statusCode).toBe(200);
    const user = (await app.inject({ method: 'GET', url: '/api/profile', headers: me.auth })).json().data.user;
    expect(user).toMatchObject({ email_verified: true, phone_verified: false });
  });

  it('burns a code after 5 wrong tries', async () => {
    const me = await register(app);
    const { otp } = await sendCode(me.phone, {}, me.auth);
    const wrong = otp === '0000' ? '1111' : '0000';
    for (let i = 1; i <= 5; i++) {
      const res = await post('/api/verify-otp', { phone: me.phone, otp: wrong });
      expect(res.statusCode).toBe(422);
      if (i === 5) expect(res.json().errors.otp[0]).toMatch(/Too many wrong attempts/);
    }
    const right = await post('/api/verify-otp', { phone: me.phone, otp });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({ otp: [INVALID_CODE] });
  });

  it('expires a code after 10 minutes', async () => {
    const me = await register(app);
    const { otp } = await sendCode(me.phone, {}, me.auth);
    clock.advance(10 * MIN + 1000);
    const res = await post('/api/verify-otp', { phone: me.phone, otp });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ otp: [INVALID_CODE] });
  });

  it('expires a reset token after 15 minutes', async () => {
    const me = await register(app);
    const { otp } = await sendCode(me.phone, {}, me.auth);
    const { token } = (await post('/api/verify-otp', { phone: me.phone, otp })).json().data;
    clock.advance(15 * MIN + 1000);
    const res = await post('/api/reset-password', { token, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ token: [INVALID_RESET_TOKEN] });
    expect((await app.inject({ method: 'GET', url: '/api/profile', headers: me.auth })).statusCode).toBe(200);
  });

  it('never succeeds for an unknown account: no code is sent, and none passes', async () => {
    clock.advance(2 * MIN);
    const sent = await post('/api/send-otp', { phone: '90000002', phone_code: '+968' });
    expect(sent.json()).toEqual({ message: NO_CODE_SENT, data: { email_or_phone: '90000002' } });
    for (const otp of ['0000', '1234']) {
      const res = await post('/api/verify-otp', { phone: '90000002', otp });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ otp: [INVALID_CODE] });
    }
  });

  it('refuses a garbage token and validates the fields', async () => {
    const res = await post('/api/reset-password', { token: 'nope', password: 'new-password-1' });
    expect(res.json().errors).toEqual({ token: [INVALID_RESET_TOKEN] });
    const empty = await post('/api/verify-otp', { phone: '', otp: 'ab' });
    expect(empty.json().errors).toEqual({
      phone: ['The phone or email field is required.'],
      otp: ['The otp field must contain digits only.'],
    });
  });
});

describe('forgot_otp_type: what a reset code request must name', () => {
  const setForgotType = (type: 'email' | 'phone') =>
    app.db
      .updateTable('settings')
      .set({ value: JSON.stringify(type) })
      .where('key', '=', 'forgot_otp_type')
      .execute();
  const announced = async () => (await app.inject({ method: 'GET', url: '/api/master' })).json().data.forgot_otp_type;

  it('phone (the default): a phone number; an e-mail is refused with 422 on the field', async () => {
    expect(await announced()).toBe('phone');
    const me = await register(app);
    const byEmail = await post('/api/send-otp', { phone: me.email, forgot_password: true });
    expect(byEmail.statusCode).toBe(422);
    expect(byEmail.json().errors).toEqual({ phone: [FORGOT_NEEDS_PHONE] });
    expect((await post('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: true })).statusCode).toBe(200);
    clock.advance(2 * MIN);
  });

  it('email: an e-mail address, and the code it sends resets the password; a phone number is refused', async () => {
    await setForgotType('email');
    try {
      const me = await register(app);
      // The owner's e-mail is verified first: reset codes go only to a verified address (decision 014).
      const own = await sendCode(me.email, {}, me.auth);
      expect((await post('/api/verify-otp', { phone: me.email, otp: own.otp })).statusCode).toBe(200);
      clock.advance(2 * MIN);

      const byPhone = await post('/api/send-otp', { phone: me.phone, phone_code: '+968', forgot_password: true });
      expect(byPhone.statusCode).toBe(422);
      expect(byPhone.json().errors).toEqual({ phone: [FORGOT_NEEDS_EMAIL] });
      const sent = await sendCode(me.email, { forgot_password: true });
      const verified = await post('/api/verify-otp', { phone: me.email, otp: sent.otp });
      expect(verified.statusCode).toBe(200);
      const reset = await post('/api/reset-password', {
        token: verified.json().data.token,
        password: 'by-mail-secret-7',
        password_confirmation: 'by-mail-secret-7',
      });
      expect(reset.statusCode).toBe(200);
      expect((await post('/api/login', { phone: me.email, password: 'by-mail-secret-7' })).statusCode).toBe(200);
      // Codes that are not for a reset (verifying one's own phone) go either way.
      expect((await post('/api/send-otp', { phone: me.phone, phone_code: '+968' }, undefined, me.auth)).statusCode).not.toBe(422);
      clock.advance(2 * MIN);
    } finally {
      await setForgotType('phone');
    }
  });
});

describe('rate limits of the code endpoints', () => {
  it('limits code checks per account and per IP', async () => {
    const limited = await createTestApp({
      now: clock.now,
      accounts: accountsConfig({ otpLimitPerAccount: 3, otpLimitPerIp: 5, otpDailyLimitPerIp: 2 }),
    });
    const me = await register(limited);
    const verify = (phone: string, addr: string) =>
      limited.inject({ method: 'POST', url: '/api/verify-otp', payload: { phone, otp: '0000' }, remoteAddress: addr });
    for (let i = 0; i < 3; i++) expect((await verify(me.phone, `10.30.0.${i}`)).statusCode).toBe(422);
    const perAccount = await verify(me.phone, '10.30.0.50');
    expect(perAccount.statusCode).toBe(429);
    expect(perAccount.json().message).toMatch(/^Too many code attempts\. Please try again in/);

    for (let i = 0; i < 5; i++) expect((await verify(`9111000${i}`, '10.31.0.1')).statusCode).toBe(422);
    expect((await verify('91110099', '10.31.0.1')).statusCode).toBe(429);

    // Daily cap of codes per IP (same answer for any phone).
    const send = (phone: string) =>
      limited.inject({ method: 'POST', url: '/api/send-otp', payload: { phone }, remoteAddress: '10.32.0.1' });
    expect((await send('92220001')).statusCode).toBe(200);
    expect((await send('92220002')).statusCode).toBe(200);
    const capped = await send('92220003');
    expect(capped.statusCode).toBe(429);
  });

  it('outside the local environment shows no code, and answers a known and an unknown account alike', async () => {
    const prod = await createTestApp({ accounts: accountsConfig() });
    const send = (phone: string) => prod.inject({ method: 'POST', url: '/api/send-otp', payload: { phone } });
    const known = await send(DEMO_CUSTOMER.email);
    const unknown = await send('nobody-at-all@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: CODE_SENT_IF_ACCOUNT, data: { email_or_phone: DEMO_CUSTOMER.email } });
    expect(unknown.json()).toEqual({ message: CODE_SENT_IF_ACCOUNT, data: { email_or_phone: 'nobody-at-all@example.com' } });
  });
});

describe('delivery drivers', () => {
  it('sends the code by e-mail through SMTP', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailApp = await createTestApp({
      accounts: accountsConfig({
        mail: { driver: 'smtp', host: '127.0.0.1', port, secure: false, from: 'Souq <no-reply@souq.test>' },
      }),
    });
    const res = await mailApp.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: DEMO_CUSTOMER.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.otp).toBeUndefined();
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatch(/^To: customer@souq\.om/m);
    const code = /verification code is (\d{4})\./.exec(received[0]!)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const ok = await mailApp.inject({
      method: 'POST',
      url: '/api/verify-otp',
      payload: { phone: DEMO_CUSTOMER.email, otp: code },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('sends the code by SMS through the http driver', async () => {
    const calls: Array<{ auth?: string; body: { to: string; message: string } }> = [];
    const gateway = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        calls.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    const smsApp = await createTestApp({ accounts: accountsConfig({ sms: { driver: 'http', url, token: 'sms-token' } }) });
    const res = await smsApp.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: DEMO_CUSTOMER.phone } });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && calls.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe('Bearer sms-token');
    expect(calls[0]!.body.to).toBe('+96891234567');
    const code = /code is (\d{4})\./.exec(calls[0]!.body.message)?.[1];
    const ok = await smsApp.inject({
      method: 'POST',
      url: '/api/verify-otp',
      payload: { phone: DEMO_CUSTOMER.phone, otp: code },
    });
    expect(ok.statusCode).toBe(200);
    // Nothing is sent for an unknown number, yet the answer is the same.
    const unknown = await smsApp.inject({ method: 'POST', url: '/api/send-otp', payload: { phone: '90000009' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ...res.json(), data: { email_or_phone: '90000009' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(calls).toHaveLength(1);
  });
});
