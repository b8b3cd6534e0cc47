import type { FastifyInstance } from 'fastify';
import type { AccountsConfig } from '../../config';
import { testConfig } from '../../config';

/** The accounts config of the tests with some values changed. */
export function accountsConfig(patch: Partial<AccountsConfig> = {}): AccountsConfig {
  const base = testConfig({ database: { dialect: 'sqlite', file: ':memory:' } }).accounts;
  return { ...base, otpSecret: 'test-secret-test-secret-test-secret-0123', ...patch };
}

/** A clock the tests move by hand. */
export function manualClock(start = Date.parse('2026-03-01T08:00:00.000Z')) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

let counter = 0;
/** A unique phone number and e-mail for a new test account. */
export function freshIdentity() {
  counter++;
  const n = `${Date.now() % 1_000_000}${counter}`.padStart(8, '7').slice(-8);
  return { phone: `9${n}`, email: `user${n}-${counter}@example.com` };
}

export async function register(app: FastifyInstance, over: Record<string, unknown> = {}) {
  const id = freshIdentity();
  const payload = {
    name: 'Test Customer',
    phone: id.phone,
    email: id.email,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    country: 'Oman',
    phone_code: '+968',
    ...over,
  };
  const remoteAddress = `10.250.${counter % 250}.${Math.floor(Math.random() * 250)}`;
  const res = await app.inject({ method: 'POST', url: '/api/registration', payload, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const { data } = res.json() as { data: { user: { id: number }; access: { token: string } } };
  return { ...payload, user: data.user, token: data.access.token, auth: { authorization: `Bearer ${data.access.token}` } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
