import type { Generated } from 'kysely';

/** Migration 025: one refund asked for by an operator (decision 042). Money is integer baisa. */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  /** The request's Idempotency-Key (or one made for it); unique per order. */
  idem_key: string;
  request_hash: string;
  amount: number;
  /** gateway: through the gateway that took the payment; manual: recorded by hand (cash, bank transfer). */
  method: 'gateway' | 'manual';
  gateway: string | null;
  /** pending: written before the gateway is called, until its answer is recorded. */
  status: 'pending' | 'succeeded' | 'failed';
  reason: string;
  gateway_refund_id: string | null;
  failure: string | null;
  operator_id: number;
  operator_name: string;
  created_at: string;
  updated_at: string;
}

export interface AdminOrdersTables {
  order_refunds: OrderRefundsTable;
}
