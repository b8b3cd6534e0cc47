/**
 * Strings of what the original storefront showed and ours lacked (issue 19): the home page's "Recently
 * viewed" row, the product page's share menu and its shop card. Keep the Arabic and English keys identical.
 */
export const en = {
  'recent.title': 'Recently viewed',
  'recent.failed': 'Your recently viewed products could not be loaded.',
  'recent.retry': 'Try again',
  'share.button': 'Share',
  'share.menu': 'Share this product',
  'share.copy_link': 'Copy link',
  'share.whatsapp': 'WhatsApp',
  'share.copied': 'Link copied',
  'share.copy_failed': 'The link could not be copied.',
  'share.text': '{name} on {app}',
  'shop_card.title': 'Sold by',
  'shop_card.visit_store': 'Visit store',
  'shop_card.delivery_charge': 'Delivery: {price}',
  'shop_card.free_delivery': 'Free delivery',
  'product.more_from_shop': 'More from {shop}',
} as const satisfies Record<string, string>;

export const ar = {
  'recent.title': 'شاهدتها مؤخرًا',
  'recent.failed': 'تعذّر تحميل المنتجات التي شاهدتها مؤخرًا.',
  'recent.retry': 'أعد المحاولة',
  'share.button': 'مشاركة',
  'share.menu': 'مشاركة هذا المنتج',
  'share.copy_link': 'نسخ الرابط',
  'share.whatsapp': 'واتساب',
  'share.copied': 'تم نسخ الرابط',
  'share.copy_failed': 'تعذّر نسخ الرابط.',
  'share.text': '{name} على {app}',
  'shop_card.title': 'البائع',
  'shop_card.visit_store': 'زيارة المتجر',
  'shop_card.delivery_charge': 'التوصيل: {price}',
  'shop_card.free_delivery': 'توصيل مجاني',
  'product.more_from_shop': 'المزيد من {shop}',
} as const satisfies Record<keyof typeof en, string>;
