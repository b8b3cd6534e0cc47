import type { Shape } from '../images';

/** Demo units, colours, sizes, brands and categories. Keys are used by the product lines in shops.ts. */

export const units = {
  piece: { name: 'Piece', name_ar: 'قطعة' },
  box: { name: 'Box', name_ar: 'علبة' },
  jar: { name: 'Jar', name_ar: 'مرطبان' },
  bottle: { name: 'Bottle', name_ar: 'زجاجة' },
  pack: { name: 'Pack', name_ar: 'عبوة' },
  set: { name: 'Set', name_ar: 'طقم' },
  pair: { name: 'Pair', name_ar: 'زوج' },
  kg: { name: 'Kilogram', name_ar: 'كيلوغرام' },
  tola: { name: 'Tola', name_ar: 'تولة' },
} as const;
export type UnitKey = keyof typeof units;

export const colors = {
  black: { name: 'Black', name_ar: 'أسود', color_code: '#111827' },
  white: { name: 'White', name_ar: 'أبيض', color_code: '#f8fafc' },
  navy: { name: 'Navy', name_ar: 'كحلي', color_code: '#1e3a8a' },
  maroon: { name: 'Maroon', name_ar: 'عنابي', color_code: '#7f1d1d' },
  beige: { name: 'Beige', name_ar: 'بيج', color_code: '#d6c4a8' },
  cream: { name: 'Cream', name_ar: 'كريمي', color_code: '#f5f0e1' },
  grey: { name: 'Grey', name_ar: 'رمادي', color_code: '#6b7280' },
  olive: { name: 'Olive', name_ar: 'زيتوني', color_code: '#6b7a3a' },
  brown: { name: 'Brown', name_ar: 'بني', color_code: '#7c4a2d' },
  sand: { name: 'Sand', name_ar: 'رملي', color_code: '#c2a878' },
  sky: { name: 'Sky Blue', name_ar: 'سماوي', color_code: '#7dd3fc' },
  blue: { name: 'Blue', name_ar: 'أزرق', color_code: '#2563eb' },
  green: { name: 'Green', name_ar: 'أخضر', color_code: '#15803d' },
  emerald: { name: 'Emerald', name_ar: 'زمردي', color_code: '#047857' },
  red: { name: 'Red', name_ar: 'أحمر', color_code: '#dc2626' },
  pink: { name: 'Pink', name_ar: 'وردي', color_code: '#f472b6' },
  purple: { name: 'Purple', name_ar: 'بنفسجي', color_code: '#7c3aed' },
  gold: { name: 'Gold', name_ar: 'ذهبي', color_code: '#d4a017' },
  silver: { name: 'Silver', name_ar: 'فضي', color_code: '#c0c4cc' },
  roseGold: { name: 'Rose Gold', name_ar: 'ذهبي وردي', color_code: '#b76e79' },
  copper: { name: 'Copper', name_ar: 'نحاسي', color_code: '#b87333' },
} as const;
export type ColorKey = keyof typeof colors;

/** Sizes in display order; names are the same in both languages. */
export const sizes = [
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '52',
  '54',
  '56',
  '58',
  '60',
  '40',
  '41',
  '42',
  '43',
  '44',
  '45',
  '7',
  '8',
  '9',
  '10',
  '100 g',
  '250 g',
  '500 g',
  '1 kg',
  '2 kg',
  '3 ml',
  '6 ml',
  '12 ml',
  '50 ml',
  '100 ml',
] as const;
export type SizeName = (typeof sizes)[number];

