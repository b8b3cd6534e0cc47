import type { Db } from '../../db';
import { type Actor, changesOf, recordAudit } from '../audit';
import { revokeAllTokens, type TokenCache } from '../auth';
import * as repo from './admin-shops.repository';
import type { StoredShopStatus } from './admin-shops.repository';
import type { Notify } from '../notifications';
import type { ShopAction } from './shop-mail';

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
  /** Done: the sellers' e-mails are in the outbox (decision 046), sent by the server's worker. */
  | { kind: 'done'; id: number; name: string };

export interface ShopStatusDeps {
  db: Db;
  now: () => Date;
  /** The notifications writer (decision 046): the shop's sellers are told in the status change's transaction. */
  notify?: () => Promise<Notify>;
  /** Told of the sellers' revoked tokens after the commit (the server's; the command line has none). */
  tokens?: TokenCache;
}

const consoleName = (s: string) => (s === 'approved' ? 'active' : s);

/**
 * Approves, rejects, suspends or reinstates a shop (BACKOFFICE.md "Operator console"): the console's
 * calls and `npm run shop:approve` both come here. One transaction: a conditional update of the shop's
 * status and `is_active` (which moves the catalogue's revision: the storefront's lists, search, shop page
 * and sitemap follow, decision 037), its audit entry, and, when the shop closes, its sellers' tokens
 * revoked, and the e-mail to its sellers in their language (the outbox, decision 046).
 */
export function createShopStatusService(deps: ShopStatusDeps) {
  const { db } = deps;

  async function change(id: number, action: ShopAction, reason: string | null, actor: Actor): Promise<ShopStatusResult> {
    const rule = TRANSITIONS[action];
    // A closing shop keeps the reason (its seller reads it at sign-in); an opening one forgets it.
    const closes = rule.active === 0;
    const at = deps.now();
    const notify = await deps.notify?.();
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
      await notify?.(trx, { type: 'shop.status', shop: before, action, reason: closes ? reason : null });
      return { kind: 'done' as const, before, sellers };
    });
    if (outcome.kind !== 'done') return outcome;
    if (closes) for (const ownerId of outcome.sellers) deps.tokens?.revoked({ ownerType: 'seller', ownerId });
    return { kind: 'done', id, name: outcome.before.name };
  }

  return { change };
}
export type ShopStatusService = ReturnType<typeof createShopStatusService>;
