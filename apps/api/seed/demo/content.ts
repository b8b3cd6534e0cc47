import type { Shape } from '../images';

/** Banners, blog posts and legal pages of the demo, in English and Arabic (sanitised HTML). */

export interface BannerSeed {
  title: string;
  title_ar: string;
  url: string;
  placement: 'home' | 'ads';
  hue: number;
  shapes: Shape[];
  dark?: boolean;
}

export const banners: BannerSeed[] = [
  {
    title: 'The new dates harvest has arrived',
    title_ar: 'وصل حصاد التمور الجديد',
    url: '/categories/dates',
    placement: 'home',
    hue: 30,
    shapes: ['dates', 'dallah', 'stuffed-dates'],
  },
  {
    title: 'Dhofari frankincense, straight from Salalah',
    title_ar: 'لبان ظفاري مباشرة من صلالة',
    url: '/shops/2',
    placement: 'home',
    hue: 165,
    shapes: ['frankincense', 'burner', 'oil'],
    dark: true,
  },
  {
    title: 'Eid outfits: abayas, kaftans and dishdashas',
    title_ar: 'أزياء العيد: عبايات وقفاطين ودشاديش',
    url: '/categories/womens-fashion',
    placement: 'home',
    hue: 300,
    shapes: ['abaya', 'kaftan', 'dishdasha'],
  },
  {
    title: 'Up to 25% off smartphones and earbuds',
    title_ar: 'خصم يصل إلى 25% على الهواتف والسماعات',
    url: '/best-deal',
    placement: 'home',
    hue: 220,
    shapes: ['phone', 'earbuds', 'watch'],
    dark: true,
  },
  {
    title: 'Omani halwa, cooked fresh every morning',
    title_ar: 'حلوى عُمانية تُطهى طازجة كل صباح',
    url: '/shops/3',
    placement: 'ads',
    hue: 15,
    shapes: ['halwa', 'cups'],
  },
  {
    title: 'Handmade silver from Bahla',
    title_ar: 'فضيات يدوية من بهلاء',
    url: '/shops/8',
    placement: 'ads',
    hue: 215,
    shapes: ['khanjar', 'ring'],
    dark: true,
  },
];

export const blogCategories = [
  { slug: 'omani-heritage', name: 'Omani Heritage', name_ar: 'التراث العُماني' },
  { slug: 'buying-guides', name: 'Buying Guides', name_ar: 'أدلة الشراء' },
  { slug: 'recipes-hospitality', name: 'Recipes & Hospitality', name_ar: 'وصفات وضيافة' },
] as const;

export interface BlogSeed {
  category: (typeof blogCategories)[number]['slug'];
  slug: string;
  title: string;
  title_ar: string;
  post_by: string;
  post_by_ar: string;
  shapes: Shape[];
  hue: number;
  daysAgo: number;
  views: number;
  body: string;
  body_ar: string;
}

