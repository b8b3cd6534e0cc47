/**
 * Product copy per category, in both languages. `{shop}` is replaced by the shop's name.
 * Sentences are written so that they read correctly whatever the product's name is.
 */
export interface CategoryCopy {
  short: [string, string];
  intro: [string, string];
  features: [string, string][];
}

export const categoryCopy: Record<string, CategoryCopy> = {
  dates: {
    short: [
      'From the palm groves of Ad Dakhiliyah, hand-picked at full ripeness and packed within days of the harvest.',
      'من بساتين النخيل في محافظة الداخلية، تُقطف يدوياً في تمام نضجها وتُعبّأ خلال أيام من الحصاد.',
    ],
    intro: [
      'Grown under the palms of Nizwa and watered by the ancient falaj, this is the taste Omani families serve with kahwa to every guest.',
      'من خيرات نخيل نزوى التي تُسقى من الفلج القديم، وهو الطعم الذي تقدّمه العائلات العُمانية مع القهوة لكل ضيف.',
    ],
    features: [
      ['No added sugar or preservatives', 'بلا سكر مضاف أو مواد حافظة'],
      ['Sorted and washed by hand on the farm', 'فرز وغسيل يدوي في المزرعة'],
      ['Keep in a cool, dry place; refrigerate after opening', 'يُحفظ في مكان بارد وجاف، ويُبرّد بعد الفتح'],
      ['Packed in food-grade, resealable packaging', 'تعبئة صحية قابلة لإعادة الإغلاق'],
      ['Harvest of this season', 'من حصاد هذا الموسم'],
    ],
  },
  'omani-sweets': {
    short: [
      'Cooked slowly in copper pots with ghee, rose water and saffron, the traditional way.',
      'تُطهى ببطء في قدور نحاسية مع السمن وماء الورد والزعفران، على الطريقة التقليدية.',
    ],
    intro: [
      'No Omani celebration is complete without sweets on the table, served with a cup of Omani coffee.',
      'لا تكتمل أي مناسبة عُمانية من دون الحلويات على المائدة، تُقدَّم مع فنجان من القهوة العُمانية.',
    ],
    features: [
      ['Made fresh every morning in small batches', 'تُحضَّر طازجة كل صباح بكميات صغيرة'],
      ['Pure ghee and natural flavours only', 'سمن بلدي ونكهات طبيعية فقط'],
      ['Best within 30 days; no need to refrigerate', 'يُفضَّل تناولها خلال 30 يوماً، ولا تحتاج إلى تبريد'],
      ['Serve warm for the best texture', 'تُقدَّم دافئة لأفضل قوام'],
      ['Gift wrapping available on request', 'تغليف الهدايا متاح عند الطلب'],
    ],
  },
  'frankincense-bakhoor': {
    short: [
      'Genuine Dhofari frankincense and bakhoor for a home that smells of Omani hospitality.',
      'لبان ظفاري أصلي وبخور لبيت تفوح منه رائحة الضيافة العُمانية.',
    ],
    intro: [
      'Frankincense has been harvested in the mountains of Dhofar for thousands of years and is still burnt in every Omani home to welcome guests.',
      'يُحصد اللبان في جبال ظفار منذ آلاف السنين، وما زال يُبخَّر في كل بيت عُماني ترحيباً بالضيوف.',
    ],
    features: [
      ['Harvested and graded in Dhofar', 'محصود ومصنّف في ظفار'],
      ['Clean, long-lasting smoke', 'دخان نقي يدوم طويلاً'],
      ['Use on charcoal or an electric burner', 'يُستخدم على الفحم أو المبخرة الكهربائية'],
      ['Keep away from heat and sunlight', 'يُحفظ بعيداً عن الحرارة وأشعة الشمس'],
      ['Sealed to keep its fragrance', 'مغلّف بإحكام للحفاظ على رائحته'],
    ],
  },
  'perfumes-oud': {
    short: [
      'Arabian perfumery blended and bottled by hand in Sohar.',
      'عطور شرقية تُمزج وتُعبّأ يدوياً في صحار.',
    ],
    intro: [
      'A blend built around aged oud, Taifi rose, saffron and amber, created for those who love rich, long-lasting Arabian scents.',
      'تركيبة أساسها العود المعتّق والورد الطائفي والزعفران والعنبر، لمن يحب العطور الشرقية الغنية الثابتة.',
    ],
    features: [
      ['Lasts 12 hours or more on skin', 'ثبات يصل إلى 12 ساعة أو أكثر على البشرة'],
      ['Long-lasting on skin and clothes', 'ثابت على البشرة والملابس'],
      ['Bottled by hand in our Sohar atelier', 'معبّأ يدوياً في مشغلنا بصحار'],
      ['Arrives in a gift-ready box', 'يصلك في علبة جاهزة للإهداء'],
      ['Store upright, away from heat', 'يُحفظ قائماً بعيداً عن الحرارة'],
    ],
  },
  electronics: {
    short: [
      'Original device with a one-year local warranty and fast delivery across Oman.',
      'جهاز أصلي بضمان محلي لمدة عام وتوصيل سريع إلى جميع أنحاء عُمان.',
    ],
    intro: [
      'Chosen for everyday life in Oman: reliable, well built and backed by a local warranty and after-sales service in Muscat.',
      'مختار للحياة اليومية في عُمان: موثوق ومتين الصنع، ومدعوم بضمان محلي وخدمة ما بعد البيع في مسقط.',
    ],
    features: [
      ['One-year local warranty', 'ضمان محلي لمدة عام'],
      ['Genuine product in a sealed box', 'منتج أصلي في علبة مغلقة'],
      ['Tested before dispatch', 'يُفحص قبل الشحن'],
      ['Free technical help by chat', 'مساعدة تقنية مجانية عبر المحادثة'],
      ['7-day return if the box is unopened', 'إرجاع خلال 7 أيام إذا لم تُفتح العلبة'],
    ],
  },
  'womens-fashion': {
    short: [
      'Designed in Muscat and finished by hand, for elegant everyday and occasion wear.',
      'مصممة في مسقط ومشطّبة يدوياً، لإطلالة أنيقة في الأيام العادية والمناسبات.',
    ],
    intro: [
      'Modest, elegant pieces designed in Muscat for everyday wear and special occasions, and comfortable through Oman\'s warm days.',
      'قطع محتشمة وأنيقة مصممة في مسقط للاستخدام اليومي والمناسبات، ومريحة في أيام عُمان الدافئة.',
    ],
    features: [
      ['Premium fabrics and materials', 'أقمشة وخامات فاخرة'],
      ['Carefully finished by hand', 'تشطيب يدوي متقن'],
      ['Exchange within 7 days if unworn', 'استبدال خلال 7 أيام إذا لم تُستخدم'],
      ['Chat with us for help choosing a size', 'راسلنا للمساعدة في اختيار المقاس'],
      ['Delivered in gift-ready packaging', 'تصلك في تغليف جاهز للإهداء'],
    ],
  },
  'mens-fashion': {
    short: [
      'Traditional Omani menswear, tailored in Muscat from quality fabrics.',
      'أزياء رجالية عُمانية تقليدية، تُفصَّل في مسقط من أقمشة عالية الجودة.',
    ],
    intro: [
      'Traditional Omani menswear as it is worn at work, in the majlis and on national days: smart to look at and comfortable all day.',
      'أزياء رجالية عُمانية تقليدية كما تُلبس في العمل وفي المجلس وفي الأعياد الوطنية: أنيقة المظهر ومريحة طوال اليوم.',
    ],
    features: [
      ['Quality materials chosen for the Omani climate', 'خامات عالية الجودة مختارة لمناخ عُمان'],
      ['Carefully finished by hand', 'تشطيب يدوي متقن'],
      ['Exchange within 7 days if unworn', 'استبدال خلال 7 أيام إذا لم يُستخدم'],
      ['Chat with us for help choosing a size', 'راسلنا للمساعدة في اختيار المقاس'],
      ['Colour-fast and easy to care for', 'ألوان ثابتة وعناية سهلة'],
    ],
  },
  'home-kitchen': {
    short: [
      'Everything a generous Omani home needs to cook, serve and welcome guests.',
      'كل ما يحتاجه البيت العُماني الكريم للطبخ والتقديم واستقبال الضيوف.',
    ],
    intro: [
      'Chosen for families who cook every day and host often: sturdy, easy to clean and made to last for years.',
      'مختارة للعائلات التي تطبخ كل يوم وتستقبل الضيوف كثيراً: متينة وسهلة التنظيف وتدوم لسنوات.',
    ],
    features: [
      ['Food-safe materials', 'خامات آمنة للطعام'],
      ['Easy to clean', 'سهل التنظيف'],
      ['Sturdy build for daily use', 'صناعة متينة للاستخدام اليومي'],
      ['Gift packaging available', 'تغليف الهدايا متاح'],
      ['Six-month warranty against defects', 'ضمان ستة أشهر ضد عيوب الصناعة'],
    ],
  },
  'silver-crafts': {
    short: [
      'Handmade by master craftsmen of Bahla and Nizwa, with a certificate of origin.',
      'مصنوعة يدوياً بأيدي حرفيين مهرة من بهلاء ونزوى، مع شهادة منشأ.',
    ],
    intro: [
      'Each piece is made by hand using techniques passed down through generations of Omani craftsmen, so no two are exactly alike.',
      'تُصنع كل قطعة يدوياً بأساليب توارثتها أجيال من الحرفيين العُمانيين، لذلك لا تتطابق قطعتان تماماً.',
    ],
    features: [
      ['Traditional materials: silver, clay, wood or palm fronds', 'خامات تقليدية: الفضة أو الطين أو الخشب أو سعف النخيل'],
      ['Signed by the craftsman', 'موقّعة من الحرفي'],
      ['Certificate of origin included', 'شهادة منشأ مرفقة'],
      ['Care instructions included', 'إرشادات العناية مرفقة'],
      ['Arrives in a protective gift box', 'تصلك في علبة هدايا واقية'],
    ],
  },
  'coffee-spices': {
    short: [
      'Blended and packed fresh each week in Oman, for authentic Omani flavour.',
      'تُخلط وتُعبّأ طازجة كل أسبوع في عُمان، لنكهة عُمانية أصيلة.',
    ],
    intro: [
      'The flavours of the Omani kitchen and majlis: lightly roasted coffee with cardamom, fragrant spice blends and herbs from the mountains.',
      'نكهات المطبخ والمجلس العُماني: قهوة بتحميص خفيف مع الهيل، وخلطات بهارات فوّاحة، وأعشاب من الجبال.',
    ],
    features: [
      ['Ground and packed fresh every week', 'تُطحن وتُعبّأ طازجة كل أسبوع'],
      ['No fillers or artificial colours', 'بلا مواد مالئة أو ألوان صناعية'],
      ['Resealable, aroma-keeping pouch', 'كيس يحفظ الرائحة وقابل لإعادة الإغلاق'],
      ['Store in a cool, dry place', 'يُحفظ في مكان بارد وجاف'],
    ],
  },
  honey: {
    short: [
      'Raw Omani honey from hives in the mountains, unheated and unfiltered.',
      'عسل عُماني خام من خلايا في الجبال، غير مسخّن وغير مصفّى.',
    ],
    intro: [
      'Collected by our beekeepers from hives among the sidr and samar trees of the Omani mountains, and bottled without heating.',
      'يجمعه نحّالونا من خلايا بين أشجار السدر والسمر في جبال عُمان، ويُعبّأ من دون تسخين.',
    ],
    features: [
      ['100% natural raw honey', 'عسل خام طبيعي 100%'],
      ['Lab-tested for purity', 'مفحوص مخبرياً للتأكد من نقائه'],
      ['May crystallise naturally over time', 'قد يتبلور طبيعياً مع الوقت'],
      ['Not suitable for infants under one year', 'غير مناسب للرضّع دون عمر السنة'],
    ],
  },
  beauty: {
    short: [
      'Natural care inspired by Omani traditions: frankincense, rose and henna.',
      'عناية طبيعية مستوحاة من التقاليد العُمانية: اللبان والورد والحناء.',
    ],
    intro: [
      'Omani women have used frankincense, rose water and henna for generations. These natural ingredients are at the heart of this gentle formula.',
      'استخدمت المرأة العُمانية اللبان وماء الورد والحناء منذ أجيال، وهذه المكونات الطبيعية هي أساس هذه التركيبة اللطيفة.',
    ],
    features: [
      ['Natural ingredients', 'مكونات طبيعية'],
      ['Free from parabens', 'خالٍ من البارابين'],
      ['Suitable for all skin types', 'مناسب لجميع أنواع البشرة'],
      ['Patch-test before first use', 'يُنصح بتجربته على جزء صغير من البشرة أولاً'],
    ],
  },
  gifts: {
    short: [
      'A gift of Oman, beautifully packed and ready to give.',
      'هدية من عُمان، مغلّفة بأناقة وجاهزة للإهداء.',
    ],
    intro: [
      'Put together for Eid, weddings and visits, with the things that say Oman best.',
      'جُمعت للأعياد والأعراس والزيارات، بأكثر ما يعبّر عن عُمان.',
    ],
    features: [
      ['Gift-wrapped at no extra cost', 'تغليف هدايا بلا تكلفة إضافية'],
      ['Add a handwritten card in the order note', 'أضف بطاقة بخط اليد في ملاحظة الطلب'],
      ['Delivered across Oman', 'توصيل إلى جميع أنحاء عُمان'],
      ['Contents may vary slightly by season', 'قد تختلف المحتويات قليلاً حسب الموسم'],
    ],
  },
};

