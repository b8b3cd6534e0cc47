import { DEFAULT_LOCALE, type Locale } from '@souq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { Mailer } from '../../shared/mailer';
import { type Actor, changesOf, recordAudit } from '../audit';
import { revokeAllTokens, type TokenCache } from '../auth';
import * as repo from './admin-shops.repository';
import type { StoredShopStatus } from './admin-shops.repository';
import { type ShopAction, shopMail } from './shop-mail';

export type { ShopAction } from './shop-mail';

/** Each action: the statuses it applies to, and where it leaves the shop. */
const TRANSITIONS: Record<ShopAction, { from: StoredShopStatus[]; to: StoredShopStatus; active: 0 | 1; needs: string }> = {
  approve: { from: ['pending', 'rejected'], to: 'approved', active: 1, needs: 'a pending or rejected shop can be approved' },
  reject: { from: ['pending'], to: 'rejected', active: 0, needs: 'a pending application can be rejected' },
  suspend: { from: ['approved'], to: 'suspended', active: 0, needs: 'an active shop can be suspended' },
  reinstate: { from: ['suspended'], to: 'approved', active: 1, needs: 'a suspended shop can be reinstated' },
};

export type ShopStatusResult =
  | { kind: 'not_found' }
  /** The action does not apply to the shop's status: `message` says which status it is in and what is needed. */
  | { kind: 'conflict'; message: string }
  /** Done; `mailed` settles once the seller's e-mail went (true) or could not go (false). */
  | { kind: 'done'; id: number; name: string; mailed: Promise<boolean> };

export interface ShopStatusDeps {
  db: Db;
  now: () => Date;
  /** Null with MAIL_DRIVER=log: the e-mail is logged instead. */
  mailer: Mailer | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The marketplace's name in a language (the settings' app_name). */
  siteName: (locale: Locale) => Promise<string>;
  /** The site's address (PUBLIC_URL's origin), for the sign-in link in the e-mail. */
  publicUrl: string;
  /** Told of the sellers' revoked tokens after the commit (the server's; the command line has none). */
  tokens?: TokenCache;
}

const consoleName = (s: string) => (s === 'approved' ? 'active' : s);

/**
 * Approves, rejects, suspends or reinstates a shop (BACKOFFICE.md "Operator console"): the console's
 * calls and `npm run shop:approve` both come here. One transaction: a conditional update of the shop's
 * status and `is_active` (which moves the catalogue's revision: the storefront's lists, search, shop page
 * and sitemap follow, decision 037), its audit entry, and, when the shop closes, its sellers' tokens
 * revoked. After the commit the seller is told by e-mail in its language.
 */
export function createShopStatusService(deps: ShopStatusDeps) {
  const { db } = deps;

  async function change(id: number, action: ShopAction, reason: string | null, actor: Actor): Promise<ShopStatusResult> {
    const rule = TRANSITIONS[action];
    // A closing shop keeps the reason (its seller reads it at sign-in); an opening one forgets it.
    const closes = rule.active === 0;
    const at = deps.now();
    const outcome = await db.transaction().execute(async (trx) => {
      const before = await repo.findShop(trx, id);
      if (!before) return { kind: 'not_found' as const };
      const moved = await repo.moveShop(trx, id, rule.from, {
        status: rule.to,
        isActive: rule.active,
        reason: closes ? reason : null,
        at: at.toISOString(),
        approved: action === 'approve',
      });
      if (!moved) {
        const now = (await repo.findShop(trx, id))?.status ?? before.status;
        return {
          kind: 'conflict' as const,
          message: `This shop is ${consoleName(now)}: only ${rule.needs}.`,
        };
      }
      await recordAudit(
        trx,
        actor,
        {
          action: `shop.${action}`,
          targetType: 'shop',
          targetId: id,
          changes: changesOf(
            {
              status: consoleName(before.status),
              is_active: Number(before.is_active) === 1,
              status_reason: before.status_reason,
            },
            { status: consoleName(rule.to), is_active: rule.active === 1, status_reason: closes ? reason : null },
          ),
        },
        at,
      );
      const sellers = await repo.shopSellerIds(trx, id);
      if (closes) for (const sellerId of sellers) await revokeAllTokens(trx, 'seller', sellerId);
      return { kind: 'done' as const, before, sellers };
    });
    if (outcome.kind !== 'done') return outcome;
    if (closes) for (const ownerId of outcome.sellers) deps.tokens?.revoked({ ownerType: 'seller', ownerId });
    const mailed = tell(outcome.before, action, closes ? reason : null);
    return { kind: 'done', id, name: outcome.before.name, mailed };
  }

  /** The e-mail to the shop's owner, in its language; never fails the write (it is committed already). */
  async function tell(shop: repo.ShopDetailRow, action: ShopAction, reason: string | null): Promise<boolean> {
    const to = shop.owner_email ?? shop.email;
    if (!to) return false;
    try {
      const locale: Locale = shop.owner_locale === 'en' || shop.owner_locale === 'ar' ? shop.owner_locale : DEFAULT_LOCALE;
      const mail = shopMail({
        action,
        locale,
        site: await deps.siteName(locale),
        seller: shop.owner_name ?? '',
        shop: locale === 'ar' ? (shop.name_ar ?? shop.name) : shop.name,
        reason,
        loginUrl: `${deps.publicUrl}/seller/login`,
      });
      if (!deps.mailer) {
        deps.log.info({ shopId: shop.id, action, to }, `shop e-mail not sent (MAIL_DRIVER=log): ${mail.subject}`);
        return false;
      }
      await deps.mailer.send({ to, subject: mail.subject, text: mail.text });
      return true;
    } catch (error) {
      deps.log.warn({ err: error, shopId: shop.id, action }, 'shop e-mail could not be sent');
      return false;
    }
  }

  return { change };
}
export type ShopStatusService = ReturnType<typeof createShopStatusService>;
