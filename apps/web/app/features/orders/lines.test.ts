import { describe, expect, it } from 'vitest';
import { lineOf, type OrderLine } from './lines';

/** An order line as GET /order-details answers it: `id` the product's, `line_id` the line's (issue 42). */
const line = (lineId: number, productId: number | null, colour: string): OrderLine => ({
  id: productId,
  line_id: lineId,
  product_id: productId,
  name: `Scarf (${colour})`,
  thumbnail: null,
  brand: null,
  price: 4.5,
  unit_price: 4.5,
  quantity: 1,
  total: 4.5,
  size: null,
  color: colour,
  size_detail: null,
  color_detail: { id: lineId, name: colour, color_code: '#000000', price: 0 },
  unit: null,
  review: null,
  order_qty: 1,
  discount_price: 4.5,
  rating: null,
});

describe('order lines', () => {
  it('finds a line by its line_id, not by the product id two lines of one product share', () => {
    const order = { products: [line(31, 7, 'Red'), line(32, 7, 'Blue'), line(33, null, 'Gone')] };
    expect(lineOf(order, 32)?.color).toBe('Blue');
    expect(lineOf(order, 31)?.color).toBe('Red');
    expect(lineOf(order, 33)?.name).toBe('Scarf (Gone)');
    // A product id is not a line id.
    expect(lineOf(order, 7)).toBeNull();
    expect(lineOf(order, null)).toBeNull();
  });
});