export const blogs: BlogSeed[] = [
  {
    category: 'omani-heritage',
    slug: 'the-story-of-dhofari-frankincense',
    title: 'The Story of Dhofari Frankincense',
    title_ar: 'حكاية اللبان الظفاري',
    post_by: 'Souq Oman Editorial',
    post_by_ar: 'فريق تحرير سوق عُمان',
    shapes: ['frankincense', 'burner'],
    hue: 50,
    daysAgo: 4,
    views: 1840,
    body:
      '<p>For more than five thousand years, the frankincense trees of Dhofar have been tapped by hand. Caravans once carried the resin from the port of Sumhuram across Arabia to Egypt, Rome and Mesopotamia, and the ancient Land of Frankincense is today a UNESCO World Heritage Site.</p>' +
      '<h2>How it is harvested</h2><p>Harvesters make small cuts in the bark of the <em>Boswellia sacra</em> tree. A milky sap seeps out and hardens in the sun into tears of resin, which are collected a few weeks later. The best trees grow in the dry mountains beyond the monsoon.</p>' +
      "<h2>The grades</h2><ul><li><strong>Hojari</strong>: pale green to silver, the most prized.</li><li><strong>Najdi</strong>: from the desert plateau, rich and resinous.</li><li><strong>Shazri</strong> and <strong>Sha'bi</strong>: amber tones, perfect for everyday use.</li></ul>" +
      '<p>Today frankincense is still burnt in Omani homes to welcome guests, perfume clothes and freshen the majlis after a meal.</p>',
    body_ar:
      '<p>منذ أكثر من خمسة آلاف عام تُجرح أشجار اللبان في ظفار يدوياً. وكانت القوافل تحمل الراتنج من ميناء سمهرم عبر جزيرة العرب إلى مصر وروما وبلاد الرافدين، وأرض اللبان القديمة اليوم موقع مُدرج في قائمة التراث العالمي لليونسكو.</p>' +
      '<h2>كيف يُحصد</h2><p>يُحدث الحصّادون جروحاً صغيرة في لحاء شجرة <em>البوسويليا ساكرا</em>، فتسيل عصارة حليبية تتصلب تحت الشمس إلى حبات من الراتنج تُجمع بعد أسابيع. وأجود الأشجار تنمو في الجبال الجافة خلف مناطق الخريف.</p>' +
      '<h2>الدرجات</h2><ul><li><strong>الحوجري</strong>: من الأخضر الفاتح إلى الفضي، وهو الأغلى.</li><li><strong>النجدي</strong>: من الهضبة الصحراوية، غني بالراتنج.</li><li><strong>الشزري</strong> و<strong>الشعبي</strong>: بدرجات كهرمانية، مثاليان للاستخدام اليومي.</li></ul>' +
      '<p>وما زال اللبان يُبخَّر في البيوت العُمانية ترحيباً بالضيوف وتعطيراً للملابس وتطييباً للمجلس بعد الطعام.</p>',
  },
  {
    category: 'omani-heritage',
    slug: 'the-omani-khanjar',
    title: 'The Omani Khanjar: A Symbol of Pride',
    title_ar: 'الخنجر العُماني: رمز الفخر والأصالة',
    post_by: 'Nasser Al-Abri',
    post_by_ar: 'ناصر العبري',
    shapes: ['khanjar', 'ring'],
    hue: 215,
    daysAgo: 11,
    views: 1290,
    body:
      '<p>The khanjar appears on the national emblem and on the banknotes of Oman. Worn at the waist with the dishdasha on national days, weddings and Eid, it is far more than a dagger: it is a statement of identity.</p>' +
      '<h2>Styles from around the country</h2><p>The <strong>Saidi</strong> khanjar, associated with the royal family, is richly covered in silver. The <strong>Batini</strong> style from the coast is simpler, while the <strong>Suri</strong> khanjar is known for its fine silver thread work.</p>' +
      '<p>A good khanjar takes a master craftsman several weeks. Look for even silver work, a firm hilt and a certificate of origin, and keep it dry and polished with a soft cloth.</p>',
    body_ar:
      '<p>يظهر الخنجر على الشعار الوطني وعلى العملة العُمانية. ويُلبس على الخصر مع الدشداشة في الأعياد الوطنية والأعراس والأعياد، فهو أكثر من مجرد سلاح: إنه تعبير عن الهوية.</p>' +
      '<h2>طرز من أنحاء البلاد</h2><p>الخنجر <strong>السعيدي</strong>، المرتبط بالأسرة الحاكمة، مكسو بالفضة بسخاء. أما الطراز <strong>الباطني</strong> من الساحل فأبسط، في حين يشتهر الخنجر <strong>الصوري</strong> بأعمال الخيوط الفضية الدقيقة.</p>' +
      '<p>يستغرق صنع خنجر جيد أسابيع من عمل حرفي ماهر. احرص على أن تكون الأعمال الفضية متناسقة والمقبض متيناً وأن ترافقه شهادة منشأ، واحفظه جافاً ولمّعه بقطعة قماش ناعمة.</p>',
  },
  {
    category: 'omani-heritage',
    slug: 'omani-halwa-a-sweet-heritage',
    title: 'Omani Halwa: A Sweet Heritage',
    title_ar: 'الحلوى العُمانية: إرث من الحلاوة',
    post_by: 'Maryam Al-Lawati',
    post_by_ar: 'مريم اللواتية',
    shapes: ['halwa', 'cups'],
    hue: 18,
    daysAgo: 19,
    views: 2210,
    body:
      '<p>Halwa is the centrepiece of Omani hospitality. It is served with kahwa to guests, at weddings and on every Eid morning, always eaten with the right hand from a shared bowl.</p>' +
      '<p>The recipe looks simple: starch, sugar, ghee, water, rose water, saffron and cardamom. The secret is patience. Halwa makers stir the mixture in large copper pots over a wood fire for up to four hours until it turns glossy and thick.</p>' +
      '<p>Every town has its favourite: dark and smoky, golden with saffron, or crowded with nuts. Try a few and find yours.</p>',
    body_ar:
      '<p>الحلوى هي صدر الضيافة العُمانية؛ تُقدَّم مع القهوة للضيوف وفي الأعراس وفي صباح كل عيد، وتؤكل دائماً باليد اليمنى من صحن مشترك.</p>' +
      '<p>تبدو الوصفة بسيطة: نشا وسكر وسمن وماء وماء ورد وزعفران وهيل. لكن السر في الصبر؛ إذ يحرّك صانعو الحلوى الخليط في قدور نحاسية كبيرة على نار الحطب لمدة تصل إلى أربع ساعات حتى تصبح لامعة وكثيفة.</p>' +
      '<p>ولكل ولاية حلواها المفضلة: داكنة بنكهة مدخّنة، أو ذهبية بالزعفران، أو غنية بالمكسرات. جرّب أكثر من نوع واكتشف ما يناسب ذوقك.</p>',
  },
  {
    category: 'buying-guides',
    slug: 'how-to-choose-premium-dates',
    title: 'How to Choose Premium Dates',
    title_ar: 'كيف تختار التمور الفاخرة',
    post_by: 'Khalid Al-Hinai',
    post_by_ar: 'خالد الهنائي',
    shapes: ['dates', 'stuffed-dates'],
    hue: 30,
    daysAgo: 7,
    views: 1605,
    body:
      '<p>Oman grows more than 250 varieties of dates. Here is how to pick a box you will be proud to serve.</p>' +
      '<ul><li><strong>Look:</strong> the skin should be glossy and slightly wrinkled, without white sugar spots or dry patches.</li><li><strong>Touch:</strong> premium Khalas and Khunaizi are soft and springy; Fardh is firmer and keeps longer.</li><li><strong>Smell:</strong> a caramel aroma, never sour.</li></ul>' +
      '<p>Store dates in an airtight box in the fridge and they will keep for months. Take them out half an hour before serving so they soften again.</p>',
    body_ar:
      '<p>تزرع عُمان أكثر من 250 صنفاً من التمور. إليك كيف تختار علبة تفخر بتقديمها لضيوفك.</p>' +
      '<ul><li><strong>الشكل:</strong> تكون القشرة لامعة ومتجعدة قليلاً، بلا بقع سكرية بيضاء أو أجزاء جافة.</li><li><strong>الملمس:</strong> الخلاص والخنيزي الممتازان طريّان ومرنان، أما الفرض فأكثر تماسكاً ويدوم أطول.</li><li><strong>الرائحة:</strong> رائحة كراميل، ولا تكون حامضة أبداً.</li></ul>' +
      '<p>احفظ التمور في علبة محكمة الإغلاق داخل الثلاجة وستبقى صالحة لأشهر. أخرجها قبل التقديم بنصف ساعة لتستعيد طراوتها.</p>',
  },
  {
    category: 'buying-guides',
    slug: 'a-beginners-guide-to-oud-oils',
    title: "A Beginner's Guide to Oud Oils",
    title_ar: 'دليل المبتدئين إلى دهن العود',
    post_by: 'Said Al-Rawahi',
    post_by_ar: 'سعيد الرواحي',
    shapes: ['oil', 'perfume'],
    hue: 30,
    daysAgo: 15,
    views: 980,
    body:
      '<p>Oud oil is distilled from agarwood, the resin-rich heartwood of the Aquilaria tree. It is one of the most precious raw materials in perfumery, sold by the tola (about 12 ml).</p>' +
      '<h2>Where it comes from</h2><p><strong>Hindi</strong> oud is deep and animalic, <strong>Cambodian</strong> is fruity and sweet, and <strong>Trat</strong> from Thailand is smooth and honeyed. Muattar oud is blended with other oils and is a gentle place to start.</p>' +
      '<p>Apply one drop to the wrist or behind the ear and let it develop for an hour. Good oud changes through the day and lingers on clothes for days.</p>',
    body_ar:
      '<p>يُقطَّر دهن العود من خشب العود، وهو لب شجرة الأكويلاريا الغني بالراتنج. ويُعد من أثمن المواد الخام في صناعة العطور، ويُباع بالتولة (نحو 12 مل).</p>' +
      '<h2>من أين يأتي</h2><p>العود <strong>الهندي</strong> عميق وحيواني الطابع، و<strong>الكمبودي</strong> فاكهي وحلو، و<strong>الترات</strong> التايلندي ناعم بنفحة عسلية. أما العود المعطّر فممزوج بزيوت أخرى وهو بداية لطيفة للمبتدئين.</p>' +
      '<p>ضع قطرة واحدة على المعصم أو خلف الأذن واتركها تتفتح لساعة. العود الجيد يتغير خلال اليوم ويبقى على الملابس أياماً.</p>',
  },
  {
    category: 'buying-guides',
    slug: 'buying-omani-silver-jewellery',
    title: 'Buying Omani Silver Jewellery: What to Look For',
    title_ar: 'شراء الحُلي الفضية العُمانية: ما الذي تبحث عنه',
    post_by: 'Nasser Al-Abri',
    post_by_ar: 'ناصر العبري',
    shapes: ['necklace', 'ring'],
    hue: 210,
    daysAgo: 23,
    views: 1130,
    body:
      '<p>Silver has been worked in Oman for centuries: heavy anklets and bracelets for brides, amulet cases called <em>hirz</em>, and the fine chains of the Nizwa souq. Today, old pieces and new ones made by the same families sit side by side in the shops.</p>' +
      '<h2>Check the metal</h2><ul><li><strong>Hallmark:</strong> new pieces should carry a 925 stamp for sterling silver.</li><li><strong>Weight:</strong> traditional jewellery is solid and feels heavy in the hand; hollow pieces are lighter and cheaper.</li><li><strong>Finish:</strong> look at the back as well as the front. Good work is neat on both sides.</li></ul>' +
      '<h2>Old or new?</h2><p>Antique pieces are often made from melted Maria Theresa thalers and have a warm, soft shine. They are priced by age and condition, not only by weight. Ask the seller where a piece comes from; an honest seller will tell you if it is a modern copy.</p>' +
      '<p>Store silver in a closed pouch away from perfume and humidity, and polish it gently with a soft cloth.</p>',
    body_ar:
      '<p>تُصاغ الفضة في عُمان منذ قرون: خلاخيل وأساور ثقيلة للعرائس، وعلب تمائم تُسمّى <em>الحرز</em>، وسلاسل دقيقة في سوق نزوى. واليوم تجتمع القطع القديمة والجديدة التي تصنعها الأسر نفسها جنباً إلى جنب في المحلات.</p>' +
      '<h2>افحص المعدن</h2><ul><li><strong>الدمغة:</strong> يجب أن تحمل القطع الجديدة دمغة 925 للفضة الإسترلينية.</li><li><strong>الوزن:</strong> الحُلي التقليدية مصمتة وثقيلة في اليد، أما المجوّفة فأخف وأرخص.</li><li><strong>التشطيب:</strong> انظر إلى ظهر القطعة كما تنظر إلى وجهها، فالصنعة الجيدة متقنة من الجهتين.</li></ul>' +
      '<h2>قديمة أم جديدة؟</h2><p>كثير من القطع الأثرية مصنوع من صهر ريالات ماريا تيريزا، ولها لمعة دافئة ناعمة، وتُسعَّر بحسب عمرها وحالتها لا بوزنها فقط. اسأل البائع عن مصدر القطعة؛ فالبائع الأمين يخبرك إن كانت نسخة حديثة.</p>' +
      '<p>احفظ الفضة في كيس مغلق بعيداً عن العطور والرطوبة، ولمّعها برفق بقطعة قماش ناعمة.</p>',
  },
  {
    category: 'recipes-hospitality',
    slug: 'preparing-omani-kahwa',
    title: 'Omani Coffee: Preparing Kahwa the Traditional Way',
    title_ar: 'القهوة العُمانية: تحضيرها على الطريقة التقليدية',
    post_by: 'Fatma Al-Kindi',
    post_by_ar: 'فاطمة الكندية',
    shapes: ['dallah', 'cups', 'dates'],
    hue: 38,
    daysAgo: 2,
    views: 2630,
    body:
      '<p>Omani kahwa is lightly roasted coffee boiled with cardamom and sometimes saffron or rose water. It is poured from the dallah into small finjan cups and always served with dates or halwa.</p>' +
      '<h2>For one dallah</h2><ol><li>Boil 1 litre of water in a pot.</li><li>Add 3 tablespoons of ground Omani coffee and simmer for 10 minutes.</li><li>Add 1 teaspoon of ground cardamom and a few saffron threads, simmer 2 more minutes.</li><li>Let it settle, then pour into the dallah through a palm-fibre filter.</li></ol>' +
      '<p>Serve with the right hand, starting with the eldest guest. A guest shakes the cup gently from side to side when they have had enough.</p>',
    body_ar:
      '<p>القهوة العُمانية قهوة بتحميص خفيف تُغلى مع الهيل، وأحياناً مع الزعفران أو ماء الورد. تُصب من الدلة في فناجين صغيرة وتُقدَّم دائماً مع التمر أو الحلوى.</p>' +
      '<h2>لدلة واحدة</h2><ol><li>اغلِ لتراً من الماء في قدر.</li><li>أضف 3 ملاعق كبيرة من القهوة العُمانية المطحونة واتركها على نار هادئة 10 دقائق.</li><li>أضف ملعقة صغيرة من الهيل المطحون وبضع شعيرات من الزعفران، واتركها دقيقتين أخريين.</li><li>اتركها حتى تركد، ثم صبّها في الدلة عبر مصفاة من ليف النخيل.</li></ol>' +
      '<p>تُقدَّم باليد اليمنى بدءاً بأكبر الضيوف سناً، ويهزّ الضيف الفنجان برفق يميناً ويساراً إذا اكتفى.</p>',
  },
  {
    category: 'recipes-hospitality',
    slug: 'luqaimat-with-date-syrup',
    title: 'Luqaimat with Date Syrup at Home',
    title_ar: 'اللقيمات بدبس التمر في البيت',
    post_by: 'Maryam Al-Lawati',
    post_by_ar: 'مريم اللواتية',
    shapes: ['sweets', 'jar'],
    hue: 36,
    daysAgo: 30,
    views: 1875,
    body:
      '<p>Luqaimat are small, crisp dumplings that appear on every table in Ramadan. They take less than an hour to make.</p>' +
      '<h2>Ingredients</h2><ul><li>2 cups of flour and 1 tablespoon of cornflour</li><li>1 tablespoon of yeast and 1 teaspoon of sugar</li><li>A pinch of saffron and ground cardamom</li><li>About 1½ cups of warm water</li><li>Oil for frying and date syrup to serve</li></ul>' +
      '<p>Mix into a soft, sticky batter and leave it to rise for 45 minutes. Drop small balls into hot oil with a wet spoon and fry until golden. Drizzle with date syrup and sprinkle with sesame seeds while still warm.</p>',
    body_ar:
      '<p>اللقيمات كرات صغيرة مقرمشة تزيّن كل مائدة في رمضان، ولا يستغرق تحضيرها أكثر من ساعة.</p>' +
      '<h2>المكونات</h2><ul><li>كوبان من الطحين وملعقة كبيرة من النشا</li><li>ملعقة كبيرة من الخميرة وملعقة صغيرة من السكر</li><li>رشة من الزعفران والهيل المطحون</li><li>نحو كوب ونصف من الماء الدافئ</li><li>زيت للقلي ودبس التمر للتقديم</li></ul>' +
      '<p>اخلط المكونات حتى تحصل على عجينة لينة ولزجة واتركها لتتخمر 45 دقيقة. أسقط كرات صغيرة في الزيت الساخن بملعقة مبللة واقلها حتى يصبح لونها ذهبياً. اسكب عليها دبس التمر ورشّ السمسم وهي دافئة.</p>',
  },
  {
    category: 'omani-heritage',
    slug: 'the-potters-of-bahla',
    title: 'The Potters of Bahla',
    title_ar: 'فخّارو بهلاء',
    post_by: 'Souq Oman Editorial',
    post_by_ar: 'فريق تحرير سوق عُمان',
    shapes: ['pottery', 'pot'],
    hue: 20,
    daysAgo: 36,
    views: 860,
    body:
      '<p>In the shadow of Bahla Fort, a UNESCO World Heritage Site, potters still shape the local red clay the way their grandparents did. Bahla pottery is known across Oman for its warm colour and its thick, cool walls.</p>' +
      '<h2>From clay to kiln</h2><p>The clay is dug from the wadi, soaked, trodden and left to rest. Each piece is thrown on a foot-turned wheel, dried in the shade for several days and fired in a wood-burning kiln built of mud brick.</p>' +
      '<h2>What to buy</h2><ul><li><strong>Jahla:</strong> the water jar that keeps drinking water cool by evaporation.</li><li><strong>Mabkhara:</strong> the incense burner for frankincense and bakhoor.</li><li><strong>Burma:</strong> the cooking pot, still used for slow-cooked dishes.</li></ul>' +
      '<p>Before first use, soak unglazed pottery in water for a day. Small differences of shape and colour are the mark of a hand-made piece, not a fault.</p>',
    body_ar:
      '<p>في ظل قلعة بهلاء المدرجة في قائمة التراث العالمي لليونسكو، ما زال الفخّارون يشكّلون الطين الأحمر المحلي كما كان يفعل أجدادهم. ويشتهر فخار بهلاء في أنحاء عُمان بلونه الدافئ وجدرانه السميكة الباردة.</p>' +
      '<h2>من الطين إلى الفرن</h2><p>يُستخرج الطين من الوادي ويُنقع ويُداس ثم يُترك ليرتاح. وتُشكَّل كل قطعة على دولاب يُدار بالقدم، وتُجفَّف في الظل أياماً، ثم تُحرق في فرن يعمل بالحطب مبني من الطوب الطيني.</p>' +
      '<h2>ماذا تشتري</h2><ul><li><strong>الجحلة:</strong> جرّة الماء التي تبرّد ماء الشرب بالتبخر.</li><li><strong>المبخرة:</strong> لتبخير اللبان والبخور.</li><li><strong>البرمة:</strong> قدر الطبخ الذي ما زال يُستعمل للأطباق المطهوة على نار هادئة.</li></ul>' +
      '<p>قبل الاستعمال الأول انقع الفخار غير المزجَّج في الماء يوماً كاملاً. والاختلافات الصغيرة في الشكل واللون علامة على الصنع اليدوي وليست عيباً.</p>',
  },
  {
    category: 'recipes-hospitality',
    slug: 'omani-bzar-spice-blend',
    title: 'Bzar: The Spice Blend of the Omani Kitchen',
    title_ar: 'البزار: خلطة البهارات في المطبخ العُماني',
    post_by: 'Fatma Al-Kindi',
    post_by_ar: 'فاطمة الكندية',
    shapes: ['spices', 'coffee'],
    hue: 14,
    daysAgo: 44,
    views: 1420,
    body:
      '<p>Almost every Omani kitchen keeps a jar of bzar, the house blend of toasted spices behind shuwa, harees and the rice dish qabuli. Families guard their proportions, but the base is always the same.</p>' +
      '<h2>A classic blend</h2><ul><li>4 tablespoons of coriander seeds</li><li>2 tablespoons of cumin seeds</li><li>1 tablespoon of black peppercorns</li><li>1 tablespoon of cardamom pods</li><li>1 cinnamon stick and 6 cloves</li><li>1 teaspoon of ground turmeric</li></ul>' +
      '<p>Toast the whole spices in a dry pan over a low heat until fragrant, about 3 minutes, stirring all the time. Let them cool, grind them finely and stir in the turmeric.</p>' +
      '<p>Keep bzar in a sealed jar away from light and use it within three months. For shuwa, mix it with garlic, vinegar and a little oil into a paste and rub it into the meat the night before.</p>',
    body_ar:
      '<p>لا يكاد يخلو مطبخ عُماني من برطمان البزار، خلطة البهارات المحمصة التي تقف وراء الشواء والهريس وأرز القبولي. تحتفظ كل أسرة بمقاديرها الخاصة، لكن الأساس واحد دائماً.</p>' +
      '<h2>خلطة تقليدية</h2><ul><li>4 ملاعق كبيرة من بذور الكزبرة</li><li>ملعقتان كبيرتان من الكمون</li><li>ملعقة كبيرة من الفلفل الأسود الحب</li><li>ملعقة كبيرة من الهيل</li><li>عود قرفة و6 حبات قرنفل</li><li>ملعقة صغيرة من الكركم المطحون</li></ul>' +
      '<p>حمّص البهارات الكاملة في مقلاة جافة على نار هادئة حتى تفوح رائحتها، نحو 3 دقائق، مع التحريك المستمر. اتركها لتبرد ثم اطحنها ناعماً وأضف إليها الكركم.</p>' +
      '<p>احفظ البزار في برطمان محكم بعيداً عن الضوء واستعمله خلال ثلاثة أشهر. وللشواء اخلطه مع الثوم والخل وقليل من الزيت حتى يصبح عجينة، وادهن بها اللحم من الليلة السابقة.</p>',
  },
];

