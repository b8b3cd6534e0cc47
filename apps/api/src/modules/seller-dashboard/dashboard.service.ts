import {
  DASHBOARD_LOW_STOCK_MAX,
  DASHBOARD_TOP_PRODUCTS,
  LOW_STOCK_AT,
  type Locale,
  orderStatusKeys,
  orderStatusOf,
  type SellerDashboard,
} from '@souq/contracts';
import type { Db } from '../../db';
import { localized } from '../../shared/localized';
import { startOfDayIn } from '../../shared/market-time';
import { omr } from '../catalog';
import * as repo from './dashboard.repository';

/**
 * The seller's dashboard (BACKOFFICE.md "Seller centre"): the shop's orders by status, its sales of
 * today and the last 7 and 30 days (days begin at midnight in the marketplace's time zone; "the last 7
 * days" are today and the 6 before it), its best sellers and its products running out.
 */
export function createDashboardService(ctx: { db: Db; now: () => Date }) {
  const { db } = ctx;

  async function forShop(shopId: number, locale: Locale): Promise<SellerDashboard> {
    const now = ctx.now();
    const since = { today: startOfDayIn(now, 0), week: startOfDayIn(now, 6), month: startOfDayIn(now, 29) };
    const [counts, sales, top, low] = await Promise.all([
      repo.orderCounts(db, shopId),
      repo.salesSince(db, shopId, since),
      repo.topSellers(db, shopId, DASHBOARD_TOP_PRODUCTS),
      repo.lowStock(db, shopId, LOW_STOCK_AT, DASHBOARD_LOW_STOCK_MAX),
    ]);
    const wise = Object.fromEntries(orderStatusKeys.map((k) => [k, counts.get(orderStatusOf(k)) ?? 0])) as Omit<
      SellerDashboard['orders'],
      'all'
    >;
    return {
      orders: { all: [...counts.values()].reduce((s, n) => s + n, 0), ...wise },
      sales: { today: omr(sales.today), last_7_days: omr(sales.week), last_30_days: omr(sales.month) },
      top_products: top.map((p) => ({ id: p.id, name: localized(p.name, p.name_ar, locale), total_sold: p.total_sold })),
      low_stock: low.map((p) => ({ id: p.id, name: localized(p.name, p.name_ar, locale), quantity: p.quantity })),
    };
  }

  return { forShop };
}
