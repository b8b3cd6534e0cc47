import { CONTACT_SETTINGS } from '../src/db/migrations/010-support';
import type { SeedContext } from './context';
import { countryList } from './countries';
import { brandFiles, FileSink } from './images';

/**
 * What the shop needs to run, written on the first start of an empty database (issue 37): with the demo
 * seed on (`'demo'`) and with it off (`'empty'`, SEED_DEMO=false). One list for both, so they cannot
 * drift: a row marked `demo` is written for the demo only (it points at demo content, such as the legal
 * pages, or names demo contacts and accounts). The support issue types come with migration 010 on every
 * database.
 *
 * - languages: Arabic (default, right to left), English;
 * - currencies: the Omani rial (default, 3 decimals); the demo adds four others with fixed rates;
 * - every country with its dialling code (countries.ts);
 * - Oman's 5% VAT;
 * - the payment gateways, each offered only once its keys are configured on the server (decision 023);
 * - the header menu and the footer, linking only to pages that render without data;
 * - the brand files (logo, footer logo, payment logos) under the uploads;
 * - the settings every key of `/api/master` reads, with production defaults (seedBaseSettings).
 */
export type Edition = 'empty' | 'demo';

/** The rows of an edition, without their `demo` mark. */
const forEdition = <T extends object>(rows: readonly T[], edition: Edition): Omit<T, 'demo'>[] =>
  rows
    .filter((r) => edition === 'demo' || !('demo' in r && r.demo))
    .map((r) => {
      const { demo: _demo, ...row } = r as T & { demo?: boolean };
      return row;
    });

export const LANGUAGES = [
  { name: 'ar', title: 'العربية', direction: 'rtl', is_default: 1, is_active: 1, sort: 0 },
  { name: 'en', title: 'English', direction: 'ltr', is_default: 0, is_active: 1, sort: 1 },
] as const;

const CURRENCIES = [
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
  },
  {
    demo: true,
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
  },
  {
    demo: true,
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
  },
  {
    demo: true,
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
  },
  {
    demo: true,
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
  },
] as const;

const VAT = { name: 'VAT', name_ar: 'ضريبة القيمة المضافة', rate_bp: 500, is_active: 1, sort: 0 } as const;

/** Switched on here; `/api/master` offers one only when its keys are configured (config.ts configuredGateways). */
const PAYMENT_GATEWAYS = [
  { name: 'thawani', title: 'Thawani Pay', logo: '/uploads/payments/thawani.svg', is_active: 1, sort: 0 },
  { name: 'stripe', title: 'Stripe', logo: '/uploads/payments/stripe.svg', is_active: 1, sort: 1 },
  { name: 'amwal', title: 'Amwal Pay', logo: '/uploads/payments/amwal.svg', is_active: 0, sort: 2 },
] as const;

const MENUS = [
  { name: 'Shops', name_ar: 'المتاجر', url: '/shops', is_external: 0, target: '_self' },
  { name: 'Most Popular', name_ar: 'الأكثر رواجاً', url: '/most-popular', is_external: 0, target: '_self' },
  { name: 'Best Deals', name_ar: 'أفضل العروض', url: '/best-deal', is_external: 0, target: '_self' },
  { name: 'Blog', name_ar: 'المدونة', url: '/blogs', is_external: 0, target: '_self' },
  {
    demo: true,
    name: 'Visit Oman',
    name_ar: 'زوروا عُمان',
    url: 'https://www.omantourism.gov.om',
    is_external: 1,
    target: '_blank',
  },
] as const;

interface FooterItem {
  type: 'logo' | 'text' | 'social_links' | 'link' | 'phone' | 'email' | 'app_store';
  title: string;
  title_ar: string;
  url: string | null;
  demo?: boolean;
}

