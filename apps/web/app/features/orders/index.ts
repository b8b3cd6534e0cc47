/** The orders feature's public surface (the seller area shows orders with the same parts). */
export { OrderList, OrderListSkeleton } from './order-list';
export { OrderAddress, OrderAmounts, OrderItems, OrderPayment, OrderSection, OrderTimeline } from './order-view';
export {
  formatDateTime,
  isStatusKey,
  nextStatus,
  sellerMayCancel,
  StatusBadge,
  statusLabel,
  StatusTabs,
  type TabKey,
} from './status';
