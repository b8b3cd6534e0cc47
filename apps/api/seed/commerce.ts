import type { SeedContext } from './context';

const DAY = 86_400_000;

/** Free delivery from this items' subtotal on, per demo shop (OMR; 0 = never free). */
const FREE_DELIVERY_ABOVE = [20, 0, 15, 0, 25, 30, 0, 40];

/** The voucher codes' prefixes of the demo shops (catalogue.ts seeds their first vouchers). */
const PREFIXES = ['NIZWA', 'LUBAN', 'HALWA', 'MAJAN', 'LAYALI', 'OUD', 'MANDOOS', 'BAHLA'];

/**
 * Commerce demo data (issue 16; Oman's 5% VAT is base data, base.ts): free-delivery thresholds of some shops (each shop's
 * delivery charge comes with the catalogue), and for every shop a voucher that has not started yet and
 * one whose uses are all taken, beside the catalogue's running, expired and limited vouchers.
 */
export async function seedCommerce({ db }: SeedContext): Promise<void> {
  const now = Date.now();
  const at = (msFromNow: number) => new Date(now + msFromNow).toISOString();
  const shops = await db.selectFrom('shops').select('id').orderBy('id').execute();
  for (const [i, shop] of shops.entries()) {
    const above = FREE_DELIVERY_ABOVE[i] ?? 0;
    if (above > 0)
      await db
        .updateTable('shops')
        .set({ free_delivery_above: above * 1000 })
        .where('id', '=', shop.id)
        .execute();
    const p = PREFIXES[i] ?? `SHOP${shop.id}`;
    await db
      .insertInto('coupons')
      .values([
        {
          shop_id: shop.id,
          code: `${p}SOON`,
          discount_type: 'Percentage',
          discount: 15,
          min_order_amount: 8000,
          max_discount_amount: 6000,
          starts_at: at(5 * DAY),
          expires_at: at(35 * DAY),
          usage_limit: 300,
          used_count: 0,
          is_active: 1,
          created_at: at(-2 * DAY),
        },
        {
          shop_id: shop.id,
          code: `${p}FIRST50`,
          discount_type: 'Amount',
          discount: 3000,
          min_order_amount: 12000,
          max_discount_amount: null,
          starts_at: at(-20 * DAY),
          expires_at: at(10 * DAY),
          usage_limit: 50,
          used_count: 50,
          is_active: 1,
          created_at: at(-20 * DAY),
        },
      ])
      .execute();
  }
}
