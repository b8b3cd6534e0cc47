// The operator console's large dataset (console.mjs, issue 37): shops with their owners (some applying,
// some suspended or rejected), customers, orders over them and audit-log entries, written by the
// database itself in bulk (a series of numbers turned into rows by one INSERT … SELECT per batch), in a
// few seconds on SQLite or PostgreSQL. The products come first, from apps/api/seed/generate-cli.ts (which
// also migrates and seeds the demo).
import { randomBytes } from 'node:crypto';

/** First names and family names of the generated customers (both languages). */
export const FIRST_NAMES = [
  'Ahmed',
  'Salim',
  'Fatma',
  'Maryam',
  'Khalid',
  'Aisha',
  'Said',
  'Huda',
  'Nasser',
  'Zainab',
  'Yousuf',
  'Muna',
];
export const FAMILY_NAMES = [
  'Al Balushi',
  'Al Harthy',
  'Al Busaidi',
  'Al Rawahi',
  'Al Hinai',
  'Al Kindi',
  'Al Lawati',
  'Al Maskari',
  'Al Amri',
  'Al Siyabi',
];
const ARABIC_NAMES = ['أحمد البلوشي', 'سالم الحارثي', 'فاطمة البوسعيدي', 'مريم الرواحي', 'خالد الهنائي', 'عائشة الكندي'];
/** Words of the generated shops' names. */
export const SHOP_WORDS = ['Muscat', 'Sohar', 'Nizwa', 'Salalah', 'Sur', 'Ibri', 'Rustaq', 'Bahla'];
const SHOP_KINDS = ['Traders', 'Perfumes', 'Dates', 'Electronics', 'Fashion', 'Sweets', 'Books', 'Home'];
const SHOP_KINDS_AR = ['تجارة', 'عطور', 'تمور', 'إلكترونيات', 'أزياء', 'حلويات', 'كتب', 'منزل'];
const SHOP_WORDS_AR = ['مسقط', 'صحار', 'نزوى', 'صلالة', 'صور', 'عبري', 'الرستاق', 'بهلاء'];
/** Actions of the generated audit entries, by role (as the code writes them). */
const SELLER_ACTIONS = [
  'product.update',
  'product.create',
  'product.image.add',
  'product.delete',
  'voucher.create',
  'voucher.update',
  'shop.update',
  'order.status',
];
const OPERATOR_ACTIONS = [
  'shop.approve',
  'shop.suspend',
  'order.refund',
  'customer.deactivate',
  'settings.update',
  'currency.update',
  'category.update',
  'ticket.reply',
];

const lit = (s) => `'${s.replace(/'/g, "''")}'`;
/** `case (expr) when 0 then list[0] … end` */
const pick = (expr, list) => `case (${expr}) ${list.map((v, k) => `when ${k} then ${lit(v)}`).join(' ')} end`;

