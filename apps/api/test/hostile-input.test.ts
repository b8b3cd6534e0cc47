import { describe, expect, it } from 'vitest';
import { issueToken } from '../src/modules/auth/tokens';
import { createTestApp, testDialect, testOperator } from './helpers';

/**
 * Bad input never answers 500: every API route the app registered, called by the caller it admits, with
 * path parameters, queries and bodies of the wrong kind, size or range. Each answer must be below 500 and,
 * when a refusal, JSON with a message. Routes that answer with what is there (a list, a page) may answer 200.
 */
const app = await createTestApp();
const operatorId = await testOperator(app.db);

const apiRoutes = () => app.routeTable.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS');

const PATH_VALUES = ['0', '-1', 'abc', '99999999999999999999', '1.5', '1e3', '%00', '%E2%80%AE', 'x'.repeat(400)];

const long = 'ي'.repeat(100_000);
/** Field names the API's bodies use, each given a value of the wrong kind. */
const WRONG_KINDS: Record<string, unknown> = {
  product_id: 'x',
  quantity: -1,
  color: {},
  size: [],
  is_buy_now: 'maybe',
  shop_ids: 'a',
  shop_id: [1, 2],
  address_id: 1e30,
  payment_method: 7,
  coupon_code: ['a'],
  coupon_id: -5,
  name: 123,
  phone: {},
  phone_code: 968,
  email: ['a@b.c'],
  password: 1,
  password_confirmation: null,
  old_password: true,
  otp: 12.5,
  token: {},
  id: 'x',
  order_id: 'x',
  page: -1,
  per_page: 1e9,
  message: { a: 1 },
  body: [],
  subject: 1,
  issue_type_id: 'a',
  rating: 99,
  status: '__proto__',
  locale: 'xx',
  country: 5,
  address_line: [],
  area: {},
  is_default: 'yes',
  note: 3,
  conversation_id: 'x',
  product: 'x',
};
const HUGE_NUMBERS = Object.fromEntries(Object.keys(WRONG_KINDS).map((k) => [k, 2 ** 63]));
const LONG_STRINGS = Object.fromEntries(Object.keys(WRONG_KINDS).map((k) => [k, long]));
/** NUL and other control characters (PostgreSQL refuses a NUL in text: it must never get that far). */
/** Names every plain object inherits, as values (a lookup in a plain object finds them: issue 41, finding 4). */
const INHERITED_NAMES = Object.fromEntries(
  Object.keys(WRONG_KINDS).map((k, i) => [k, ['constructor', '__proto__', 'toString', 'hasOwnProperty'][i % 4]]),
);
const CONTROL_STRINGS = Object.fromEntries(Object.keys(WRONG_KINDS).map((k) => [k, 'a\u0000b\u0007\u202e']));

const BODIES: Array<[string, unknown]> = [
  ['empty object', {}],
  ['array', [1, 2]],
  ['null', null],
  ['wrong kinds', WRONG_KINDS],
  ['huge numbers', HUGE_NUMBERS],
  ['long strings', LONG_STRINGS],
  ['control characters', CONTROL_STRINGS],
  ['inherited names', INHERITED_NAMES],
  ['prototype keys', JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}')],
];
const QUERY =
  '?page=abc&per_page=-5&limit=1e309&search=%00&q=' +
  encodeURIComponent('x'.repeat(3000)) +
  '&category_id[]=x&sort=zzz&status=__proto__&is_buy_now=2&shop_id=1.5&min_price=-1&max_price=NaN';

/** Every query name the API reads, each a NUL and a bidi override. */
const CONTROL_QUERY =
  '?' +
  ['page', 'per_page', 'search', 'sort', 'status', 'category_id', 'sub_category_id', 'brand_id', 'shop_id', 'is_buy_now']
    .concat(['locale', 'type', 'q', 'code', 'coupon_code', 'order_id', 'slug', 'product_id', 'color', 'size', 'rating'])
    .concat(['min_price', 'max_price', 'token', 'session_id', 'ref', 'expires', 'signature', 'before', 'after', 'id'])
    .map((k) => `${k}=%00%E2%80%AE`)
    .join('&');

describe(`hostile input on every route (${testDialect()})`, () => {
  it('never answers 500, and refuses in JSON with a message', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const call = async (method: string, url: string, token: string | null, payload?: unknown) => {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: {
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const what = `${method} ${url.slice(0, 120)} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 60)}`;
      if (res.statusCode >= 500) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && !/\bjson\b/.test(String(res.headers['content-type'])))
        failures.push(`${what} → ${res.statusCode} not JSON (${res.headers['content-type']})`);
      else if (res.statusCode >= 400 && typeof res.json().message !== 'string')
        failures.push(`${what} → ${res.statusCode} without a message`);
    };
    /** A body of some other type, sent as it is. */
    const raw = async (method: string, url: string, token: string | null, type: string, payload: string) => {
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: { accept: 'application/json', 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${method} ${url} (${type}) → ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    for (const r of routes) {
      // Tokens of its own for each route (a logout or a password change before it revokes them).
      const customer = (await issueToken(app.db, 'user', 1)).token;
      const seller = (await issueToken(app.db, 'seller', 1)).token;
      const operator = (await issueToken(app.db, 'operator', operatorId)).token;
      const callers =
        r.auth === 'seller'
          ? [seller]
          : r.auth === 'operator'
            ? [operator]
            : r.auth === 'user' || r.auth === 'any'
              ? [customer]
              : r.auth === 'optional'
                ? [null, customer]
                : [null];
      const hasParams = r.url.includes(':');
      const urls = hasParams ? PATH_VALUES.map((v) => r.url.replace(/:(\w+)/g, v)) : [r.url];
      for (const token of callers) {
        for (const url of urls) {
          if (r.method === 'GET' || r.method === 'DELETE')
            for (const query of [QUERY, CONTROL_QUERY]) await call(r.method, url + query, token);
          else for (const [, body] of hasParams ? BODIES.slice(0, 2) : BODIES) await call(r.method, url, token, body);
        }
        // Other kinds of body: a form, a broken multipart one, and a multipart one of hostile fields.
        if (r.method !== 'GET' && r.method !== 'DELETE') {
          const url = r.url.replace(/:(\w+)/g, '1');
          const boundary = 'x-hostile';
          const fields = Object.entries({ ...WRONG_KINDS, ...CONTROL_STRINGS })
            .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`)
            .join('');
          const file = `--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="../../x\u0000.png"\r\ncontent-type: image/png\r\n\r\nnot a png\r\n`;
          for (const [type, payload] of [
            ['application/x-www-form-urlencoded', 'a=%00&b[]=1&quantity=-1'],
            [
              `multipart/form-data; boundary=${boundary}`,
              `--${boundary}\r\ncontent-disposition: form-data; name="a"\r\n\r\nno end`,
            ],
            [`multipart/form-data; boundary=${boundary}`, `${fields}${file}--${boundary}--\r\n`],
            ['text/plain', 'hello'],
          ] as Array<[string, string]>)
            await raw(r.method, url, token, type, payload);
        }
        // The path as declared, but for its parameters: a plain id, with every kind of hostile body or query.
        if (hasParams && r.method !== 'GET' && r.method !== 'DELETE')
          for (const [, body] of BODIES) await call(r.method, r.url.replace(/:(\w+)/g, '1'), token, body);
      }
    }
    console.log(`hostile input: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')}`);
    expect(failures).toEqual([]);
    // It did reach the validation of most routes (not only their authentication or a 404 of the path).
    expect(statuses.get(422) ?? 0).toBeGreaterThan(300);
  }, 300_000);
});
