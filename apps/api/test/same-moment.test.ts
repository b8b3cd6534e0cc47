import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from './helpers';

/**
 * The same request sent many times at once (a double tap, a retry, two tabs) never answers 500 and leaves
 * the data as one of them would: one favourite, one account per phone, one default address. On PostgreSQL
 * these truly run at once.
 */
const app = await createTestApp();

const N = 12;
let phones = 0;
const phone = () => `9${String(7_000_000 + ++phones + Math.floor(Math.random() * 900_000)).padStart(7, '0')}`;

async function register(p = phone()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/registration',
    payload: {
      name: 'Same Moment',
      phone: p,
      email: `same${p}@example.com`,
      password: 'tidy-secret-41',
      country: 'Oman',
      phone_code: '+968',
    },
    remoteAddress: `10.77.${phones % 250}.${(phones * 7) % 250}`,
  });
  return res;
}

const atOnce = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: N }, make));

describe(`the same request many times at once (${testDialect()})`, () => {
  it('registers one account per phone: the others are refused, none with a 500', async () => {
    const p = phone();
    const answers = await atOnce(() => register(p));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
    const users = await app.db.selectFrom('users').select('id').where('phone', '=', p).execute();
    expect(users).toHaveLength(1);
  });

  it('adds or removes a favourite once per tap, never twice and never a 500', async () => {
    const { access, user } = (await register()).json().data as { access: { token: string }; user: { id: number } };
    const auth = { authorization: `Bearer ${access.token}` };
    const product = (await app.db.selectFrom('products').select('id').where('is_active', '=', 1).executeTakeFirstOrThrow()).id;
    const answers = await atOnce(() =>
      app.inject({ method: 'POST', url: '/api/favorite-add-or-remove', headers: auth, payload: { product_id: product } }),
    );
    expect(answers.map((r) => r.statusCode).filter((c) => c >= 500)).toEqual([]);
    const rows = await app.db
      .selectFrom('favorites')
      .select('id')
      .where('user_id', '=', user.id)
      .where('product_id', '=', product)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(1);
  });

  it('keeps one default address when several are added as the default at once', async () => {
    const token = (await register()).json().data.access.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const answers = await atOnce(() =>
      app.inject({
        method: 'POST',
        url: '/api/address/store',
        headers: auth,
        payload: { name: 'Home', phone: '91234567', address_type: 'home', address_line: 'Way 1, House 2', is_default: true },
      }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    const { total, addresses } = (await app.inject({ url: '/api/addresses', headers: auth })).json().data as {
      total: number;
      addresses: Array<{ is_default: boolean | number }>;
    };
    expect(total).toBe(N);
    expect(addresses).toHaveLength(N);
    expect(addresses.filter((a) => Number(a.is_default) === 1)).toHaveLength(1);
  });

  it('changes a password once when asked many times at once, and the account still signs in', async () => {
    const p = phone();
    const token = (await register(p)).json().data.access.token as string;
    const answers = await atOnce(() =>
      app.inject({
        method: 'POST',
        url: '/api/change-password',
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: 'tidy-secret-41', password: 'other-secret-52', password_confirmation: 'other-secret-52' },
      }),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: p, phone_code: '+968', password: 'other-secret-52' },
      remoteAddress: '10.78.0.1',
    });
    expect(login.statusCode).toBe(200);
  });
});