/** A database handle that runs raw SQL: `{ dialect, run(sql), all(sql), close() }`. */
export async function openRaw({ sqliteFile, postgresUrl }) {
  if (postgresUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    return {
      dialect: 'postgres',
      run: async (q) => void (await client.query(q)),
      all: async (q) => (await client.query(q)).rows,
      close: () => client.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(sqliteFile);
  db.pragma('journal_mode = WAL');
  return {
    dialect: 'sqlite',
    run: async (q) => void db.exec(q),
    all: async (q) => db.prepare(q).all(),
    close: async () => db.close(),
  };
}

/**
 * Adds `shops` shops (with an owner each; the last ones applying, a few suspended and rejected),
 * `customers` customers, `orders` orders and `audit` audit entries. Returns the counts written.
 */
export async function fillConsoleData(raw, { shops, customers, orders, audit }) {
  const pg = raw.dialect === 'postgres';
  const pad = (expr, n) => (pg ? `lpad((${expr})::text, ${n}, '0')` : `printf('%0${n}d', ${expr})`);
  const iso = (secs) =>
    pg
      ? `to_char(to_timestamp(${secs}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${secs}, 'unixepoch')`;
  const div = (a, b) => (pg ? `((${a}) / ${b})` : `((${a}) / ${b})`);
  const series = (from, to) =>
    pg
      ? `with n(i) as (select generate_series(${from}, ${to})::bigint)`
      : `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to})`;
  // In batches: one statement for all of them would outlast PostgreSQL's statement timeout.
  const batched = async (count, make) => {
    for (let from = 1; from <= count; from += 20_000) await raw.run(make(from, Math.min(count, from + 19_999)));
  };
  const maxId = async (table) => Number((await raw.all(`select coalesce(max(id), 0) as m from ${table}`))[0].m);
  const tag = randomBytes(3).toString('hex');
  const begin = 1764547200; // 2025-12-01T00:00:00Z

  // Shops: k ≤ 88 % approved, then suspended, rejected and (the last ~6 %) pending applications.
  const firstShop = (await maxId('shops')) + 1;
  const approved = Math.floor(shops * 0.88);
  const suspended = approved + Math.floor(shops * 0.03);
  const rejected = suspended + Math.floor(shops * 0.03);
  const status = `case when i <= ${approved} then 'approved' when i <= ${suspended} then 'suspended' when i <= ${rejected} then 'rejected' else 'pending' end`;
  const shopName = `${pick('i % 8', SHOP_WORDS)} || ' ' || ${pick(div('i', 8) + ' % 8', SHOP_KINDS)} || ' ' || i`;
  const shopNameAr = `${pick(div('i', 8) + ' % 8', SHOP_KINDS_AR)} || ' ' || ${pick('i % 8', SHOP_WORDS_AR)} || ' ' || i`;
  await raw.run(`${series(1, shops)}
    insert into shops (name, name_ar, slug, search_text, is_active, status, created_at, applied_at, approved_at, phone, email)
    select ${shopName}, ${shopNameAr}, 'bench-${tag}-' || i, lower(${shopName} || ' ' || ${shopNameAr}),
      case when i <= ${approved} then 1 else 0 end, ${status}, ${iso(`${begin} + i * 3600`)}, ${iso(`${begin} + i * 3600`)},
      case when i <= ${approved} then ${iso(`${begin} + i * 3600 + 600`)} else null end,
      '7' || ${pad('i', 7)}, 'shop' || i || '-${tag}@example.com' from n`);
  await raw.run(`${series(1, shops)}
    insert into shop_users (shop_id, name, email, phone, password_hash, is_active, created_at)
    select ${firstShop} - 1 + i, 'Owner ' || i, 'owner' || i || '-${tag}@example.com', '7' || ${pad('i', 7)}, 'not-a-hash', 1,
      ${iso(`${begin} + i * 3600`)} from n`);

  // Customers: names from the lists (one in four in Arabic), unique phones 9xxxxxxx.
  const firstUser = (await maxId('users')) + 1;
  const userName = `case when i % 4 = 0 then ${pick(div('i', 4) + ' % 6', ARABIC_NAMES)} else ${pick('i % 12', FIRST_NAMES)} || ' ' || ${pick(div('i', 12) + ' % 10', FAMILY_NAMES)} end`;
  await batched(
    customers,
    (from, to) => `${series(from, to)}
    insert into users (name, email, phone, phone_code, country, is_active, created_at, updated_at)
    select ${userName}, 'customer' || i || '-${tag}@example.com', '9' || ${pad('i', 7)}, '+968', 'Oman', 1,
      ${iso(`${begin} + i * 600`)}, ${iso(`${begin} + i * 600`)} from n`,
  );

  // Orders: a fifth to the demo shops, the rest to the approved generated shops; every customer has a few.
  const demoShops = (await raw.all(`select id from shops where id < ${firstShop} order by id`)).map((r) => Number(r.id));
  const orderShop = `case when i % 5 = 0 then ${pick(`i % ${demoShops.length}`, demoShops.map(String)).replace(/'(\d+)'/g, '$1')} else ${firstShop} + ((i * 31) % ${approved}) end`;
  const orderStatus = pick('i % 7', ['Pending', 'Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered', 'Cancelled']);
  const method = pick('i % 4', ['cash', 'thawani', 'stripe', 'cash']);
  await batched(
    orders,
    (from, to) => `${series(from, to)}
    insert into orders (order_code, user_id, shop_id, checkout_ref, quantity, total_amount, delivery_charge, coupon_discount,
      tax_amount, payable_amount, payment_method, payment_status, order_status, address, paid_at, created_at, updated_at)
    select 'SQ' || ${pad('i', 8)}, ${firstUser} + ((i * 7919) % ${customers}), ${orderShop}, 'bench-${tag}-' || i, 1 + i % 3,
      1000 + (i % 50) * 250, 500, 0, 0, 1500 + (i % 50) * 250, ${method},
      case when i % 4 in (1, 2) then 'Paid' else 'Unpaid' end, ${orderStatus}, '{}',
      case when i % 4 in (1, 2) then ${iso(`${begin} + i * 150`)} else null end, ${iso(`${begin} + i * 150`)}, ${iso(`${begin} + i * 150`)}
    from n`,
  );

  // Audit entries: two in three by sellers (of the generated shops), the rest by operators.
  const action = `case when i % 3 = 0 then ${pick(div('i', 3) + ' % 8', OPERATOR_ACTIONS)} else ${pick('i % 8', SELLER_ACTIONS)} end`;
  await batched(
    audit,
    (from, to) => `${series(from, to)}, a(i, act) as (select i, ${action} from n)
    insert into audit_log (actor_role, actor_id, actor_name, shop_id, action, target_type, target_id, changes, ip, created_at)
    select case when i % 3 = 0 then 'operator' else 'seller' end, case when i % 3 = 0 then 1 + i % 5 else i % ${shops} + 1 end,
      case when i % 3 = 0 then 'Operator ' || (1 + i % 5) else 'Owner ' || (i % ${shops} + 1) end,
      case when i % 3 = 0 then null else ${firstShop} + i % ${shops} end,
      act, substr(act, 1, ${pg ? "strpos(act, '.')" : "instr(act, '.')"} - 1), i % 10000 + 1,
      '{"price":{"from":' || (i % 90 + 10) || ',"to":' || (i % 90 + 11) || '}}', '10.0.' || (i % 250) || '.' || (i % 200),
      ${iso(`${begin} + i * 300`)}
    from a`,
  );
  await raw.run('analyze');
  if (!pg) await raw.run('pragma wal_checkpoint(TRUNCATE)');
  return { shops, customers, orders, audit, firstShop, firstUser };
}
