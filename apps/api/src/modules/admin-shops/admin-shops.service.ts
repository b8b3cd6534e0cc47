import {
  ADMIN_SHOPS_PER_PAGE,
  type AdminDashboard,
  type AdminShop,
  type AdminShopRow,
  type AdminShops,
  type AdminShopsQuery,
} from '@souq/contracts';
import type { Db } from '../../db';
import { startOfDayIn } from '../../shared/market-time';
import { searchTerms } from '../../shared/search-text';
import { failedCount } from '../admin-notifications';
import { omr } from '../catalog';
import * as repo from './admin-shops.repository';

const toRow = (r: repo.ShopListRow): AdminShopRow => ({
  id: r.id,
  name: r.name,
  name_ar: r.name_ar,
  logo: r.logo,
  status: repo.consoleStatus(r.status),
  owner: { name: r.owner_name, email: r.owner_email, phone: r.owner_phone },
  total_products: Number(r.total_products),
  total_orders: Number(r.total_orders),
  created_at: r.created_at,
});

const toShop = (r: repo.ShopDetailRow): AdminShop => ({
  ...toRow(r),
  slug: r.slug,
  phone: r.phone,
  email: r.email,
  address: r.address,
  address_ar: r.address_ar,
  short_description: r.short_description,
  short_description_ar: r.short_description_ar,
  is_open: Number(r.is_open) === 1,
  rating: Number(r.rating),
  total_reviews: Number(r.total_reviews),
  owner: {
    id: r.owner_id,
    name: r.owner_name,
    email: r.owner_email,
    phone: r.owner_phone,
    locale: r.owner_locale === 'en' || r.owner_locale === 'ar' ? r.owner_locale : null,
  },
  applied_at: r.applied_at,
  approved_at: r.approved_at,
  status_reason: r.status_reason,
  status_changed_at: r.status_changed_at,
  total_sales: omr(Number(r.total_sales ?? 0)),
});

/** The console's reads of shops and its dashboard (BACKOFFICE.md "Operator console"). */
export function createAdminShopsService(ctx: { db: Db; now: () => Date }) {
  const { db } = ctx;

  async function list(q: AdminShopsQuery): Promise<AdminShops> {
    const page = q.page ?? 1;
    const perPage = q.per_page ?? ADMIN_SHOPS_PER_PAGE;
    const search = q.search?.trim() ?? '';
    const filter: repo.ShopFilter = {
      status: q.status ?? 'all',
      terms: searchTerms(search),
      id: /^\d{1,9}$/.test(search) ? Number(search) : null,
    };
    // Words that normalise to nothing (only punctuation) match every shop, as no search does.
    const [total, rows] = await Promise.all([
      repo.countShops(db, filter),
      repo.listShops(db, filter, perPage, (page - 1) * perPage),
    ]);
    return { total, shops: rows.map(toRow) };
  }

  async function one(id: number): Promise<AdminShop | null> {
    const row = await repo.findShop(db, id);
    return row ? toShop(row) : null;
  }

  /** Days begin at midnight in the marketplace's time zone; the last 30 days are today and the 29 before. */
  async function dashboard(): Promise<AdminDashboard> {
    const now = ctx.now();
    const since = { today: startOfDayIn(now, 0), month: startOfDayIn(now, 29) };
    const [shops, orders, customers, tickets, refunds, failedNotifications] = await Promise.all([
      repo.shopCounts(db),
      repo.ordersSince(db, since),
      repo.customerCounts(db, since.month),
      repo.openTickets(db),
      repo.refundsDue(db),
      failedCount(db),
    ]);
    return {
      shops: { pending: shops.get('pending') ?? 0, active: shops.get('approved') ?? 0, suspended: shops.get('suspended') ?? 0 },
      orders: { today: orders.today, last_30_days: orders.month },
      sales: { last_30_days: omr(orders.sales) },
      customers: { total: customers.total, new_last_30_days: customers.recent },
      tickets: { open: tickets },
      refunds: { due: refunds },
      notifications: { failed: failedNotifications },
    };
  }

  return { list, one, dashboard };
}