/** A size group: the sizes offered and the extra price of each as a fraction of the base price. */
export interface SizeGroup {
  sizes: readonly SizeName[];
  extra: readonly number[];
}
export const sizeGroups = {
  clothing: { sizes: ['S', 'M', 'L', 'XL', 'XXL'], extra: [0, 0, 0, 0, 0.08] },
  abaya: { sizes: ['52', '54', '56', '58', '60'], extra: [0, 0, 0, 0.05, 0.08] },
  dishdasha: { sizes: ['52', '54', '56', '58', '60'], extra: [0, 0, 0.04, 0.08, 0.12] },
  shoes: { sizes: ['40', '41', '42', '43', '44', '45'], extra: [0, 0, 0, 0, 0, 0] },
  rings: { sizes: ['7', '8', '9', '10'], extra: [0, 0, 0, 0.05] },
  dates: { sizes: ['500 g', '1 kg', '2 kg'], extra: [0, 0.9, 2.6] },
  resin: { sizes: ['100 g', '250 g', '500 g'], extra: [0, 1.3, 3.2] },
  halwa: { sizes: ['500 g', '1 kg'], extra: [0, 0.85] },
  coffee: { sizes: ['250 g', '500 g'], extra: [0, 0.9] },
  perfume: { sizes: ['50 ml', '100 ml'], extra: [0, 0.55] },
  oud: { sizes: ['3 ml', '6 ml', '12 ml'], extra: [0, 0.9, 2.7] },
  kids: { sizes: ['S', 'M', 'L'], extra: [0, 0, 0] },
} as const satisfies Record<string, SizeGroup>;
export type SizeGroupKey = keyof typeof sizeGroups;

export const brands = {
  nizwaFarms: { name: 'Nizwa Farms', name_ar: 'مزارع نزوى', hue: 28 },
  akhdarApiary: { name: 'Jabal Akhdar Apiary', name_ar: 'منحل الجبل الأخضر', hue: 40 },
  hojariHouse: { name: 'Hojari House', name_ar: 'بيت الحوجري', hue: 80 },
  dhofarLuban: { name: 'Dhofar Luban', name_ar: 'لبان ظفار', hue: 55 },
  baitAlHalwa: { name: 'Bait Al Halwa', name_ar: 'بيت الحلوى', hue: 15 },
  muttrahSweets: { name: 'Muttrah Sweets', name_ar: 'حلويات مطرح', hue: 350 },
  majan: { name: 'Majan', name_ar: 'ماجان', hue: 210 },
  nova: { name: 'Nova', name_ar: 'نوفا', hue: 260 },
  sahil: { name: 'Sahil', name_ar: 'ساحل', hue: 190 },
  soharSound: { name: 'Sohar Sound', name_ar: 'صحار ساوند', hue: 5 },
  volt: { name: 'Volt', name_ar: 'فولت', hue: 50 },
  layali: { name: 'Layali', name_ar: 'ليالي', hue: 300 },
  alNoor: { name: 'Al Noor Tailoring', name_ar: 'خياطة النور', hue: 170 },
  oudAlSultan: { name: 'Oud Al Sultan', name_ar: 'عود السلطان', hue: 35 },
  bakhoorAlArab: { name: 'Bakhoor Al Arab', name_ar: 'بخور العرب', hue: 330 },
  alMandoos: { name: 'Al Mandoos', name_ar: 'المندوس', hue: 22 },
  sablahHome: { name: 'Sablah Home', name_ar: 'سبلة هوم', hue: 150 },
  bahlaCrafts: { name: 'Bahla Crafts', name_ar: 'حرف بهلاء', hue: 18 },
  nizwaSilver: { name: 'Nizwa Silver', name_ar: 'فضة نزوى', hue: 220 },
} as const;
export type BrandKey = keyof typeof brands;

export interface SubCategorySeed {
  slug: string;
  name: string;
  name_ar: string;
  shape: Shape;
}
export interface CategorySeed {
  slug: string;
  name: string;
  name_ar: string;
  shape: Shape;
  hue: number;
  subs: SubCategorySeed[];
}

