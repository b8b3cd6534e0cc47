import { CONTACT_SETTINGS } from '../src/db/migrations/010-support';
import type { SeedContext } from './context';

/** Site settings, currencies, languages, menus, footers: what /master answers. */
export async function seedSettings({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('currencies')
    .values([
      {
        code: 'OMR',
        name: 'Omani Rial',
        name_ar: 'ريال عماني',
        symbol: 'OMR',
        symbol_ar: 'ر.ع.',
        position: 'suffix',
        is_default: 1,
        rate: 1,
        rate_from_default: 1,
        decimals: 3,
        is_active: 1,
        sort: 0,
      },
      {
        code: 'USD',
        name: 'US Dollar',
        name_ar: 'دولار أمريكي',
        symbol: '$',
        symbol_ar: '$',
        position: 'prefix',
        is_default: 0,
        rate: 2.6008,
        rate_from_default: 2.6008,
        decimals: 2,
        is_active: 1,
        sort: 1,
      },
      {
        code: 'SAR',
        name: 'Saudi Riyal',
        name_ar: 'ريال سعودي',
        symbol: 'SAR',
        symbol_ar: 'ر.س',
        position: 'suffix',
        is_default: 0,
        rate: 9.7529,
        rate_from_default: 9.7529,
        decimals: 2,
        is_active: 1,
        sort: 2,
      },
      {
        code: 'AED',
        name: 'UAE Dirham',
        name_ar: 'درهم إماراتي',
        symbol: 'AED',
        symbol_ar: 'د.إ',
        position: 'suffix',
        is_default: 0,
        rate: 9.5515,
        rate_from_default: 9.5515,
        decimals: 2,
        is_active: 1,
        sort: 3,
      },
      {
        code: 'EUR',
        name: 'Euro',
        name_ar: 'يورو',
        symbol: '€',
        symbol_ar: '€',
        position: 'prefix',
        is_default: 0,
        rate: 2.2393,
        rate_from_default: 2.2393,
        decimals: 2,
        is_active: 1,
        sort: 4,
      },
    ])
    .execute();

  await db
    .insertInto('languages')
    .values([
      { name: 'ar', title: 'العربية', direction: 'rtl', is_default: 1, is_active: 1, sort: 0 },
      { name: 'en', title: 'English', direction: 'ltr', is_default: 0, is_active: 1, sort: 1 },
    ])
    .execute();

  await db
    .insertInto('menus')
    .values([
      { name: 'Shops', name_ar: 'المتاجر', url: '/shops', is_external: 0, target: '_self', sort: 0 },
      { name: 'Most Popular', name_ar: 'الأكثر رواجاً', url: '/most-popular', is_external: 0, target: '_self', sort: 1 },
      { name: 'Best Deals', name_ar: 'أفضل العروض', url: '/best-deal', is_external: 0, target: '_self', sort: 2 },
      { name: 'Blog', name_ar: 'المدونة', url: '/blogs', is_external: 0, target: '_self', sort: 3 },
      {
        name: 'Visit Oman',
        name_ar: 'زوروا عُمان',
        url: 'https://www.omantourism.gov.om',
        is_external: 1,
        target: '_blank',
        sort: 4,
      },
    ])
    .execute();

  const footers = [
    {
      title: 'Souq Oman',
      title_ar: 'سوق عُمان',
      items: [
        { type: 'logo', title: 'Souq Oman', title_ar: 'سوق عُمان', url: '/' },
        {
          type: 'text',
          title: 'Shops from every corner of Oman, delivered to your door.',
          title_ar: 'متاجر من كل أنحاء عُمان، تصلك حتى باب بيتك.',
          url: null,
        },
        { type: 'social_links', title: 'Follow us', title_ar: 'تابعونا', url: null },
      ],
    },
    {
      title: 'Customer care',
      title_ar: 'خدمة العملاء',
      items: [
        { type: 'link', title: 'Support', title_ar: 'الدعم', url: '/support' },
        { type: 'link', title: 'Contact us', title_ar: 'اتصل بنا', url: '/contact-us' },
        { type: 'link', title: 'Terms & Conditions', title_ar: 'الشروط والأحكام', url: '/terms-and-conditions' },
        { type: 'link', title: 'Privacy Policy', title_ar: 'سياسة الخصوصية', url: '/privacy-policy' },
        { type: 'link', title: 'Return policy', title_ar: 'سياسة الإرجاع', url: '/page/return-policy' },
        { type: 'link', title: 'Shipping policy', title_ar: 'سياسة الشحن', url: '/page/shipping-policy' },
      ],
    },
    {
      title: 'Explore',
      title_ar: 'تصفّح',
      items: [
        { type: 'link', title: 'About us', title_ar: 'من نحن', url: '/about-us' },
        { type: 'link', title: 'All shops', title_ar: 'كل المتاجر', url: '/shops' },
        { type: 'link', title: 'Categories', title_ar: 'الأقسام', url: '/categories' },
        { type: 'link', title: 'Blog', title_ar: 'المدونة', url: '/blogs' },
        { type: 'link', title: 'Oman Post', title_ar: 'بريد عُمان', url: 'https://omanpost.om' },
      ],
    },
    {
      title: 'Get in touch',
      title_ar: 'تواصل معنا',
      items: [
        { type: 'phone', title: '+968 2456 7890', title_ar: '+968 2456 7890', url: 'tel:+96824567890' },
        { type: 'email', title: 'care@souq.om', title_ar: 'care@souq.om', url: 'mailto:care@souq.om' },
        { type: 'text', title: 'Al Khuwair, Muscat, Sultanate of Oman', title_ar: 'الخوير، مسقط، سلطنة عُمان', url: null },
        { type: 'app_store', title: 'Download our app', title_ar: 'حمّل تطبيقنا', url: null },
      ],
    },
  ] as const;
  for (const [i, f] of footers.entries()) {
    const { id } = await db
      .insertInto('footers')
      .values({ title: f.title, title_ar: f.title_ar, sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('footer_items')
      .values(
        f.items.map((item, j) => ({
          footer_id: id,
          type: item.type,
          title: item.title,
          title_ar: item.title_ar,
          url: item.url,
          target: item.url?.startsWith('http') ? ('_blank' as const) : ('_self' as const),
          sort: j,
        })),
      )
      .execute();
  }

  await db
    .insertInto('social_links')
    .values([
      { name: 'Instagram', link: 'https://instagram.com/souq.om', logo: '/uploads/social/instagram.svg', sort: 0 },
      { name: 'X', link: 'https://x.com/souq_om', logo: '/uploads/social/x.svg', sort: 1 },
      { name: 'Facebook', link: 'https://facebook.com/souq.om', logo: '/uploads/social/facebook.svg', sort: 2 },
      { name: 'YouTube', link: 'https://youtube.com/@souq.om', logo: '/uploads/social/youtube.svg', sort: 3 },
    ])
    .execute();

  await db
    .insertInto('payment_gateways')
    .values([
      { name: 'thawani', title: 'Thawani Pay', logo: '/uploads/payments/thawani.svg', is_active: 1, sort: 0 },
      { name: 'stripe', title: 'Stripe', logo: '/uploads/payments/stripe.svg', is_active: 1, sort: 1 },
      { name: 'amwal', title: 'Amwal Pay', logo: '/uploads/payments/amwal.svg', is_active: 0, sort: 2 },
    ])
    .execute();

  const settings: Record<string, unknown> = {
    app_name: { en: 'Souq Oman', ar: 'سوق عُمان' },
    web_logo: '/uploads/brand/logo.svg',
    web_footer_logo: '/uploads/brand/logo-footer.svg',
    footer_qr: '/uploads/brand/app-qr.svg',
    web_footer_text: { en: 'All right reserved by Souq Oman', ar: 'جميع الحقوق محفوظة لسوق عُمان' },
    web_footer_description: { en: 'The marketplace of Omani shops.', ar: 'سوق المتاجر العُمانية.' },
    web_show_footer: true,
    mobile: '+968 2456 7890',
    // contact_email, whatsapp (GET /api/contact-us)
    ...CONTACT_SETTINGS,
    address: { en: 'Al Khuwair, Muscat, Oman', ar: 'الخوير، مسقط، عُمان' },
    multi_vendor: true,
    cash_on_delivery: true,
    online_payment: true,
    bank_transfer: true,
    bank: {
      bank_name: { en: 'Bank Muscat', ar: 'بنك مسقط' },
      account_name: { en: 'Souq Oman LLC', ar: 'سوق عُمان ش.م.م' },
      account_number: '0301-0123456-001',
      iban: 'OM810270301012345600100',
      note: { en: 'Write your order number in the transfer reference.', ar: 'اكتب رقم طلبك في مرجع التحويل.' },
    },
    theme_colors: {
      primary: '#0f766e',
      primary50: '#f0fdfa',
      primary100: '#ccfbf1',
      primary200: '#99f6e4',
      primary300: '#5eead4',
      primary400: '#2dd4bf',
      primary500: '#14b8a6',
      primary600: '#0d9488',
      primary700: '#0f766e',
      primary800: '#115e59',
      primary900: '#134e4a',
      primary950: '#042f2e',
    },
    show_download_app: true,
    google_playstore_link: 'https://play.google.com/store/apps/details?id=om.souq.app',
    app_store_link: 'https://apps.apple.com/app/souq-oman/id1234567890',
    register_otp_verify: true,
    register_otp_type: 'phone',
    forgot_otp_type: 'phone',
    order_place_account_verify: false,
    phone_required: true,
    phone_min_length: 8,
    phone_max_length: 16,
    otp_length: 4,
    social_auths: {
      google: { is_active: true, client_id: 'souq-local-google-client' },
      facebook: { is_active: true, client_id: 'souq-local-facebook-app' },
      apple: { is_active: true, client_id: 'om.souq.web', redirect_url: 'http://localhost:3000/auth/apple/callback' },
    },
    search: {
      placeholder: { en: 'Search products, brands and shops', ar: 'ابحث عن المنتجات والماركات والمتاجر' },
      popular: { en: ['Dates', 'Frankincense', 'Halwa', 'Khanjar'], ar: ['تمور', 'لبان', 'حلوى', 'خنجر'] },
    },
  };
  await db
    .insertInto('settings')
    .values(Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .execute();
}
