import { sellerAuthResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { DEMO_SELLERS } from '../../../seed';
import { BAD_CREDENTIALS } from '../auth';
import { accountsConfig } from '../accounts/test-support';

const app = await createTestApp({ accounts: accountsConfig({ loginLimitPerAccount: 3, loginLimitPerIp: 50 }) });

let ip = 0;
const login = (email: string, password: string, remoteAddress = `10.90.0.${++ip}`) =>
  app.inject({ method: 'POST', url: '/api/seller/login', payload: { email, password }, remoteAddress });

describe('seller sign-in (API.md "Seller side")', () => {
  it('signs a seller in with e-mail and password and answers access, user and their shop', async () => {
    const seller = DEMO_SELLERS[2]!;
    const res = await login(seller.email.toUpperCase(), 'password');
    expect(res.statusCode).toBe(200);
    const body = sellerAuthResponseSchema.parse(res.json());
    expect(body.data.user.email).toBe(seller.email);
    expect(body.data.shop.id).toBe(seller.shop_id);
    expect(body.data.access.token.length).toBeGreaterThanOrEqual(40);

    const me = await app.inject({ url: '/api/seller/me', headers: { authorization: `Bearer ${body.data.access.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.shop.id).toBe(seller.shop_id);
  });

  it('answers one message for a wrong password, an unknown seller and a customer e-mail', async () => {
    for (const [email, password] of [
      [DEMO_SELLERS[0]!.email, 'wrong-password'],
      ['nobody@souq.om', 'password'],
      ['customer@souq.om', 'password'],
    ] as const) {
      const res = await login(email, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: BAD_CREDENTIALS });
    }
  });

  it('refuses an empty body with field errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/seller/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('refuses an e-mail with a control character (a NUL would reach the database) with 422', async () => {
    const res = await login(`${DEMO_SELLERS[0]!.email}\u0000`, 'password');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email field must not contain control characters.']);
  });

  it('limits attempts on one seller from one address, then 429 with Retry-After', async () => {
    const email = DEMO_SELLERS[4]!.email;
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login(email, 'nope-nope', '10.91.0.1')).statusCode);
    expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
    const last = await login(email, 'password', '10.91.0.1');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The owner elsewhere still gets in.
    expect((await login(email, 'password', '10.91.0.2')).statusCode).toBe(200);
  });

  it('logs out: the token stops working; a customer token cannot use the seller area', async () => {
    const { data } = (await login(DEMO_SELLERS[1]!.email, 'password')).json();
    const auth = { authorization: `Bearer ${data.access.token}` };
    expect((await app.inject({ url: '/api/seller/logout', headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/seller/me', headers: auth })).statusCode).toBe(401);

    const customer = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: 'customer@souq.om', password: 'password' },
      remoteAddress: '10.92.0.1',
    });
    const token = customer.json().data.access.token;
    expect((await app.inject({ url: '/api/seller/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    // And a seller token is refused on a customer call.
    const seller = (await login(DEMO_SELLERS[1]!.email, 'password')).json().data.access.token;
    expect((await app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${seller}` } })).statusCode).toBe(403);
  });
});
