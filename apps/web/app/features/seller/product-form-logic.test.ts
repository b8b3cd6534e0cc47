import type { SellerProduct } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  changedFields,
  createBodyOf,
  emptyProduct,
  moved,
  parseNumber,
  pictureProblem,
  savingOf,
  serverErrors,
  validateProduct,
  valuesOf,
} from './product-form-logic';

const t = (key: string, vars?: Record<string, string | number>) => (vars ? `${key} ${JSON.stringify(vars)}` : key);

const product: SellerProduct = {
  id: 7,
  slug: 'dates-box',
  name: 'Dates box',
  name_ar: 'علبة تمر',
  short_description: null,
  short_description_ar: 'تمر خلاص',
  description: '<p>Fresh</p>',
  description_ar: null,
  category_id: 3,
  sub_category_id: 11,
  brand_id: null,
  unit_id: 2,
  price: 4.5,
  discount_price: 0,
  quantity: 12,
  colors: [{ id: 1, price: 0 }],
  sizes: [
    { id: 4, price: 0.25 },
    { id: 5, price: 0.5 },
  ],
  video_url: null,
  meta_title: null,
  meta_description: null,
  meta_keywords: null,
  is_active: true,
  thumbnail: null,
  images: [],
  total_sold: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('changedFields', () => {
  it('is empty for the loaded product untouched', () => {
    expect(changedFields(valuesOf(product), product)).toEqual({});
  });

  it('sends only what changed: the price as a number, a cleared text as null', () => {
    const v = { ...valuesOf(product), price: '5.250', short_description_ar: '  ' };
    expect(changedFields(v, product)).toEqual({ price: 5.25, short_description_ar: null });
  });

  it('ignores a number typed differently but equal, and spaces around text', () => {
    const v = { ...valuesOf(product), price: '4.500', quantity: '١٢', name: ' Dates box ' };
    expect(changedFields(v, product)).toEqual({});
  });

  it('sends the whole list of sizes when one row changes, and empty rows are not sent', () => {
    const v = valuesOf(product);
    v.sizes = [
      { id: '4', price: '0.25' },
      { id: '5', price: '1' },
      { id: '', price: '0' },
    ];
    expect(changedFields(v, product)).toEqual({
      sizes: [
        { id: 4, price: 0.25 },
        { id: 5, price: 1 },
      ],
    });
  });

  it('sends a switched off product and a new sub-category', () => {
    const v = { ...valuesOf(product), is_active: false, sub_category_id: '' };
    expect(changedFields(v, product)).toEqual({ is_active: false, sub_category_id: null });
  });
});

describe('bodies', () => {
  it('a create leaves out the empty optional fields', () => {
    const body = createBodyOf({ ...emptyProduct, name: 'A', name_ar: 'أ', category_id: '3', price: '2' });
    expect(body).toEqual({
      name: 'A',
      name_ar: 'أ',
      category_id: 3,
      price: 2,
      discount_price: 0,
      quantity: 0,
      colors: [],
      sizes: [],
      is_active: true,
    });
  });

  it('bodyOf keeps every field', () => {
    expect(Object.keys(bodyOf(emptyProduct))).toHaveLength(Object.keys(emptyProduct).length);
  });
});

describe('parseNumber', () => {
  it('reads Arabic-Indic digits, the Arabic decimal separator and a comma', () => {
    expect(parseNumber('٤٫٥')).toBe(4.5);
    expect(parseNumber('4,25')).toBe(4.25);
    expect(parseNumber(' 10 ')).toBe(10);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1e3')).toBeNaN();
    expect(parseNumber('-1')).toBeNaN();
  });
});

describe('savingOf', () => {
  it('is the difference and the rounded percent, exact in baisa', () => {
    expect(savingOf('10', '7.5')).toEqual({ amount: 2.5, percent: 25 });
    expect(savingOf('0.3', '0.1')).toEqual({ amount: 0.2, percent: 67 });
    expect(savingOf('3', '2.999')).toEqual({ amount: 0.001, percent: 0 });
  });

  it('is null without a discount, with one not below the price, or with something not a number', () => {
    expect(savingOf('10', '0')).toBeNull();
    expect(savingOf('10', '10')).toBeNull();
    expect(savingOf('10', '12')).toBeNull();
    expect(savingOf('', '5')).toBeNull();
    expect(savingOf('abc', '5')).toBeNull();
  });
});

describe('validateProduct', () => {
  it('asks for the names, the category and the price', () => {
    expect(validateProduct(emptyProduct, t)).toEqual({
      name: 'sprod.err_required',
      name_ar: 'sprod.err_required',
      category_id: 'sprod.err_required',
      price: 'sprod.err_required',
    });
  });

  it('refuses a discount not below the price, more than 3 decimals, a fractional stock', () => {
    const v = { ...valuesOf(product), discount_price: '4.5', quantity: '1.5' };
    expect(validateProduct(v, t)).toEqual({ discount_price: 'sprod.err_discount_below', quantity: 'sprod.err_quantity' });
    expect(validateProduct({ ...v, discount_price: '1.2345', quantity: '1' }, t)).toEqual({
      discount_price: 'sprod.err_decimals',
    });
    expect(validateProduct({ ...v, price: '0', discount_price: '0', quantity: '1' }, t)).toEqual({
      price: 'sprod.err_price_positive',
    });
  });

  it('checks colour and size rows and the video address', () => {
    const v = valuesOf(product);
    v.colors = [{ id: '', price: '0' }];
    v.sizes = [
      { id: '4', price: '0' },
      { id: '4', price: '1' },
    ];
    v.video_url = 'https://example.com/v';
    expect(validateProduct(v, t)).toEqual({
      colors: 'sprod.err_choose_row',
      sizes: 'sprod.err_duplicate',
      video_url: 'sprod.err_video',
    });
    expect(validateProduct({ ...valuesOf(product), video_url: 'https://youtu.be/abc' }, t)).toEqual({});
  });
});

describe('serverErrors', () => {
  it('puts each 422 message beside its field; rows to their list; the rest above the form', () => {
    expect(
      serverErrors({
        price: ['The price field must be greater than 0.'],
        'sizes.1.price': ['The price field must be at least 0.'],
        'sizes.0.id': ['The selected size is invalid.'],
        images: ['At most 10 pictures.'],
        name_ar: [],
      }),
    ).toEqual({
      price: 'The price field must be greater than 0.',
      sizes: 'The price field must be at least 0.',
      _form: 'At most 10 pictures.',
    });
  });
});

describe('pictures', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(pictureProblem({ name: 'a.jpg', type: 'image/jpeg', size: 1000 }, t)).toBeNull();
    expect(pictureProblem({ name: 'a.gif', type: 'image/gif', size: 1000 }, t)).toMatch(/file_type/);
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 }, t)).toMatch(/file_size/);
  });

  it('moves a picture earlier or later, within the list', () => {
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
  });
});