/** Copy for sub-categories whose products differ from the rest of their category. */
export const subCategoryCopy: Record<string, CategoryCopy> = {
  'incense-burners': {
    short: [
      'A burner for frankincense and bakhoor, for the majlis, the bedroom or as a gift.',
      'مبخرة للّبان والبخور، للمجلس أو غرفة النوم أو للإهداء.',
    ],
    intro: [
      'Passing the burner among guests is an old Omani custom; this one is made to be used every day and to look good on a shelf.',
      'تمرير المبخرة بين الضيوف عادة عُمانية قديمة، وهذه المبخرة مصنوعة للاستخدام اليومي ولتبدو جميلة على الرف.',
    ],
    features: [
      ['Stable base that stays cool to the touch', 'قاعدة ثابتة تبقى باردة عند اللمس'],
      ['Easy to clean', 'سهلة التنظيف'],
      ['Use with charcoal discs or on its own heater', 'تُستخدم مع أقراص الفحم أو بسخّانها الخاص'],
      ['Packed in a protective box', 'معبأة في علبة واقية'],
    ],
  },
  'frankincense-oils': {
    short: [
      'Made in Salalah from genuine Dhofari frankincense.',
      'مصنوع في صلالة من اللبان الظفاري الأصلي.',
    ],
    intro: [
      'Frankincense has been used in Oman for generations to perfume the home and care for skin and hair; here it is in a ready-to-use form.',
      'استُخدم اللبان في عُمان منذ أجيال لتعطير البيت والعناية بالبشرة والشعر، وهو هنا في صورة جاهزة للاستخدام.',
    ],
    features: [
      ['Genuine Dhofari frankincense', 'لبان ظفاري أصلي'],
      ['No artificial colours', 'بلا ألوان صناعية'],
      ['Store away from heat and sunlight', 'يُحفظ بعيداً عن الحرارة وأشعة الشمس'],
      ['For external use only', 'للاستخدام الخارجي فقط'],
    ],
  },
  bags: {
    short: [
      'A bag designed in Muscat, roomy enough for every day and elegant enough for an evening out.',
      'حقيبة مصممة في مسقط، تتسع لاحتياجات اليوم وأنيقة بما يكفي لسهرة.',
    ],
    intro: [
      'Made from quality materials with sturdy stitching and gold-tone hardware, to go with an abaya or everyday wear.',
      'مصنوعة من خامات عالية الجودة بخياطة متينة وإكسسوارات بلون ذهبي، لتناسب العباية والملابس اليومية.',
    ],
    features: [
      ['Lined interior with inner pocket', 'بطانة داخلية مع جيب داخلي'],
      ['Gold-tone hardware', 'إكسسوارات بلون ذهبي'],
      ['Exchange within 7 days if unused', 'استبدال خلال 7 أيام إذا لم تُستخدم'],
      ['Delivered in a dust bag', 'تصلك في كيس حماية من الغبار'],
    ],
  },
};
