/**
 * The orders feature's public surface (decision 016): what the seller area shows of an order as the
 * customer's pages do — its body (timeline, items, amounts, address, payment), its status badge and tabs'
 * keys, and the status chain's rules.
 */
export { OrderBody } from './order-view';
export { formatDateTime, isStatusKey, nextStatus, sellerMayCancel, StatusBadge, statusLabel, type TabKey } from './status';
export { Invoice, InvoiceMissing, InvoiceSkeleton } from './invoice';
