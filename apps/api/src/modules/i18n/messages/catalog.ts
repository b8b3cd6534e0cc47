/** Strings of the catalog screens. Keep the Arabic and English keys identical (a test checks it). */
export const en = {
  'catalog.pagination': 'Pages',
  'catalog.previous_page': 'Previous page',
  'catalog.next_page': 'Next page',
  'catalog.page_n': 'Page {n}',
  'catalog.countdown_days': 'Days',
  'catalog.countdown_hours': 'Hours',
  'catalog.countdown_minutes': 'Min',
  'catalog.countdown_seconds': 'Sec',
  'catalog.rating_of': 'Rated {rating} out of 5',
  'catalog.was_price': 'Was {price}',
  'catalog.out_of_stock': 'Out of stock',
  'catalog.see_all': 'See all',
} as const satisfies Record<string, string>;

export const ar: Record<keyof typeof en, string> = {
  'catalog.pagination': 'الصفحات',
  'catalog.previous_page': 'الصفحة السابقة',
  'catalog.next_page': 'الصفحة التالية',
  'catalog.page_n': 'الصفحة {n}',
  'catalog.countdown_days': 'يوم',
  'catalog.countdown_hours': 'ساعة',
  'catalog.countdown_minutes': 'دقيقة',
  'catalog.countdown_seconds': 'ثانية',
  'catalog.rating_of': 'التقييم {rating} من 5',
  'catalog.was_price': 'السعر السابق {price}',
  'catalog.out_of_stock': 'نفدت الكمية',
  'catalog.see_all': 'عرض الكل',
};
