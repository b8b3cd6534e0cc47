import { z } from 'zod';
import { envelope } from './common';
import { statusWiseOrdersSchema } from './commerce';

// ---------------------------------------------------------------------------------------------------
// Seller centre: the dashboard (BACKOFFICE.md "Seller centre", `GET /api/seller/dashboard`). The signed-in
// seller's shop only. Money: numbers in the default currency (OMR, 3 decimals).
// ---------------------------------------------------------------------------------------------------

/** Products listed under "top products" (most units sold first). */
export const DASHBOARD_TOP_PRODUCTS = 5;
/** Products listed under "low stock" at most (least stock first); "low" is LOW_STOCK_AT or less. */
export const DASHBOARD_LOW_STOCK_MAX = 10;

const productLine = z.object({ id: z.number().int(), name: z.string() });

export const sellerDashboardSchema = z.object({
  /** The shop's orders by status, as `status_wise_orders` of `GET /api/seller/orders` names them (and `all`). */
  orders: statusWiseOrdersSchema,
  /**
   * The payable amounts of the shop's orders that are not cancelled, placed since midnight (the
   * marketplace's time, Asia/Muscat) today, 6 days before today and 29 days before today.
   */
  sales: z.object({ today: z.number(), last_7_days: z.number(), last_30_days: z.number() }),
  /** Units sold of the shop's products (cancelled orders given back), most first; archived ones left out. */
  top_products: z.array(productLine.extend({ total_sold: z.number().int() })),
  /** Products (not archived) with LOW_STOCK_AT or fewer in stock, least first, DASHBOARD_LOW_STOCK_MAX at most. */
  low_stock: z.array(productLine.extend({ quantity: z.number().int() })),
});
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;

export const sellerDashboardResponseSchema = envelope(sellerDashboardSchema);
