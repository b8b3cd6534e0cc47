/** Reviewer names and review texts, by rating, in Arabic and English (a review is written in one of them). */

export const reviewerNames = {
  ar: [
    'أحمد البلوشي',
    'فاطمة الحارثية',
    'محمد الرواحي',
    'مريم الكندية',
    'سعيد المعمري',
    'عائشة السيابية',
    'خالد الهنائي',
    'شمسة العبرية',
    'يوسف الزدجالي',
    'نورة البوسعيدية',
    'هلال الشكيلي',
    'زينب اللواتية',
    'سالم الغافري',
    'موزة الحبسية',
    'حمد المقبالي',
    'ريا العامرية',
    'ناصر الوهيبي',
    'بدرية الفارسية',
    'عبدالله الجابري',
    'ليلى الراشدية',
  ],
  en: [
    'Ahmed Al-Balushi',
    'Fatma Al-Harthi',
    'Mohammed Al-Rawahi',
    'Maryam Al-Kindi',
    'Said Al-Mamari',
    'Aisha Al-Siyabi',
    'Sarah Thompson',
    'Rahul Menon',
    'Hilal Al-Shukaili',
    'Zainab Al-Lawati',
    'Salim Al-Ghafri',
    'Laura Becker',
    'Hamad Al-Maqbali',
    'Raya Al-Amri',
    'Nasser Al-Wahaibi',
    'Priya Nair',
    'Abdullah Al-Jabri',
    'James Carter',
  ],
};

/** Texts by rating (index 0 = 1 star). */
export const reviewTexts: { ar: string[]; en: string[] }[] = [
  {
    ar: [
      'للأسف المنتج لم يكن كما في الصور، وطلبت الإرجاع.',
      'وصل الطلب متأخراً أسبوعاً كاملاً والتغليف كان تالفاً.',
      'الجودة أقل بكثير من السعر، لا أنصح به.',
    ],
    en: [
      'Sadly the product did not look like the photos, I asked for a return.',
      'The order arrived a whole week late and the packaging was damaged.',
      'Quality is far below the price. Would not recommend.',
    ],
  },
  {
    ar: [
      'المنتج مقبول لكن المقاس كان مختلفاً قليلاً عن الوصف.',
      'التوصيل تأخر يومين، والجودة متوسطة.',
      'توقعت أفضل من ذلك بصراحة.',
    ],
    en: [
      'The product is okay but the size was a bit different from the description.',
      'Delivery was two days late and the quality is average.',
      'Honestly I expected better than this.',
    ],
  },
  {
    ar: [
      'منتج جيد بشكل عام، لكن السعر مرتفع قليلاً.',
      'لا بأس به، يؤدي الغرض.',
      'جيد، لكن التغليف يحتاج إلى تحسين.',
      'الجودة معقولة مقابل السعر.',
    ],
    en: [
      'Good product overall, but a little pricey.',
      'Not bad, it does the job.',
      'Fine, but the packaging could be better.',
      'Reasonable quality for the price.',
    ],
  },
  {
    ar: [
      'منتج جميل وجودة جيدة، والتوصيل كان سريعاً إلى السيب.',
      'أعجبني كثيراً، سأطلب مرة أخرى إن شاء الله.',
      'جودة ممتازة، فقط التوصيل تأخر يوماً واحداً.',
      'مطابق للوصف، والبائع متعاون ويرد بسرعة.',
      'اشتريته هدية لأمي وأعجبها كثيراً.',
    ],
    en: [
      'Lovely product and good quality, delivery to Seeb was quick.',
      'Really liked it, will order again.',
      'Excellent quality, delivery was just one day late.',
      'Exactly as described, and the seller replies quickly.',
      'Bought it as a gift for my mother and she loved it.',
    ],
  },
  {
    ar: [
      'ممتاز جداً! الجودة رائعة والتغليف أنيق، شكراً لكم.',
      'من أفضل ما اشتريت هذا العام، أنصح به بشدة.',
      'وصل في اليوم التالي وبحالة ممتازة، تعامل راقٍ.',
      'جودة عالية وسعر مناسب، تستحق خمس نجوم.',
      'ما شاء الله، أفضل من المتوقع بكثير.',
      'طلبته للضيوف في العيد والكل سأل عنه.',
      'ثاني مرة أطلب من هذا المتجر ولم يخيّب ظني.',
      'منتج عُماني أصيل وجودة تفتخر بها.',
    ],
    en: [
      'Excellent! Great quality and beautiful packaging, thank you.',
      'One of the best things I bought this year. Highly recommended.',
      'Arrived the next day in perfect condition. Very professional.',
      'High quality at a fair price, deserves five stars.',
      'Much better than I expected.',
      'Ordered it for our Eid guests and everyone asked where it was from.',
      'Second order from this shop and again no disappointment.',
      'Authentic Omani product, quality to be proud of.',
    ],
  },
];

/** Relative frequency of 1..5 stars. */
export const ratingWeights = [4, 5, 11, 27, 53];
