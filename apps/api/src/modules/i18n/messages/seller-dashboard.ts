/**
 * Strings of the seller centre's dashboard (and its name in the sections' navigation; the other sections
 * name themselves in their own files) (issue 36). Keep the
 * Arabic and English keys identical.
 */
export const en = {
  'page.seller_dashboard': 'Shop dashboard',

  'seller.nav_dashboard': 'Dashboard',

  'seller.dash.welcome': 'Welcome, {name}. Here is how {shop} is doing.',
  'seller.dash.orders': 'Orders by status',
  'seller.dash.see_orders': 'All orders',
  'seller.dash.sales': 'Sales',
  'seller.dash.sales_note': 'Amounts of orders not cancelled, by Oman’s calendar days.',
  'seller.dash.today': 'Today',
  'seller.dash.last_7_days': 'Last 7 days',
  'seller.dash.last_30_days': 'Last 30 days',
  'seller.dash.top_products': 'Best sellers',
  'seller.dash.sold': '{count} sold',
  'seller.dash.no_sales': 'No product has sold yet. Your best sellers will be listed here.',
  'seller.dash.low_stock': 'Low stock',
  'seller.dash.low_stock_note': 'Products with {count} or fewer left.',
  'seller.dash.left': '{count} left',
  'seller.dash.out_of_stock': 'Out of stock',
  'seller.dash.stock_ok': 'Every product has more than {count} in stock.',
  'seller.dash.empty_title': 'No orders yet',
  'seller.dash.empty_text': 'Add your products so that customers can find them. Their orders will show up here.',
  'seller.dash.add_product': 'Add a product',
} as const satisfies Record<string, string>;

export const ar = {
  'page.seller_dashboard': 'لوحة المتجر',

  'seller.nav_dashboard': 'لوحة التحكم',

  'seller.dash.welcome': 'أهلًا {name}، هذه أحوال {shop}.',
  'seller.dash.orders': 'الطلبات حسب الحالة',
  'seller.dash.see_orders': 'كل الطلبات',
  'seller.dash.sales': 'المبيعات',
  'seller.dash.sales_note': 'مبالغ الطلبات غير الملغاة، بأيام التقويم في عُمان.',
  'seller.dash.today': 'اليوم',
  'seller.dash.last_7_days': 'آخر 7 أيام',
  'seller.dash.last_30_days': 'آخر 30 يومًا',
  'seller.dash.top_products': 'الأكثر مبيعًا',
  'seller.dash.sold': 'المُباع: {count}',
  'seller.dash.no_sales': 'لم يُبع أي منتج بعد. ستظهر هنا منتجاتك الأكثر مبيعًا.',
  'seller.dash.low_stock': 'مخزون منخفض',
  'seller.dash.low_stock_note': 'المنتجات التي بقي منها {count} أو أقل.',
  'seller.dash.left': 'المتبقي: {count}',
  'seller.dash.out_of_stock': 'نفد المخزون',
  'seller.dash.stock_ok': 'لكل منتج أكثر من {count} في المخزون.',
  'seller.dash.empty_title': 'لا توجد طلبات بعد',
  'seller.dash.empty_text': 'أضف منتجاتك ليجدها العملاء، وستظهر طلباتهم هنا.',
  'seller.dash.add_product': 'أضف منتجًا',
} as const satisfies Record<string, string>;
