import { type Locale, type SellerAuth, type SellerLoginBody, SHOP_PENDING_MESSAGE } from '@souq/contracts';
import type { AccountsConfig } from '../../config';
import type { Db } from '../../db';
import { HttpError } from '../../http/route';
import type { RateLimitStore } from '../../shared/rate-limit';
import { closedShopMessage } from '../admin-shops';
import { guardedLogin, verifyPassword, issueToken, revokeToken, type TokenCache } from '../auth';
import { findSellerByEmail, findSellerById, toSeller, toSellerShop, touchSellerSeen } from './sellers.repository';

export interface SellersDeps {
  db: Db;
  limits: RateLimitStore;
  config: AccountsConfig;
  now: () => Date;
  /** Told of every revocation after its commit (decision 031). */
  tokens: TokenCache;
}

/** The answer to the right password of a shop still waiting for approval (decision 022). */
export const SHOP_PENDING = SHOP_PENDING_MESSAGE;

/** Sign-in of the shops' users: the seller area's front door (API.md "Seller side"). */
export function createSellersService({ db, limits, config, now, tokens }: SellersDeps) {
  /** The same limits, slow-down and one failure message as the customer login; the hash check always runs. */
  async function login(body: SellerLoginBody, ip: string, locale: Locale): Promise<SellerAuth> {
    const row = await findSellerByEmail(db, body.email);
    const seller = await guardedLogin(limits, config, { ip, account: row ? `s:${row.id}` : `se:${body.email}` }, async () => {
      const ok = await verifyPassword(row?.password_hash ?? null, body.password);
      return row && ok && row.is_active === 1 ? row : null;
    });
    // Only the holder of the right password learns that the shop is pending; no token is issued.
    if (seller.shop_status === 'pending') throw new HttpError(403, SHOP_PENDING);
    // A shop an operator suspended or rejected: the reason, in the request's language (migration 021).
    if (seller.shop_status === 'suspended' || seller.shop_status === 'rejected')
      throw new HttpError(403, closedShopMessage(seller.shop_status, seller.shop_status_reason, locale));
    const access = await issueToken(db, 'seller', seller.id);
    await touchSellerSeen(db, seller.id, now().toISOString(), locale);
    return { access, user: toSeller(seller), shop: toSellerShop(seller, locale) };
  }

  async function me(sellerId: number, locale: Locale) {
    const row = await findSellerById(db, sellerId);
    if (!row) return null;
    return { user: toSeller(row), shop: toSellerShop(row, locale) };
  }

  async function logout(tokenId: number, sellerId: number) {
    await revokeToken(db, tokenId);
    tokens.revoked({ tokenId, owner: { type: 'seller', id: sellerId } });
  }

  return { login, me, logout };
}
export type SellersService = ReturnType<typeof createSellersService>;