/** The legal pages, the contacts and the app are demo content; an empty shop's footer links to what it has. */
const FOOTERS: ReadonlyArray<{ title: string; title_ar: string; demo?: boolean; items: FooterItem[] }> = [
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
      { demo: true, type: 'social_links', title: 'Follow us', title_ar: 'تابعونا', url: null },
    ],
  },
  {
    title: 'Customer care',
    title_ar: 'خدمة العملاء',
    items: [
      { type: 'link', title: 'Support', title_ar: 'الدعم', url: '/support' },
      { type: 'link', title: 'Contact us', title_ar: 'اتصل بنا', url: '/contact-us' },
      { demo: true, type: 'link', title: 'Terms & Conditions', title_ar: 'الشروط والأحكام', url: '/terms-and-conditions' },
      { demo: true, type: 'link', title: 'Privacy Policy', title_ar: 'سياسة الخصوصية', url: '/privacy-policy' },
      { demo: true, type: 'link', title: 'Return policy', title_ar: 'سياسة الإرجاع', url: '/page/return-policy' },
      { demo: true, type: 'link', title: 'Shipping policy', title_ar: 'سياسة الشحن', url: '/page/shipping-policy' },
    ],
  },
  {
    title: 'Explore',
    title_ar: 'تصفّح',
    items: [
      { demo: true, type: 'link', title: 'About us', title_ar: 'من نحن', url: '/about-us' },
      { type: 'link', title: 'All shops', title_ar: 'كل المتاجر', url: '/shops' },
      { type: 'link', title: 'Categories', title_ar: 'الأقسام', url: '/categories' },
      { type: 'link', title: 'Blog', title_ar: 'المدونة', url: '/blogs' },
      { demo: true, type: 'link', title: 'Oman Post', title_ar: 'بريد عُمان', url: 'https://omanpost.om' },
    ],
  },
  {
    demo: true,
    title: 'Get in touch',
    title_ar: 'تواصل معنا',
    items: [
      { type: 'phone', title: '+968 2456 7890', title_ar: '+968 2456 7890', url: 'tel:+96824567890' },
      { type: 'email', title: 'care@souq.om', title_ar: 'care@souq.om', url: 'mailto:care@souq.om' },
      { type: 'text', title: 'Al Khuwair, Muscat, Sultanate of Oman', title_ar: 'الخوير، مسقط، سلطنة عُمان', url: null },
      { type: 'app_store', title: 'Download our app', title_ar: 'حمّل تطبيقنا', url: null },
    ],
  },
];

const SOCIAL_LINKS = [
  { demo: true, name: 'Instagram', link: 'https://instagram.com/souq.om', logo: '/uploads/social/instagram.svg' },
  { demo: true, name: 'X', link: 'https://x.com/souq_om', logo: '/uploads/social/x.svg' },
  { demo: true, name: 'Facebook', link: 'https://facebook.com/souq.om', logo: '/uploads/social/facebook.svg' },
  { demo: true, name: 'YouTube', link: 'https://youtube.com/@souq.om', logo: '/uploads/social/youtube.svg' },
] as const;

/** The settings of a shop that has just started: every key `/api/master` reads, production defaults. */
export const BASE_SETTINGS: Readonly<Record<string, unknown>> = {
  app_name: { en: 'Souq Oman', ar: 'سوق عُمان' },
  web_logo: '/uploads/brand/logo.svg',
  web_footer_logo: '/uploads/brand/logo-footer.svg',
  footer_qr: null,
  web_footer_text: { en: 'All right reserved by Souq Oman', ar: 'جميع الحقوق محفوظة لسوق عُمان' },
  web_footer_description: { en: 'The marketplace of Omani shops.', ar: 'سوق المتاجر العُمانية.' },
  web_show_footer: true,
  mobile: null,
  address: null,
  multi_vendor: true,
  cash_on_delivery: true,
  // Card payments: offered when a gateway's keys are configured (none is, on a new server).
  online_payment: true,
  // No bank account is known yet.
  bank_transfer: false,
  bank: {},
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
  show_download_app: false,
  google_playstore_link: null,
  app_store_link: null,
  register_otp_verify: true,
  register_otp_type: 'phone',
  forgot_otp_type: 'phone',
  order_place_account_verify: false,
  phone_required: true,
  phone_min_length: 8,
  phone_max_length: 16,
  otp_length: 4,
  social_auths: {
    google: { is_active: false, client_id: null },
    facebook: { is_active: false, client_id: null },
    apple: { is_active: false, client_id: null, redirect_url: null },
  },
  search: {
    placeholder: { en: 'Search products, brands and shops', ar: 'ابحث عن المنتجات والماركات والمتاجر' },
    popular: { en: [], ar: [] },
  },
};

