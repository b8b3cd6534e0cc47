import { parseProductQuery } from '@souq/contracts/product-query';
import { describe, expect, it } from 'vitest';
import { readListParams } from './list-params';

const read = (qs: string) => readListParams(new URLSearchParams(qs));

describe('readListParams: a list address read by the product-query parser the API uses', () => {
  it('keeps valid values, written as the API reads them', () => {
    expect(read('search=%20honey%20&category_id=3&brand_id=7,3,7&rating=4.5&min_price=1.5&sort_type=newest&page=2')).toEqual({
      search: 'honey',
      category_id: '3',
      brand_id: '7,3',
      rating: '4.5',
      min_price: '1.5',
      sort_type: 'newest',
      page: '2',
    });
  });

  it('reads an empty parameter as an absent one, as the original client sends them', () => {
    expect(read('page=1&per_page=20&search=&brand_id=&category_id=&sort_type=')).toEqual({ page: '1' });
    expect(read('search=%20%20&rating=')).toEqual({});
  });

  it('leaves invalid values out where the API would answer 422, and a max price under the min price', () => {
    const qs = 'category_id=abc&brand_id=1,,2&rating=6&sort_type=cheapest&page=0&min_price=9&max_price=3';
    expect(read(qs)).toEqual({ min_price: '9' });
    expect(Object.keys(parseProductQuery(new URLSearchParams(qs)).errors).sort()).toEqual(
      ['brand_id', 'category_id', 'max_price', 'page', 'rating', 'sort_type'].sort(),
    );
  });

  it('keeps only what a list address carries (the route sets the shop, page size and deals itself)', () => {
    expect(read('shop_id=2&per_page=100&deals=1&color_id=4')).toEqual({ color_id: '4' });
  });
});
