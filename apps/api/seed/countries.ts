/** ISO 3166-1 alpha-2 | English name | Arabic name | international dialling code. */
const LIST = `
OM|Oman|عُمان|+968
AE|United Arab Emirates|الإمارات العربية المتحدة|+971
SA|Saudi Arabia|المملكة العربية السعودية|+966
QA|Qatar|قطر|+974
BH|Bahrain|البحرين|+973
KW|Kuwait|الكويت|+965
AF|Afghanistan|أفغانستان|+93
AL|Albania|ألبانيا|+355
DZ|Algeria|الجزائر|+213
AD|Andorra|أندورا|+376
AO|Angola|أنغولا|+244
AG|Antigua and Barbuda|أنتيغوا وباربودا|+1268
AR|Argentina|الأرجنتين|+54
AM|Armenia|أرمينيا|+374
AU|Australia|أستراليا|+61
AT|Austria|النمسا|+43
AZ|Azerbaijan|أذربيجان|+994
BS|Bahamas|جزر البهاما|+1242
BD|Bangladesh|بنغلاديش|+880
BB|Barbados|باربادوس|+1246
BY|Belarus|بيلاروسيا|+375
BE|Belgium|بلجيكا|+32
BZ|Belize|بليز|+501
BJ|Benin|بنين|+229
BT|Bhutan|بوتان|+975
BO|Bolivia|بوليفيا|+591
BA|Bosnia and Herzegovina|البوسنة والهرسك|+387
BW|Botswana|بوتسوانا|+267
BR|Brazil|البرازيل|+55
BN|Brunei|بروناي|+673
BG|Bulgaria|بلغاريا|+359
BF|Burkina Faso|بوركينا فاسو|+226
BI|Burundi|بوروندي|+257
CV|Cape Verde|الرأس الأخضر|+238
KH|Cambodia|كمبوديا|+855
CM|Cameroon|الكاميرون|+237
CA|Canada|كندا|+1
CF|Central African Republic|جمهورية أفريقيا الوسطى|+236
TD|Chad|تشاد|+235
CL|Chile|تشيلي|+56
CN|China|الصين|+86
CO|Colombia|كولومبيا|+57
KM|Comoros|جزر القمر|+269
CG|Congo|الكونغو|+242
CD|Democratic Republic of the Congo|جمهورية الكونغو الديمقراطية|+243
CR|Costa Rica|كوستاريكا|+506
CI|Côte d'Ivoire|ساحل العاج|+225
HR|Croatia|كرواتيا|+385
CU|Cuba|كوبا|+53
CY|Cyprus|قبرص|+357
CZ|Czechia|التشيك|+420
DK|Denmark|الدنمارك|+45
DJ|Djibouti|جيبوتي|+253
DM|Dominica|دومينيكا|+1767
DO|Dominican Republic|جمهورية الدومينيكان|+1809
EC|Ecuador|الإكوادور|+593
EG|Egypt|مصر|+20
SV|El Salvador|السلفادور|+503
GQ|Equatorial Guinea|غينيا الاستوائية|+240
ER|Eritrea|إريتريا|+291
EE|Estonia|إستونيا|+372
SZ|Eswatini|إسواتيني|+268
ET|Ethiopia|إثيوبيا|+251
FJ|Fiji|فيجي|+679
FI|Finland|فنلندا|+358
FR|France|فرنسا|+33
GA|Gabon|الغابون|+241
GM|Gambia|غامبيا|+220
GE|Georgia|جورجيا|+995
DE|Germany|ألمانيا|+49
GH|Ghana|غانا|+233
GR|Greece|اليونان|+30
GD|Grenada|غرينادا|+1473
GT|Guatemala|غواتيمالا|+502
GN|Guinea|غينيا|+224
GW|Guinea-Bissau|غينيا بيساو|+245
GY|Guyana|غيانا|+592
HT|Haiti|هايتي|+509
HN|Honduras|هندوراس|+504
HK|Hong Kong|هونغ كونغ|+852
HU|Hungary|المجر|+36
IS|Iceland|آيسلندا|+354
IN|India|الهند|+91
ID|Indonesia|إندونيسيا|+62
IR|Iran|إيران|+98
IQ|Iraq|العراق|+964
IE|Ireland|أيرلندا|+353
IT|Italy|إيطاليا|+39
JM|Jamaica|جامايكا|+1876
JP|Japan|اليابان|+81
JO|Jordan|الأردن|+962
KZ|Kazakhstan|كازاخستان|+7
KE|Kenya|كينيا|+254
KI|Kiribati|كيريباتي|+686
KP|North Korea|كوريا الشمالية|+850
KR|South Korea|كوريا الجنوبية|+82
XK|Kosovo|كوسوفو|+383
KG|Kyrgyzstan|قيرغيزستان|+996
LA|Laos|لاوس|+856
LV|Latvia|لاتفيا|+371
LB|Lebanon|لبنان|+961
LS|Lesotho|ليسوتو|+266
LR|Liberia|ليبيريا|+231
LY|Libya|ليبيا|+218
LI|Liechtenstein|ليختنشتاين|+423
LT|Lithuania|ليتوانيا|+370
LU|Luxembourg|لوكسمبورغ|+352
MO|Macao|ماكاو|+853
MG|Madagascar|مدغشقر|+261
MW|Malawi|ملاوي|+265
MY|Malaysia|ماليزيا|+60
MV|Maldives|جزر المالديف|+960
ML|Mali|مالي|+223
MT|Malta|مالطا|+356
MH|Marshall Islands|جزر مارشال|+692
MR|Mauritania|موريتانيا|+222
MU|Mauritius|موريشيوس|+230
MX|Mexico|المكسيك|+52
FM|Micronesia|ميكرونيزيا|+691
MD|Moldova|مولدوفا|+373
MC|Monaco|موناكو|+377
MN|Mongolia|منغوليا|+976
ME|Montenegro|الجبل الأسود|+382
MA|Morocco|المغرب|+212
MZ|Mozambique|موزمبيق|+258
MM|Myanmar|ميانمار|+95
NA|Namibia|ناميبيا|+264
NR|Nauru|ناورو|+674
NP|Nepal|نيبال|+977
NL|Netherlands|هولندا|+31
NZ|New Zealand|نيوزيلندا|+64
NI|Nicaragua|نيكاراغوا|+505
NE|Niger|النيجر|+227
NG|Nigeria|نيجيريا|+234
MK|North Macedonia|مقدونيا الشمالية|+389
NO|Norway|النرويج|+47
PK|Pakistan|باكستان|+92
PW|Palau|بالاو|+680
PS|Palestine|فلسطين|+970
PA|Panama|بنما|+507
PG|Papua New Guinea|بابوا غينيا الجديدة|+675
PY|Paraguay|باراغواي|+595
PE|Peru|بيرو|+51
PH|Philippines|الفلبين|+63
PL|Poland|بولندا|+48
PT|Portugal|البرتغال|+351
PR|Puerto Rico|بورتوريكو|+1787
RO|Romania|رومانيا|+40
RU|Russia|روسيا|+7
RW|Rwanda|رواندا|+250
KN|Saint Kitts and Nevis|سانت كيتس ونيفيس|+1869
LC|Saint Lucia|سانت لوسيا|+1758
VC|Saint Vincent and the Grenadines|سانت فنسنت والغرينادين|+1784
WS|Samoa|ساموا|+685
SM|San Marino|سان مارينو|+378
ST|São Tomé and Príncipe|ساو تومي وبرينسيب|+239
SN|Senegal|السنغال|+221
RS|Serbia|صربيا|+381
SC|Seychelles|سيشل|+248
SL|Sierra Leone|سيراليون|+232
SG|Singapore|سنغافورة|+65
SK|Slovakia|سلوفاكيا|+421
SI|Slovenia|سلوفينيا|+386
SB|Solomon Islands|جزر سليمان|+677
SO|Somalia|الصومال|+252
ZA|South Africa|جنوب أفريقيا|+27
SS|South Sudan|جنوب السودان|+211
ES|Spain|إسبانيا|+34
LK|Sri Lanka|سريلانكا|+94
SD|Sudan|السودان|+249
SR|Suriname|سورينام|+597
SE|Sweden|السويد|+46
CH|Switzerland|سويسرا|+41
SY|Syria|سوريا|+963
TW|Taiwan|تايوان|+886
TJ|Tajikistan|طاجيكستان|+992
TZ|Tanzania|تنزانيا|+255
TH|Thailand|تايلاند|+66
TL|Timor-Leste|تيمور الشرقية|+670
TG|Togo|توغو|+228
TO|Tonga|تونغا|+676
TT|Trinidad and Tobago|ترينيداد وتوباغو|+1868
TN|Tunisia|تونس|+216
TR|Türkiye|تركيا|+90
TM|Turkmenistan|تركمانستان|+993
TV|Tuvalu|توفالو|+688
UG|Uganda|أوغندا|+256
UA|Ukraine|أوكرانيا|+380
GB|United Kingdom|المملكة المتحدة|+44
US|United States|الولايات المتحدة|+1
UY|Uruguay|الأوروغواي|+598
UZ|Uzbekistan|أوزبكستان|+998
VU|Vanuatu|فانواتو|+678
VA|Vatican City|الفاتيكان|+39
VE|Venezuela|فنزويلا|+58
VN|Vietnam|فيتنام|+84
YE|Yemen|اليمن|+967
ZM|Zambia|زامبيا|+260
ZW|Zimbabwe|زيمبابوي|+263
`;

const GCC = new Set(['AE', 'SA', 'QA', 'BH', 'KW']);

/** Every country with its English and Arabic name and dialling code: Oman first, then the GCC, then the rest (base.ts). */
export const countryList = LIST.trim()
  .split('\n')
  .map((line) => {
    const [iso2, name, name_ar, phone_code] = line.split('|') as [string, string, string, string];
    return { iso2, name, name_ar, phone_code, sort: iso2 === 'OM' ? 0 : GCC.has(iso2) ? 1 : 2 };
  });
