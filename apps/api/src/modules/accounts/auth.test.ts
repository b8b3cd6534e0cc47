import { describe, expect, it } from 'vitest';
import { userSchema } from '@souq/contracts';
import { createTestApp } from '../../../test/helpers';
import { DEMO_CUSTOMER } from '../../../seed';
import { createSemaphore, SemaphoreBusyError } from '../../shared/semaphore';
import { configurePasswordHashing, withPasswordSlot } from '../auth';
import { BAD_CREDENTIALS } from './auth.service';
import { accountsConfig, bearer, freshIdentity, register } from './test-support';

const app = await createTestApp({ accounts: accountsConfig({ loginLimitPerAccount: 3, loginLimitPerIp: 6 }) });

let ipCounter = 0;
const nextIp = () => `10.200.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const post = (url: string, payload: unknown, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers });

describe('POST /api/registration', () => {
  const valid = () => {
    const id = freshIdentity();
    return {
      name: 'Aisha Al-Balushi',
      phone: id.phone,
      email: id.email,
      password: 'a-good-password',
      password_confirmation: 'a-good-password',
      country: 'Oman',
      phone_code: '+968',
    };
  };

  it('creates the account, answers user and access, and the token works', async () => {
    const body = valid();
    const res = await post('/api/registration', { ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    const { data, message } = res.json();
    expect(message).toBe('Registration successful.');
    expect(userSchema.parse(data.user)).toMatchObject({
      name: body.name,
      phone: body.phone,
      email: body.email,
      phone_verified: false,
    });
    expect(data.access).toMatchObject({ auth_type: 'Bearer' });
    expect(data.access.token.length).toBeGreaterThanOrEqual(22);
    const stored = await app.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', data.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: bearer(data.access.token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.user.id).toBe(data.user.id);
  });

  it('refuses a duplicate phone or e-mail with 422 and writes nothing', async () => {
    const first = valid();
    expect((await post('/api/registration', first)).statusCode).toBe(200);
    const before = await app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const dupEmail = await post('/api/registration', { ...valid(), email: first.email });
    expect(dupEmail.statusCode).toBe(422);
    expect(dupEmail.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const dupPhone = await post('/api/registration', { ...valid(), phone: first.phone });
    expect(dupPhone.statusCode).toBe(422);
    expect(dupPhone.json().errors).toEqual({ phone: ['The phone has already been taken.'] });
    const demo = await post('/api/registration', { ...valid(), phone: DEMO_CUSTOMER.phone, email: DEMO_CUSTOMER.email });
    expect(Object.keys(demo.json().errors).sort()).toEqual(['email', 'phone']);
    const after = await app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each([
    ['name', { name: undefined }, 'The name field is required.'],
    ['name', { name: 'A' }, 'The name field must be at least 2 characters.'],
    ['phone', { phone: '91a23' }, 'The phone field must contain digits only.'],
    ['phone', { phone: '1234' }, 'The phone field must be at least 8 characters.'],
    ['phone', { phone: '' }, 'The phone field is required.'],
    ['email', { email: 'not-an-email' }, 'The email field must be a valid email address.'],
    ['password', { password: 'short', password_confirmation: 'short' }, 'The password field must be at least 8 characters.'],
    ['password', { password: undefined }, 'The password field is required.'],
    ['password_confirmation', { password_confirmation: 'different-one' }, 'Confirm Password does not match.'],
    ['country', { country: '' }, 'The country field is required.'],
    ['country', { country: undefined }, 'The country field is required.'],
    ['phone_code', { phone_code: '968' }, 'The phone code is invalid.'],
  ])('refuses a bad %s: %j', async (field, patch, message) => {
    const res = await post('/api/registration', { ...valid(), ...patch });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors[field]).toContain(message);
    expect(body.message).toContain(message);
  });

  it('answers 400 for malformed JSON, never 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/registration',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/login', () => {
  it('signs the demo customer in by phone, by phone with its code, by international number and by e-mail', async () => {
    const cases: Array<[string, string | undefined]> = [
      [DEMO_CUSTOMER.phone, undefined],
      [DEMO_CUSTOMER.phone, '+968'],
      ['+968 9123 4567', undefined],
      ['Customer@Souq.om', undefined],
    ];
    for (const [phone, phone_code] of cases) {
      const res = await post('/api/login', { phone, phone_code, password: DEMO_CUSTOMER.password }, `10.1.0.${phone.length}`);
      expect(res.statusCode, `${phone}: ${res.body}`).toBe(200);
      expect(res.json().data.user.email).toBe(DEMO_CUSTOMER.email);
    }
  });

  it('answers a wrong password exactly like an unknown account', async () => {
    const wrong = await post('/api/login', { phone: DEMO_CUSTOMER.email, password: 'wrong-password' }, '10.2.0.1');
    const unknown = await post('/api/login', { phone: 'nobody@example.com', password: 'wrong-password' }, '10.2.0.2');
    const unknownPhone = await post('/api/login', { phone: '99999999', password: 'password' }, '10.2.0.3');
    for (const res of [wrong, unknown, unknownPhone]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: BAD_CREDENTIALS });
    }
  });

  it('validates the fields', async () => {
    const res = await post('/api/login', {}, '10.3.0.1');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      phone: ['The phone field is required.'],
      password: ['The password field is required.'],
    });
    const empty = await post('/api/login', { phone: ' ', password: 'x' }, '10.3.0.1');
    expect(empty.json().errors).toEqual({ phone: ['The phone or email field is required.'] });
  });

  it('limits attempts on an account from one address (429 with a message and Retry-After), then per IP', async () => {
    const me = await register(app);
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/login', { phone: me.phone, password: 'nope-nope' }, '10.4.0.1')).statusCode).toBe(400);
    }
    const blocked = await post('/api/login', { phone: me.phone, password: me.password }, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 6; i++) {
      const res = await post('/api/login', { phone: `nobody${i}@example.com`, password: 'nope-nope' }, '10.5.0.1');
      expect(res.statusCode).toBe(400);
    }
    const ipBlocked = await post('/api/login', { phone: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }, '10.5.0.1');
    expect(ipBlocked.statusCode).toBe(429);
    // Another address is not affected.
    const other = await post('/api/login', { phone: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }, '10.5.0.2');
    expect(other.statusCode).toBe(200);
  });
});

describe('logout', () => {
  it.each(['GET', 'POST'] as const)('%s /api/logout revokes the token', async (method) => {
    const me = await register(app);
    const res = await app.inject({ method, url: '/api/logout', headers: me.auth });
    expect(res.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/profile', headers: me.auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await app.inject({ method, url: '/api/logout', headers: me.auth })).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/logout' })).statusCode).toBe(401);
  });
});

describe('password hashing semaphore', () => {
  it('runs at most N at once and refuses queued work after the timeout', async () => {
    const sem = createSemaphore(2, 10, 50);
    let inFlight = 0;
    let peak = 0;
    const work = () =>
      sem.run(async () => {
        peak = Math.max(peak, ++inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight--;
        return true;
      });
    expect(await Promise.all([work(), work(), work(), work()])).toEqual([true, true, true, true]);
    expect(peak).toBe(2);

    const slow = () => sem.run(() => new Promise((r) => setTimeout(r, 200)));
    const blockers = [slow(), slow()];
    await expect(sem.run(async () => 1)).rejects.toBeInstanceOf(SemaphoreBusyError);
    await Promise.all(blockers);
    expect(sem.running).toBe(0);
    expect(sem.waiting).toBe(0);
  });

  it('answers 503 with a message when the hashing queue times out', async () => {
    const busy = await createTestApp({
      accounts: accountsConfig({ passwordHashConcurrency: 1, passwordHashQueueTimeoutMs: 10, loginLimitPerIp: 1000 }),
    });
    const login = (i: number) =>
      busy.inject({ method: 'POST', url: '/api/login', payload: { phone: `x${i}@example.com`, password: 'whatever' } });
    // With the one hashing slot free, a wrong login is an ordinary 400.
    expect((await login(0)).statusCode).toBe(400);
    // With it held (as by a long hash), queued logins give up after 10 ms.
    let release!: () => void;
    const held = withPasswordSlot(() => new Promise<void>((r) => (release = r)));
    const results = await Promise.all(Array.from({ length: 3 }, (_, i) => login(i + 1)));
    release();
    await held;
    expect(results.map((r) => r.statusCode)).toEqual([503, 503, 503]);
    const refused = results.find((r) => r.statusCode === 503)!;
    expect(refused.json().message).toMatch(/Too many sign-in attempts right now/);
    expect(refused.headers['retry-after']).toBe('2');
    configurePasswordHashing({ concurrency: 4, queueTimeoutMs: 10_000 });
  });
});
