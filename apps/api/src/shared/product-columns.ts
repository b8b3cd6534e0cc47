import { searchIndexText } from './search-text';

/** A name in both languages (a brand's, a category's, a sub-category's). */
export interface NamePair {
  name: string;
  name_ar: string | null;
}

/** What a product's search columns are made of: its own texts and its brand's and categories' names. */
export interface ProductSearchSource extends NamePair {
  short_description: string | null;
  short_description_ar: string | null;
  brand: NamePair | null;
  category: NamePair;
  sub_category: NamePair | null;
}

/**
 * A product's `search_name` (its names) and `search_text` (names, short descriptions, brand, category
 * and sub-category names), as every writer of products stores them: the demo seeds, the generator and
 * the seller centre (migration 004; the search index and FTS read them).
 */
export function productSearchColumns(p: ProductSearchSource): { search_text: string; search_name: string } {
  return {
    search_text: searchIndexText(
      [
        p.name,
        p.name_ar ?? '',
        p.short_description ?? '',
        p.short_description_ar ?? '',
        p.brand?.name ?? '',
        p.brand?.name_ar ?? '',
        p.category.name,
        p.category.name_ar ?? '',
        p.sub_category?.name ?? '',
        p.sub_category?.name_ar ?? '',
      ].join(' '),
    ),
    search_name: searchIndexText(`${p.name} ${p.name_ar ?? ''}`),
  };
}

/** A product's `list_price` (baisa): its discount price when above 0 and below the price, else the price (migration 004). */
export const listPriceOf = (price: number, discountPrice: number): number =>
  discountPrice > 0 && discountPrice < price ? discountPrice : price;
