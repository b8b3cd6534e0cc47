import type { Templates } from './types';

/**
 * الإشعارات بالعربية. للمترجم: غيّر النص كما تشاء مع الإبقاء على كل {متغير} كما هو بالإنجليزية (يتحقق
 * اختبار التطابق من أن للّغتين المفاتيح والمتغيرات نفسها). `sms` هي الرسالة النصية لعميل ليس لديه إلا رقم
 * هاتف: اجعلها قصيرة.
 */
export const ar: Templates = {
  'order.placed.customer': {
    subject: '{site}: تم تقديم طلبك {order}',
    body: 'مرحباً {name}،\n\nشكراً لطلبك {order} من {shop}. المبلغ المستحق: {total} ر.ع.\nسنُعلمك بكل جديد في طلبك.\n\nطلباتك: {link}\n\nفريق {site}',
    sms: '{site}: تم تقديم طلبك {order} من {shop} ({total} ر.ع). {link}',
  },
  'order.placed.seller': {
    subject: '{site}: طلب جديد {order} لمتجر {shop}',
    body: 'مرحباً {name}،\n\nوصل طلب جديد {order} إلى متجرك {shop}: {total} ر.ع.\nافتحه في مركز البائع: {link}\n\nفريق {site}',
    sms: '{site}: طلب جديد {order} في {shop} ({total} ر.ع). {link}',
  },
  'order.confirmed': {
    subject: '{site}: تم تأكيد طلبك {order}',
    body: 'مرحباً {name}،\n\nأكّد {shop} طلبك {order}.\n\nتابعه من هنا: {link}\n\nفريق {site}',
    sms: '{site}: أكّد {shop} طلبك {order}. {link}',
  },
  'order.processing': {
    subject: '{site}: طلبك {order} قيد التجهيز',
    body: 'مرحباً {name}،\n\nيجهّز {shop} طلبك {order} الآن.\n\nتابعه من هنا: {link}\n\nفريق {site}',
    sms: '{site}: يجهّز {shop} طلبك {order}. {link}',
  },
  'order.picked_up': {
    subject: '{site}: تم استلام طلبك {order} للتوصيل',
    body: 'مرحباً {name}،\n\nتم استلام طلبك {order} من {shop} لتوصيله إليك.\n\nتابعه من هنا: {link}\n\nفريق {site}',
    sms: '{site}: تم استلام طلبك {order} للتوصيل. {link}',
  },
  'order.on_the_way': {
    subject: '{site}: طلبك {order} في الطريق إليك',
    body: 'مرحباً {name}،\n\nطلبك {order} من {shop} في الطريق إليك.\n\nتابعه من هنا: {link}\n\nفريق {site}',
    sms: '{site}: طلبك {order} في الطريق إليك. {link}',
  },
  'order.delivered': {
    subject: '{site}: تم توصيل طلبك {order}',
    body: 'مرحباً {name}،\n\nتم توصيل طلبك {order} من {shop}. نتمنى أن ينال إعجابك.\n\nطلبك: {link}\n\nفريق {site}',
    sms: '{site}: تم توصيل طلبك {order}. {link}',
  },
  'order.cancelled': {
    subject: '{site}: تم إلغاء طلبك {order}',
    body: 'مرحباً {name}،\n\nتم إلغاء طلبك {order} من {shop}.\nإن كنت قد دفعت إلكترونياً فسيعيد المتجر إليك المبلغ.\n\nطلبك: {link}\n\nفريق {site}',
    sms: '{site}: تم إلغاء طلبك {order} من {shop}. {link}',
  },
  'order.refunded': {
    subject: '{site}: تم استرداد {amount} ر.ع لطلبك {order}',
    body: 'مرحباً {name}،\n\nأعدنا إليك {amount} ر.ع عن طلبك {order} من {shop}.\nقد يستغرق وصول المبلغ إلى حسابك بضعة أيام.\n\nطلبك: {link}\n\nفريق {site}',
    sms: '{site}: تم استرداد {amount} ر.ع لطلبك {order}. {link}',
  },
  'ticket.answered.shop': {
    subject: '{site}: ردّ {shop} على تذكرتك {ticket}',
    body: 'مرحباً {name}،\n\nردّ {shop} على تذكرة الدعم {ticket} ({topic}).\n\nاقرأ الرد: {link}\n\nفريق {site}',
    sms: '{site}: ردّ {shop} على تذكرتك {ticket}. {link}',
  },
  'ticket.answered.support': {
    subject: '{site}: ردّ فريق الدعم على تذكرتك {ticket}',
    body: 'مرحباً {name}،\n\nردّ فريق الدعم على تذكرتك {ticket} ({topic}).\n\nاقرأ الرد: {link}\n\nفريق {site}',
    sms: '{site}: ردّ فريق الدعم على تذكرتك {ticket}. {link}',
  },
  'shop.approve': {
    subject: '{site}: تمت الموافقة على متجرك {shop}',
    body: 'مرحباً {name}،\n\nتمت الموافقة على متجرك {shop} وأصبح مفتوحاً للمتسوقين.\nسجّل الدخول إلى مركز البائع لإضافة منتجاتك: {link}\n\nفريق {site}',
    sms: '{site}: تمت الموافقة على متجرك {shop}. {link}',
  },
  'shop.reject': {
    subject: '{site}: لم تتم الموافقة على طلب متجرك',
    body: 'مرحباً {name}،\n\nلم نتمكن من الموافقة على طلبك لفتح المتجر {shop}.\nالسبب: {reason}\n\nفريق {site}',
    sms: '{site}: لم تتم الموافقة على طلب متجرك {shop}. السبب: {reason}',
  },
  'shop.suspend': {
    subject: '{site}: تم إيقاف متجرك {shop}',
    body: 'مرحباً {name}،\n\nتم إيقاف متجرك {shop}: لم يعد هو ومنتجاته ظاهرين للمتسوقين، وأُغلق مركز البائع أمامك.\nالسبب: {reason}\nما زال بإمكان عملائك الاطلاع على طلباتهم. رُدّ على هذه الرسالة للتواصل معنا بشأن ذلك.\n\nفريق {site}',
    sms: '{site}: تم إيقاف متجرك {shop}. السبب: {reason}',
  },
  'shop.reinstate': {
    subject: '{site}: أعيد فتح متجرك {shop}',
    body: 'مرحباً {name}،\n\nتمت إعادة تفعيل متجرك {shop} وأصبح مفتوحاً للمتسوقين من جديد.\nسجّل الدخول: {link}\n\nفريق {site}',
    sms: '{site}: أعيد فتح متجرك {shop}. {link}',
  },
};