export const categories: CategorySeed[] = [
  {
    slug: 'dates',
    name: 'Dates',
    name_ar: 'التمور',
    shape: 'dates',
    hue: 28,
    subs: [
      { slug: 'premium-dates', name: 'Premium Dates', name_ar: 'تمور فاخرة', shape: 'dates' },
      { slug: 'stuffed-dates', name: 'Stuffed Dates', name_ar: 'تمور محشوة', shape: 'stuffed-dates' },
      { slug: 'date-products', name: 'Date Syrup & Paste', name_ar: 'دبس ومعجون التمر', shape: 'jar' },
    ],
  },
  {
    slug: 'omani-sweets',
    name: 'Omani Sweets',
    name_ar: 'الحلويات العُمانية',
    shape: 'halwa',
    hue: 15,
    subs: [
      { slug: 'omani-halwa', name: 'Omani Halwa', name_ar: 'الحلوى العُمانية', shape: 'halwa' },
      { slug: 'traditional-sweets', name: 'Traditional Sweets', name_ar: 'حلويات تقليدية', shape: 'sweets' },
      { slug: 'hospitality-trays', name: 'Hospitality Trays', name_ar: 'صواني الضيافة', shape: 'tray' },
    ],
  },
  {
    slug: 'frankincense-bakhoor',
    name: 'Frankincense & Bakhoor',
    name_ar: 'اللبان والبخور',
    shape: 'frankincense',
    hue: 50,
    subs: [
      { slug: 'frankincense', name: 'Frankincense', name_ar: 'اللبان', shape: 'frankincense' },
      { slug: 'bakhoor', name: 'Bakhoor', name_ar: 'البخور', shape: 'chest' },
      { slug: 'incense-burners', name: 'Incense Burners', name_ar: 'المباخر', shape: 'burner' },
      { slug: 'frankincense-oils', name: 'Frankincense Oils', name_ar: 'زيوت اللبان', shape: 'oil' },
    ],
  },
  {
    slug: 'perfumes-oud',
    name: 'Perfumes & Oud',
    name_ar: 'العطور والعود',
    shape: 'perfume',
    hue: 330,
    subs: [
      { slug: 'oud-oils', name: 'Oud Oils', name_ar: 'دهن العود', shape: 'oil' },
      { slug: 'eau-de-parfum', name: 'Eau de Parfum', name_ar: 'العطور', shape: 'perfume' },
      { slug: 'musk', name: 'Musk', name_ar: 'المسك', shape: 'oil' },
      { slug: 'perfume-sets', name: 'Gift Sets', name_ar: 'أطقم العطور', shape: 'giftbox' },
    ],
  },
  {
    slug: 'electronics',
    name: 'Electronics',
    name_ar: 'الإلكترونيات',
    shape: 'phone',
    hue: 215,
    subs: [
      { slug: 'smartphones', name: 'Smartphones', name_ar: 'الهواتف الذكية', shape: 'phone' },
      { slug: 'audio', name: 'Headphones & Speakers', name_ar: 'السماعات ومكبرات الصوت', shape: 'headphones' },
      { slug: 'chargers', name: 'Chargers & Power Banks', name_ar: 'الشواحن وبطاريات الطاقة', shape: 'charger' },
      { slug: 'wearables', name: 'Smart Watches', name_ar: 'الساعات الذكية', shape: 'watch' },
    ],
  },
  {
    slug: 'womens-fashion',
    name: "Women's Fashion",
    name_ar: 'أزياء نسائية',
    shape: 'abaya',
    hue: 300,
    subs: [
      { slug: 'abayas', name: 'Abayas', name_ar: 'العبايات', shape: 'abaya' },
      { slug: 'shaylas', name: 'Shaylas & Scarves', name_ar: 'الشيلات والطرح', shape: 'shayla' },
      { slug: 'kaftans', name: 'Kaftans & Jalabiyas', name_ar: 'القفاطين والجلابيات', shape: 'kaftan' },
      { slug: 'bags', name: 'Bags', name_ar: 'الحقائب', shape: 'bag' },
    ],
  },
  {
    slug: 'mens-fashion',
    name: "Men's Traditional Wear",
    name_ar: 'الأزياء الرجالية التقليدية',
    shape: 'dishdasha',
    hue: 195,
    subs: [
      { slug: 'dishdasha', name: 'Dishdashas', name_ar: 'الدشاديش', shape: 'dishdasha' },
      { slug: 'kumma', name: 'Kummas', name_ar: 'الكُمَم', shape: 'kumma' },
      { slug: 'massar', name: 'Massars', name_ar: 'المصار', shape: 'massar' },
      { slug: 'sandals', name: 'Sandals', name_ar: 'النعال', shape: 'sandal' },
    ],
  },
  {
    slug: 'home-kitchen',
    name: 'Home & Kitchen',
    name_ar: 'المنزل والمطبخ',
    shape: 'pot',
    hue: 160,
    subs: [
      { slug: 'coffee-sets', name: 'Dallahs & Coffee Sets', name_ar: 'الدلال وأطقم القهوة', shape: 'dallah' },
      { slug: 'cookware', name: 'Cookware', name_ar: 'أواني الطبخ', shape: 'pot' },
      { slug: 'serveware', name: 'Serveware', name_ar: 'أدوات التقديم', shape: 'tray' },
      { slug: 'storage', name: 'Storage & Baskets', name_ar: 'التخزين والسلال', shape: 'basket' },
    ],
  },
  {
    slug: 'silver-crafts',
    name: 'Silver & Handicrafts',
    name_ar: 'الفضيات والحرف اليدوية',
    shape: 'khanjar',
    hue: 220,
    subs: [
      { slug: 'khanjars', name: 'Khanjars', name_ar: 'الخناجر', shape: 'khanjar' },
      { slug: 'silver-jewellery', name: 'Silver Jewellery', name_ar: 'المجوهرات الفضية', shape: 'ring' },
      { slug: 'pottery', name: 'Pottery', name_ar: 'الفخاريات', shape: 'pottery' },
      { slug: 'handicrafts', name: 'Handicrafts', name_ar: 'المشغولات اليدوية', shape: 'chest' },
    ],
  },
  {
    slug: 'coffee-spices',
    name: 'Coffee, Tea & Spices',
    name_ar: 'القهوة والشاي والبهارات',
    shape: 'coffee',
    hue: 25,
    subs: [
      { slug: 'omani-coffee', name: 'Omani Coffee', name_ar: 'القهوة العُمانية', shape: 'coffee' },
      { slug: 'spices', name: 'Spices', name_ar: 'البهارات', shape: 'spices' },
      { slug: 'tea', name: 'Tea & Herbs', name_ar: 'الشاي والأعشاب', shape: 'tea' },
    ],
  },
  {
    slug: 'honey',
    name: 'Honey',
    name_ar: 'العسل',
    shape: 'honey',
    hue: 40,
    subs: [
      { slug: 'sidr-honey', name: 'Sidr Honey', name_ar: 'عسل السدر', shape: 'honey' },
      { slug: 'samar-honey', name: 'Samar Honey', name_ar: 'عسل السمر', shape: 'honey' },
      { slug: 'mountain-honey', name: 'Mountain Honey', name_ar: 'العسل الجبلي', shape: 'jar' },
    ],
  },
  {
    slug: 'beauty',
    name: 'Beauty & Care',
    name_ar: 'الجمال والعناية',
    shape: 'cream',
    hue: 345,
    subs: [
      { slug: 'skin-care', name: 'Skin Care', name_ar: 'العناية بالبشرة', shape: 'cream' },
      { slug: 'hair-care', name: 'Hair Care', name_ar: 'العناية بالشعر', shape: 'oil' },
      { slug: 'henna', name: 'Henna', name_ar: 'الحناء', shape: 'henna' },
    ],
  },
  {
    slug: 'gifts',
    name: 'Gifts & Souvenirs',
    name_ar: 'الهدايا والتذكارات',
    shape: 'giftbox',
    hue: 355,
    subs: [
      { slug: 'gift-boxes', name: 'Gift Boxes', name_ar: 'علب الهدايا', shape: 'giftbox' },
      { slug: 'souvenirs', name: 'Souvenirs', name_ar: 'التذكارات', shape: 'khanjar' },
      { slug: 'occasions', name: 'Eid & Ramadan', name_ar: 'هدايا العيد ورمضان', shape: 'tray' },
    ],
  },
];
