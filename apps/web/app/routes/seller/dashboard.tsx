import { SellerDashboardScreen } from '~/features/seller/dashboard';
import { loadSellerDashboard } from '~/features/seller/dashboard-data';
import { sellerMeta } from '~/features/seller/meta';
import type { Route } from './+types/dashboard';

export const meta = sellerMeta('page.seller_dashboard');

/** The shop's figures; `/seller?order=…` (the orders' address before the dashboard) goes on to /seller/orders. */
export const clientLoader = loadSellerDashboard;

export function HydrateFallback() {
  return <SellerDashboardScreen />;
}

/** /seller: the seller centre's first page. */
export default function SellerDashboardPage({ loaderData }: Route.ComponentProps) {
  return <SellerDashboardScreen data={loaderData} />;
}
