import type { Locale } from '@souq/contracts';

/** What happened to the shop, as its seller is told (the e-mails: notifications/templates, decision 046). */
export type ShopAction = 'approve' | 'reject' | 'suspend' | 'reinstate';

/** What the seller's sign-in answers (403) while its shop is suspended or rejected, in the request's language. */
export function closedShopMessage(status: 'suspended' | 'rejected', reason: string | null, locale: Locale): string {
  const why = reason ? (locale === 'en' ? ` Reason: ${reason}` : ` السبب: ${reason}`) : '';
  if (locale === 'en')
    return status === 'suspended'
      ? `Your shop has been suspended by the marketplace.${why}`
      : `Your shop application was not approved.${why}`;
  return status === 'suspended' ? `تم إيقاف متجرك من قبل إدارة السوق.${why}` : `لم تتم الموافقة على طلب متجرك.${why}`;
}