/** The demo's own values on top of BASE_SETTINGS: its contacts, bank account, apps and sign-in providers. */
const DEMO_SETTINGS: Readonly<Record<string, unknown>> = {
  footer_qr: '/uploads/brand/app-qr.svg',
  mobile: '+968 2456 7890',
  // contact_email, whatsapp (GET /api/contact-us)
  ...CONTACT_SETTINGS,
  address: { en: 'Al Khuwair, Muscat, Oman', ar: 'الخوير، مسقط، عُمان' },
  bank_transfer: true,
  bank: {
    bank_name: { en: 'Bank Muscat', ar: 'بنك مسقط' },
    account_name: { en: 'Souq Oman LLC', ar: 'سوق عُمان ش.م.م' },
    account_number: '0301-0123456-001',
    iban: 'OM810270301012345600100',
    note: { en: 'Write your order number in the transfer reference.', ar: 'اكتب رقم طلبك في مرجع التحويل.' },
  },
  show_download_app: true,
  google_playstore_link: 'https://play.google.com/store/apps/details?id=om.souq.app',
  app_store_link: 'https://apps.apple.com/app/souq-oman/id1234567890',
  social_auths: {
    google: { is_active: true, client_id: 'souq-local-google-client' },
    facebook: { is_active: true, client_id: 'souq-local-facebook-app' },
    apple: { is_active: true, client_id: 'om.souq.web', redirect_url: 'http://localhost:3000/auth/apple/callback' },
  },
  search: {
    ...(BASE_SETTINGS.search as object),
    popular: { en: ['Dates', 'Frankincense', 'Halwa', 'Khanjar'], ar: ['تمور', 'لبان', 'حلوى', 'خنجر'] },
  },
};

/** Everything of the base but the settings (seedBaseSettings writes them last: they mark a started database). */
export async function seedBase(ctx: SeedContext, edition: Edition): Promise<void> {
  const { db } = ctx;
  const files = new FileSink(ctx.uploadsDir);
  for (const [rel, content] of Object.entries(brandFiles())) files.add(rel, content);
  const writing = files.flush();

  await db
    .insertInto('currencies')
    .values(forEdition(CURRENCIES, edition).map((c, sort) => ({ ...c, is_active: 1, sort })))
    .execute();
  await db
    .insertInto('languages')
    .values(LANGUAGES.map((l) => ({ ...l })))
    .execute();
  await db.insertInto('countries').values(countryList).execute();
  await db.insertInto('vat_taxes').values(VAT).execute();
  await db
    .insertInto('payment_gateways')
    .values(PAYMENT_GATEWAYS.map((g) => ({ ...g })))
    .execute();
  await db
    .insertInto('menus')
    .values(forEdition(MENUS, edition).map((m, sort) => ({ ...m, sort })))
    .execute();
  for (const [i, f] of forEdition(FOOTERS, edition).entries()) {
    const { id } = await db
      .insertInto('footers')
      .values({ title: f.title, title_ar: f.title_ar, sort: i })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('footer_items')
      .values(
        forEdition(f.items, edition).map((item, j) => ({
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
  const social = forEdition(SOCIAL_LINKS, edition);
  if (social.length > 0)
    await db
      .insertInto('social_links')
      .values(social.map((l, sort) => ({ ...l, sort })))
      .execute();
  await writing;
}

/** The settings rows; written last, their presence marks a started database (seed/index.ts). */
export async function seedBaseSettings({ db }: SeedContext, edition: Edition): Promise<void> {
  const settings = edition === 'demo' ? { ...BASE_SETTINGS, ...DEMO_SETTINGS } : BASE_SETTINGS;
  await db
    .insertInto('settings')
    .values(Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .execute();
}
