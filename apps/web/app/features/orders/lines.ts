import type { OrderDetail } from '@souq/contracts';

export type OrderLine = OrderDetail['products'][number];

/**
 * A line of an order by its own id, `line_id`. A line's `id` is its product's (the original web client
 * reads it so, issue 42): two lines of one product in other colours or sizes share it.
 */
export const lineOf = (order: Pick<OrderDetail, 'products'>, lineId: number | null): OrderLine | null =>
  lineId === null ? null : (order.products.find((p) => p.line_id === lineId) ?? null);
