import type { OrderAddress, OrderSummary } from '@souq/contracts';
import { omr } from '../catalog';
import { MARKET_TIME_ZONE } from '../../shared/market-time';
import type { OrderRow } from './commerce.repository';

/** Orders are shown in Oman's time. */
const dateParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: MARKET_TIME_ZONE,
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});

/** A display-ready moment (API.md `placed_at`): "25 Nov, 2026 08:15 PM", Oman time. */
export function placedAt(iso: string): string {
  const parts = Object.fromEntries(dateParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month}, ${parts.year} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

export const orderAddress = (o: OrderRow): OrderAddress => JSON.parse(o.address) as OrderAddress;

export const orderSummary = (o: OrderRow): OrderSummary => ({
  id: o.id,
  order_code: o.order_code,
  shop_id: o.shop_id,
  quantity: o.quantity,
  amount: omr(o.payable_amount),
  payment_method: o.payment_method,
  payment_status: o.payment_status,
  order_status: o.order_status,
  created_at: o.created_at,
  placed_at: placedAt(o.created_at),
  address: orderAddress(o),
});
