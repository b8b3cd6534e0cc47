import { adminAuthResponseSchema, auditLogResponseSchema } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { DEMO_SELLERS } from '../../../seed';
import { recordAudit } from '../audit';
import { BAD_CREDENTIALS } from '../auth';
import { accountsConfig } from '../accounts/test-support';
import { createOperator } from './admin.service';

const app = await createTestApp({ accounts: accountsConfig({ loginLimitPerAccount: 3, loginLimitPerIp: 50 }) });

const PASSWORD = 'console-pass-4821';
const made = await createOperator(app.db, { email: ' Ops@Souq.OM ', name: 'Maryam Ops', password: PASSWORD }, new Date());
if (!('id' in made)) throw new Error(made.problems.join(' '));
const OPERATOR_ID = made.id;

let ip = 0;
const login = (email: string, password: string, remoteAddress = `10.80.0.${++ip}`) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, remoteAddress });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function operatorToken() {
  return adminAuthResponseSchema.parse((await login('ops@souq.om', PASSWORD)).json()).data.access.token;
}
async function customerToken() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { phone: 'customer@souq.om', password: 'password' },
    remoteAddress: '10.82.0.1',
  });
  return res.json().data.access.token as string;
}

describe('operator sign-in (BACKOFFICE.md "Roles")', () => {
  it('signs an operator in and answers access and user; /me answers the operator', async () => {
    const res = await login('OPS@souq.om', PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = adminAuthResponseSchema.parse(res.json());
    expect(data.user).toEqual({ id: OPERATOR_ID, name: 'Maryam Ops', email: 'ops@souq.om' });
    expect(data.access.auth_type).toBe('Bearer');
    expect(data.access.token.length).toBeGreaterThanOrEqual(40);
    const me = await app.inject({ url: '/api/admin/me', headers: bearer(data.access.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe('ops@souq.om');
    const row = await app.db
      .selectFrom('operators')
      .select('last_login_at')
      .where('id', '=', OPERATOR_ID)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
  });

  it("answers one message for a wrong password, an unknown e-mail, a seller's and a customer's e-mail", async () => {
    for (const [email, password] of [
      ['ops@souq.om', 'wrong-password'],
      ['nobody@souq.om', 'password'],
      [DEMO_SELLERS[0]!.email, 'password'],
      ['customer@souq.om', 'password'],
    ] as const) {
      const res = await login(email, password);
      expect({ email, status: res.statusCode, body: res.json() }).toEqual({
        email,
        status: 400,
        body: { message: BAD_CREDENTIALS },
      });
    }
  });

  it('refuses an inactive operator with the same message', async () => {
    const other = await createOperator(app.db, { email: 'off@souq.om', name: 'Off', password: PASSWORD }, new Date());
    if (!('id' in other)) throw new Error('not created');
    await app.db.updateTable('operators').set({ is_active: 0 }).where('id', '=', other.id).execute();
    const res = await login('off@souq.om', PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_CREDENTIALS });
  });

  it('refuses an empty body and a control character with 422', async () => {
    const empty = await app.inject({ method: 'POST', url: '/api/admin/login', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'password']);
    const nul = await login('ops@souq.om\u0000', PASSWORD);
    expect(nul.statusCode).toBe(422);
  });

  it('limits attempts on one operator from one address, then 429; the owner elsewhere still gets in', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login('ops@souq.om', 'nope-nope', '10.81.0.1')).statusCode);
    expect(codes.slice(0, 3)).toEqual([400, 400, 400]);
    const last = await login('ops@souq.om', PASSWORD, '10.81.0.1');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('ops@souq.om', PASSWORD, '10.81.0.2')).statusCode).toBe(200);
  });

  it('logs out: the token stops working at once; customer and seller tokens cannot open the console', async () => {
    const token = await operatorToken();
    expect((await app.inject({ url: '/api/admin/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/me', headers: bearer(token) })).statusCode).toBe(401);

    const customer = await customerToken();
    expect((await app.inject({ url: '/api/admin/audit-log', headers: bearer(customer) })).statusCode).toBe(403);
    const seller = (
      await app.inject({
        method: 'POST',
        url: '/api/seller/login',
        payload: { email: DEMO_SELLERS[0]!.email, password: 'password' },
        remoteAddress: '10.82.0.2',
      })
    ).json().data.access.token;
    expect((await app.inject({ url: '/api/admin/audit-log', headers: bearer(seller) })).statusCode).toBe(403);
    // And an operator's token opens nothing of the customers' or the sellers'.
    const op = await operatorToken();
    expect((await app.inject({ url: '/api/seller/me', headers: bearer(op) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/carts', headers: bearer(op) })).statusCode).toBe(403);
  });
});

describe('the audit log (GET /api/admin/audit-log)', () => {
  const base = Date.parse('2030-01-01T00:00:00.000Z');
  // Written after everything else in this database (2030): the first page holds them, newest first.
  const written = [
    {
      role: 'seller' as const,
      id: 3,
      name: 'Seller Three',
      shop: 3,
      action: 'product.update',
      type: 'product',
      target: 41,
      changes: { price: [10000, 12500] },
    },
    {
      role: 'seller' as const,
      id: 3,
      name: 'Seller Three',
      shop: 3,
      action: 'product.image.add',
      type: 'product',
      target: 41,
      changes: { images: [[], [7]] },
    },
    {
      role: 'seller' as const,
      id: 5,
      name: 'Seller Five',
      shop: 5,
      action: 'voucher.create',
      type: 'voucher',
      target: 9,
      changes: { code: [null, 'EID'] },
    },
    {
      role: 'operator' as const,
      id: OPERATOR_ID,
      name: 'Maryam Ops',
      shop: null,
      action: 'shop.approve',
      type: 'shop',
      target: 5,
      changes: { status: ['pending', 'active'] },
    },
    {
      role: 'operator' as const,
      id: OPERATOR_ID,
      name: 'Maryam Ops',
      shop: null,
      action: 'productive.update',
      type: 'x',
      target: null,
      changes: {},
    },
  ];
  const ready = (async () => {
    for (const [i, w] of written.entries())
      await recordAudit(
        app.db,
        { role: w.role, id: w.id, name: w.name, shopId: w.shop, ip: '192.0.2.7' },
        { action: w.action, targetType: w.type, targetId: w.target, changes: w.changes as never },
        new Date(base + i * 1000),
      );
  })();
  const list = async (query: string, token?: string) => {
    await ready;
    return app.inject({ url: `/api/admin/audit-log${query}`, headers: bearer(token ?? (await operatorToken())) });
  };

  it('answers entries newest first with actor, target and changes parsed, and the total', async () => {
    const res = await list('?per_page=5');
    expect(res.statusCode).toBe(200);
    const { data } = auditLogResponseSchema.parse(res.json());
    const all = await app.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(data.total).toBe(Number(all.n));
    expect(data.entries.map((e) => e.action)).toEqual(written.map((w) => w.action).reverse());
    expect(data.entries[4]).toEqual({
      id: expect.any(Number),
      actor: { role: 'seller', id: 3, name: 'Seller Three' },
      action: 'product.update',
      target: { type: 'product', id: 41 },
      changes: { price: [10000, 12500] },
      ip: '192.0.2.7',
      created_at: '2030-01-01T00:00:00.000Z',
    });
  });

  it('filters by role, by action and by an action prefix of whole words, and pages without overlap', async () => {
    const ops = auditLogResponseSchema.parse((await list('?actor_role=operator')).json()).data;
    expect(ops.total).toBe(2);
    expect(ops.entries.every((e) => e.actor.role === 'operator')).toBe(true);

    const exact = auditLogResponseSchema.parse((await list('?action=voucher.create&actor_role=seller')).json()).data;
    expect(exact.entries.map((e) => e.target)).toEqual([{ type: 'voucher', id: 9 }]);

    // `product` is every product action, not `productive.update`.
    const family = auditLogResponseSchema.parse((await list('?action=product')).json()).data;
    expect(family.entries.map((e) => e.action)).toEqual(['product.image.add', 'product.update']);
    expect(family.total).toBe(2);

    const first = auditLogResponseSchema.parse((await list('?action=product&per_page=1&page=1')).json()).data;
    const second = auditLogResponseSchema.parse((await list('?action=product&per_page=1&page=2')).json()).data;
    const third = auditLogResponseSchema.parse((await list('?action=product&per_page=1&page=3')).json()).data;
    expect([first.total, second.total, third.total]).toEqual([2, 2, 2]);
    expect([...first.entries, ...second.entries].map((e) => e.action)).toEqual(['product.image.add', 'product.update']);
    expect(third.entries).toEqual([]);
  });

  it('answers 422 with field errors for bad filters (and an empty one is no filter)', async () => {
    for (const [query, field] of [
      ['?actor_role=customer', 'actor_role'],
      ['?actor_role=admin', 'actor_role'],
      ['?action=DROP%20TABLE', 'action'],
      ['?action=product.%00', 'action'],
      [`?action=${'a'.repeat(65)}`, 'action'],
      ['?page=0', 'page'],
      ['?page=x', 'page'],
      ['?per_page=101', 'per_page'],
      ['?page=1e400', 'page'],
    ] as const) {
      const res = await list(query);
      expect({ query, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({
        query,
        status: 422,
        fields: [field],
      });
    }
    expect((await list('?actor_role=&action=')).statusCode).toBe(200);
  });

  it('refuses without a token (401) and with a customer token (403)', async () => {
    await ready;
    expect((await app.inject({ url: '/api/admin/audit-log' })).statusCode).toBe(401);
    expect((await list('', await customerToken())).statusCode).toBe(403);
  });
});

describe('createOperator (the admin:create command)', () => {
  it('refuses a short, common or blank password, a bad e-mail or name, and an e-mail taken', async () => {
    const now = new Date();
    const problems = async (input: { email: string; name: string; password: string }) => {
      const r = await createOperator(app.db, input, now);
      return 'problems' in r ? r.problems : [];
    };
    expect(await problems({ email: 'a@souq.om', name: 'A', password: 'short' })).toEqual([
      'The password must be at least 8 characters.',
    ]);
    expect((await problems({ email: 'a@souq.om', name: 'A', password: 'password' }))[0]).toMatch(/most common passwords/);
    expect(await problems({ email: 'a@souq.om', name: 'A', password: '          ' })).toEqual([
      'The password must not consist of spaces only.',
    ]);
    expect(await problems({ email: 'not-an-email', name: 'A', password: PASSWORD })).toEqual([
      'The email must be a valid email address.',
    ]);
    expect((await problems({ email: 'a@souq.om', name: ' ', password: PASSWORD }))[0]).toMatch(/name/);
    expect(await problems({ email: 'OPS@souq.om', name: 'Again', password: PASSWORD })).toEqual([
      'An operator with this email already exists.',
    ]);
  });
});