export interface LegalSeed {
  slug: string;
  title: string;
  title_ar: string;
  body: string;
  body_ar: string;
}

export const legalPages: LegalSeed[] = [
  {
    slug: 'about-us',
    title: 'About us',
    title_ar: 'من نحن',
    body:
      '<p>Souq Oman is a marketplace that brings together independent Omani shops, from date farms in Nizwa and frankincense houses in Salalah to silversmiths in Bahla and electronics stores in Muscat, and delivers their products across the Sultanate.</p>' +
      '<h2>Our mission</h2><p>We help small and family businesses reach customers everywhere in Oman, and help customers discover authentic local products with the convenience of online shopping.</p>' +
      '<h2>How it works</h2><p>Each shop manages its own products, prices and delivery. Souq Oman provides the storefront, secure checkout, customer support and a chat so you can talk to sellers directly.</p>' +
      '<p>Souq Oman LLC is registered in Muscat, Sultanate of Oman. Our team works from Al Khuwair.</p>',
    body_ar:
      '<p>سوق عُمان منصة تجمع المتاجر العُمانية المستقلة، من مزارع التمور في نزوى وبيوت اللبان في صلالة إلى صاغة الفضة في بهلاء ومتاجر الإلكترونيات في مسقط، وتوصل منتجاتها إلى جميع أنحاء السلطنة.</p>' +
      '<h2>رسالتنا</h2><p>نساعد المشاريع الصغيرة والعائلية على الوصول إلى العملاء في كل مكان في عُمان، ونساعد العملاء على اكتشاف منتجات محلية أصيلة بسهولة التسوق الإلكتروني.</p>' +
      '<h2>كيف نعمل</h2><p>يدير كل متجر منتجاته وأسعاره وتوصيله، ويوفر سوق عُمان واجهة المتجر والدفع الآمن وخدمة العملاء، إضافة إلى المحادثة لتتواصل مع البائعين مباشرة.</p>' +
      '<p>شركة سوق عُمان ش.م.م مسجلة في مسقط، سلطنة عُمان، ويعمل فريقنا من الخوير.</p>',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    title_ar: 'سياسة الخصوصية',
    body:
      '<p>This policy explains what personal data Souq Oman collects, why, and how you can control it. It follows the Personal Data Protection Law of the Sultanate of Oman (Royal Decree 6/2022).</p>' +
      '<h2>What we collect</h2><p>Your name, phone number, email address, delivery addresses, orders and messages with sellers. We do not store payment card numbers; payments are handled by licensed payment providers.</p>' +
      '<h2>How we use it</h2><p>To create your account, deliver your orders, let sellers answer your questions, prevent fraud and, only with your consent, send offers. Sellers receive only the details needed to fulfil your order.</p>' +
      '<h2>Your rights</h2><p>You can view and correct your data in your profile, and ask us to delete your account by writing to care@souq.om. We keep order records for as long as the law requires.</p>' +
      '<p>We use essential cookies and local storage to keep you signed in and remember your cart, language and currency.</p>',
    body_ar:
      '<p>توضح هذه السياسة البيانات الشخصية التي يجمعها سوق عُمان وسبب جمعها وكيف يمكنك التحكم بها، وهي متوافقة مع قانون حماية البيانات الشخصية في سلطنة عُمان (المرسوم السلطاني رقم 6/2022).</p>' +
      '<h2>ما الذي نجمعه</h2><p>اسمك ورقم هاتفك وبريدك الإلكتروني وعناوين التوصيل وطلباتك ورسائلك مع البائعين. لا نحتفظ بأرقام بطاقات الدفع، إذ تتولى الدفعَ جهاتٌ مرخّصة.</p>' +
      '<h2>كيف نستخدمها</h2><p>لإنشاء حسابك وتوصيل طلباتك وتمكين البائعين من الرد على أسئلتك ومنع الاحتيال، ولإرسال العروض بموافقتك فقط. ولا يحصل البائع إلا على البيانات اللازمة لتنفيذ طلبك.</p>' +
      '<h2>حقوقك</h2><p>يمكنك الاطلاع على بياناتك وتصحيحها من ملفك الشخصي، وطلب حذف حسابك بمراسلتنا على care@souq.om. ونحتفظ بسجلات الطلبات للمدة التي يفرضها القانون.</p>' +
      '<p>نستخدم ملفات تعريف الارتباط الضرورية والتخزين المحلي لإبقائك مسجلاً وتذكّر سلتك ولغتك وعملتك.</p>',
  },
  {
    slug: 'terms-and-conditions',
    title: 'Terms & Conditions',
    title_ar: 'الشروط والأحكام',
    body:
      '<p>By using Souq Oman you agree to these terms. Please read them carefully.</p>' +
      '<h2>Accounts</h2><p>You must give accurate details and keep your password private. You are responsible for orders placed from your account.</p>' +
      '<h2>Orders and prices</h2><p>Products are sold by the shops listed on each product page. Prices are in Omani rials and include VAT where it applies. An order is confirmed when the shop accepts it; a shop may cancel an order if a product is out of stock, in which case any payment is refunded in full.</p>' +
      '<h2>Vouchers</h2><p>Store vouchers apply only to products of the shop that issued them, within their validity and minimum spend, and cannot be exchanged for cash.</p>' +
      '<h2>Liability and law</h2><p>Souq Oman is not liable for indirect losses. These terms are governed by the laws of the Sultanate of Oman and the courts of Muscat have jurisdiction.</p>',
    body_ar:
      '<p>باستخدامك سوق عُمان فإنك توافق على هذه الشروط، فيُرجى قراءتها بعناية.</p>' +
      '<h2>الحسابات</h2><p>يجب أن تقدم بيانات صحيحة وأن تحافظ على سرية كلمة المرور، وتتحمل مسؤولية الطلبات التي تُجرى من حسابك.</p>' +
      '<h2>الطلبات والأسعار</h2><p>تبيع المنتجاتِ المتاجرُ المذكورة في صفحة كل منتج. الأسعار بالريال العُماني وتشمل ضريبة القيمة المضافة حيثما تنطبق. يُؤكَّد الطلب عندما يقبله المتجر، ويحق للمتجر إلغاء الطلب إذا نفد المنتج، وفي هذه الحالة يُسترد أي مبلغ مدفوع كاملاً.</p>' +
      '<h2>القسائم</h2><p>لا تنطبق قسائم المتجر إلا على منتجات المتجر الذي أصدرها، وضمن مدة صلاحيتها والحد الأدنى للشراء، ولا يمكن استبدالها نقداً.</p>' +
      '<h2>المسؤولية والقانون</h2><p>لا يتحمل سوق عُمان المسؤولية عن الخسائر غير المباشرة. تخضع هذه الشروط لقوانين سلطنة عُمان، وتختص محاكم مسقط بالنظر في أي نزاع.</p>',
  },
  {
    slug: 'return-policy',
    title: 'Return Policy',
    title_ar: 'سياسة الإرجاع',
    body:
      '<p>We want you to love what you buy. If something is not right, you can return most products within 7 days of delivery.</p>' +
      '<h2>What can be returned</h2><p>Unused products in their original packaging with all tags and accessories. Electronics must be returned with the box unopened unless they are faulty.</p>' +
      '<h2>What cannot be returned</h2><p>Food (dates, halwa, honey, coffee and spices), opened perfumes and oud oils, cosmetics, and items made to measure, unless they arrive damaged or not as described.</p>' +
      '<h2>How to return</h2><p>Open a support ticket from your order within 7 days. The shop arranges collection; refunds are made to the original payment method within 7 working days of receiving the item, or as store credit for cash-on-delivery orders.</p>',
    body_ar:
      '<p>نريدك أن تحب ما تشتريه. إن لم يكن المنتج كما توقعت، يمكنك إرجاع معظم المنتجات خلال 7 أيام من التوصيل.</p>' +
      '<h2>ما يمكن إرجاعه</h2><p>المنتجات غير المستخدمة في عبوتها الأصلية مع جميع البطاقات والملحقات. ويجب إرجاع الأجهزة الإلكترونية دون فتح العلبة ما لم تكن معيبة.</p>' +
      '<h2>ما لا يمكن إرجاعه</h2><p>المواد الغذائية (التمور والحلوى والعسل والقهوة والبهارات)، والعطور ودهن العود بعد فتحها، ومستحضرات التجميل، والقطع المفصّلة حسب المقاس، إلا إذا وصلت تالفة أو مخالفة للوصف.</p>' +
      '<h2>طريقة الإرجاع</h2><p>افتح تذكرة دعم من صفحة الطلب خلال 7 أيام، وسيرتب المتجر استلام المنتج. يُعاد المبلغ بطريقة الدفع الأصلية خلال 7 أيام عمل من استلام المنتج، أو رصيداً في المتجر للطلبات المدفوعة عند الاستلام.</p>',
  },
  {
    slug: 'shipping-policy',
    title: 'Shipping Policy',
    title_ar: 'سياسة الشحن',
    body:
      '<p>Every shop on Souq Oman ships its own orders. The estimated delivery time and delivery charge of each shop are shown on the shop page and at checkout.</p>' +
      '<h2>Delivery areas</h2><p>We deliver to all governorates of Oman. Orders to Musandam and Al Wusta may take 1-2 extra days.</p>' +
      '<h2>Charges</h2><p>Each shop sets its own delivery charge, added once per shop in your order. Some shops deliver free above a minimum order amount.</p>' +
      '<h2>Tracking</h2><p>Follow your order from Pending to Delivered in your order history. The courier calls you before arriving; please keep your phone reachable.</p>',
    body_ar:
      '<p>يشحن كل متجر في سوق عُمان طلباته بنفسه، ويظهر وقت التوصيل المتوقع ورسوم التوصيل لكل متجر في صفحة المتجر وعند إتمام الطلب.</p>' +
      '<h2>مناطق التوصيل</h2><p>نوصل إلى جميع محافظات سلطنة عُمان، وقد تستغرق الطلبات إلى مسندم والوسطى يوماً أو يومين إضافيين.</p>' +
      '<h2>الرسوم</h2><p>يحدد كل متجر رسوم التوصيل الخاصة به، وتُضاف مرة واحدة لكل متجر في طلبك. وتوصل بعض المتاجر مجاناً عند تجاوز حد أدنى لقيمة الطلب.</p>' +
      '<h2>التتبع</h2><p>تابع طلبك من "قيد الانتظار" حتى "تم التوصيل" في سجل طلباتك. يتصل بك المندوب قبل الوصول، فيُرجى إبقاء هاتفك متاحاً.</p>',
  },
];
