import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from '../../../test/helpers';
import { listOrders, listQueries, type OrdersFilter } from './admin-orders.repository';

/**
 * The console's order list on 200,000 orders of 20,000 customers (decision 042): each filter's query
 * plan uses an index (no full sort of the orders table), and each page answers well under a budget.
 * Rows are made by the database itself (a recursive CTE), in a few seconds on either dialect.
 */
const app = await createTestApp();
const dialect = testDialect();
const ORDERS = 200_000;
const USERS = 20_000;
const BATCH = 10_000;
/** Generous: the test machine is shared; a page takes a few milliseconds when it is not. */
const BUDGET_MS = 400;

async function fill() {
  const shops = (await app.db.selectFrom('shops').select('id').orderBy('id').execute()).map((s) => s.id);
  const shopCase = `case (i % ${shops.length}) ${shops.map((id, k) => `when ${k} then ${id}`).join(' ')} end`;
  const pg = dialect === 'postgres';
  const pad = (expr: string, n: number) => (pg ? `lpad((${expr})::text, ${n}, '0')` : `printf('%0${n}d', ${expr})`);
  const isoOf = (secs: string) =>
    pg
      ? `to_char(to_timestamp(${secs}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${secs}, 'unixepoch')`;
  const firstUser = Number(
    (
      await app.db
        .selectFrom('users')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirstOrThrow()
    ).m ?? 0,
  );
  await sql
    .raw(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${USERS})
       insert into users (name, email, phone, phone_code, country, is_active, created_at, updated_at)
       select 'Bench Person ' || i, 'bench' || i || '@example.com', '9' || ${pad('i', 7)}, '+968', 'Oman', 1,
              '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z' from n`,
    )
    .execute(app.db);
  const statuses = `case (i % 7) when 0 then 'Pending' when 1 then 'Confirm' when 2 then 'Processing' when 3 then 'Pickup'
    when 4 then 'On The Way' when 5 then 'Delivered' else 'Cancelled' end`;
  // In batches: one statement for all of them would outlast PostgreSQL's statement timeout.
  for (let from = 1; from <= ORDERS; from += BATCH)
    await sql
      .raw(
        `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${Math.min(ORDERS, from + BATCH - 1)})
       insert into orders (order_code, user_id, shop_id, checkout_ref, quantity, total_amount, delivery_charge,
         coupon_discount, tax_amount, payable_amount, payment_method, payment_status, order_status, address,
         created_at, updated_at)
       select 'SQ' || ${pad('i', 8)}, ${firstUser} + 1 + (i % ${USERS}), ${shopCase}, 'bench' || i, 1, 1000, 0, 0, 0, 1000,
              case when i % 3 = 0 then 'thawani' else 'cash' end,
              case when i % 3 = 0 then 'Paid' else 'Unpaid' end, ${statuses}, '{}',
              ${isoOf(`1700000000 + i * 60`)}, ${isoOf(`1700000000 + i * 60`)} from n`,
      )
      .execute(app.db);
  await sql`analyze`.execute(app.db);
}

async function plan(f: OrdersFilter, page = 1): Promise<string> {
  const { rows, count } = listQueries(app.db, f, page, 20);
  const lines: string[] = [];
  for (const q of [rows.compile(), count.compile()]) {
    const prefix = dialect === 'postgres' ? 'explain ' : 'explain query plan ';
    const r = await app.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(prefix + q.sql, [...q.parameters]));
    lines.push(r.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n'));
  }
  return lines.join('\n---\n');
}

async function timed(f: OrdersFilter, page = 1) {
  await listOrders(app.db, f, page, 20); // warm
  const started = performance.now();
  const out = await listOrders(app.db, f, page, 20);
  return { ms: performance.now() - started, ...out };
}

describe(`the console's order list on ${ORDERS} orders (${dialect})`, () => {
  it('fills the database', { timeout: 120_000 }, async () => {
    await fill();
    const n = await app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThanOrEqual(ORDERS);
  });

  // The index each page's query reads (either dialect's choice where both are good: PostgreSQL walks
  // orders_created backwards when a third of the orders match, which stops after 20).
  const cases: Array<[string, OrdersFilter, RegExp]> = [
    ['no filter', {}, /orders_created/],
    ['order status', { orderStatus: 'Cancelled' }, /orders_status_created|orders_created/],
    ['payment status', { paymentStatus: 'Paid' }, /orders_payment_created|orders_created/],
    ['shop', { shopId: 2 }, /orders_shop_(created|status)|orders_created/],
    ['order number', { search: 'SQ00123456' }, /orders_order_code_unique|orders_order_code_key|sqlite_autoindex_orders/],
    ['customer name', { search: 'bench person 1234' }, /orders_user_status/],
    ['customer phone', { search: '+968 90012345' }, /orders_user_status/],
  ];
  for (const [name, f, index] of cases) {
    it(
      `by ${name}: an index, not a scan and sort of every order; a page in well under ${BUDGET_MS} ms`,
      { timeout: 60_000 },
      async () => {
        const p = await plan(f);
        console.log(`[${dialect}] ${name}\n${p}`);
        const page = p.split('\n---\n')[0]!;
        expect(page).toMatch(index);
        // The page's query never reads the whole table (a sort is only of the few orders of the customers found).
        expect(page).not.toMatch(/^SCAN o$|Seq Scan on orders/m);
        const { ms, rows, total } = await timed(f);
        console.log(`[${dialect}] ${name}: ${ms.toFixed(1)} ms, total ${total}`);
        expect(rows.length).toBeGreaterThan(0);
        expect(ms).toBeLessThan(BUDGET_MS);
      },
    );
  }

  it('a deep page of the unfiltered list stays fast', { timeout: 60_000 }, async () => {
    const { ms, rows } = await timed({}, 500);
    console.log(`[${dialect}] page 500: ${ms.toFixed(1)} ms`);
    expect(rows.length).toBe(20);
    expect(ms).toBeLessThan(BUDGET_MS);
  });
});
