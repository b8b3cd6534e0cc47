import type { Locale } from '@souq/contracts';

/** What happened to the shop, as its seller is told. */
export type ShopAction = 'approve' | 'reject' | 'suspend' | 'reinstate';

export interface ShopMailInput {
  action: ShopAction;
  locale: Locale;
  /** The marketplace's name in that language. */
  site: string;
  /** The seller's name, the shop's name in that language. */
  seller: string;
  shop: string;
  reason: string | null;
  /** The seller sign-in page. */
  loginUrl: string;
}

type Texts = Record<ShopAction, { subject: (m: ShopMailInput) => string; body: (m: ShopMailInput) => string[] }>;

const en: Texts = {
  approve: {
    subject: (m) => `${m.site}: your shop ${m.shop} is approved`,
    body: (m) => [
      `Your shop ${m.shop} has been approved and is now open to shoppers.`,
      `Sign in to the seller centre to add your products: ${m.loginUrl}`,
    ],
  },
  reject: {
    subject: (m) => `${m.site}: your shop application was not approved`,
    body: (m) => [`We could not approve your application for the shop ${m.shop}.`, `Reason: ${m.reason ?? ''}`],
  },
  suspend: {
    subject: (m) => `${m.site}: your shop ${m.shop} is suspended`,
    body: (m) => [
      `Your shop ${m.shop} has been suspended: it and its products are no longer shown to shoppers, and the seller centre is closed to you.`,
      `Reason: ${m.reason ?? ''}`,
      'Your customers can still see their orders. Reply to this e-mail to talk to us about it.',
    ],
  },
  reinstate: {
    subject: (m) => `${m.site}: your shop ${m.shop} is open again`,
    body: (m) => [`Your shop ${m.shop} has been reinstated and is open to shoppers again.`, `Sign in: ${m.loginUrl}`],
  },
};

const ar: Texts = {
  approve: {
    subject: (m) => `${m.site}: تمت الموافقة على متجرك ${m.shop}`,
    body: (m) => [
      `تمت الموافقة على متجرك ${m.shop} وأصبح مفتوحاً للمتسوقين.`,
      `سجّل الدخول إلى مركز البائع لإضافة منتجاتك: ${m.loginUrl}`,
    ],
  },
  reject: {
    subject: (m) => `${m.site}: لم تتم الموافقة على طلب متجرك`,
    body: (m) => [`لم نتمكن من الموافقة على طلبك لفتح المتجر ${m.shop}.`, `السبب: ${m.reason ?? ''}`],
  },
  suspend: {
    subject: (m) => `${m.site}: تم إيقاف متجرك ${m.shop}`,
    body: (m) => [
      `تم إيقاف متجرك ${m.shop}: لم يعد هو ومنتجاته ظاهرين للمتسوقين، وأُغلق مركز البائع أمامك.`,
      `السبب: ${m.reason ?? ''}`,
      'ما زال بإمكان عملائك الاطلاع على طلباتهم. رُدّ على هذه الرسالة للتواصل معنا بشأن ذلك.',
    ],
  },
  reinstate: {
    subject: (m) => `${m.site}: أعيد فتح متجرك ${m.shop}`,
    body: (m) => [`تمت إعادة تفعيل متجرك ${m.shop} وأصبح مفتوحاً للمتسوقين من جديد.`, `سجّل الدخول: ${m.loginUrl}`],
  },
};

/** The e-mail that tells a seller what an operator did to its shop, in the seller's language. */
export function shopMail(m: ShopMailInput): { subject: string; text: string } {
  const texts = (m.locale === 'en' ? en : ar)[m.action];
  const greeting = m.locale === 'en' ? `Hello ${m.seller},` : `مرحباً ${m.seller}،`;
  const closing = m.locale === 'en' ? `The ${m.site} team` : `فريق ${m.site}`;
  return { subject: texts.subject(m), text: [greeting, '', ...texts.body(m), '', closing].join('\n') };
}

/** What the seller's sign-in answers (403) while its shop is suspended or rejected, in the request's language. */
export function closedShopMessage(status: 'suspended' | 'rejected', reason: string | null, locale: Locale): string {
  const why = reason ? (locale === 'en' ? ` Reason: ${reason}` : ` السبب: ${reason}`) : '';
  if (locale === 'en')
    return status === 'suspended'
      ? `Your shop has been suspended by the marketplace.${why}`
      : `Your shop application was not approved.${why}`;
  return status === 'suspended' ? `تم إيقاف متجرك من قبل إدارة السوق.${why}` : `لم تتم الموافقة على طلب متجرك.${why}`;
}
