import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthKind, HttpError, type OperatorPrincipal, type SellerPrincipal, type UserPrincipal } from '../../http/route';
import * as repo from './auth.repository';
import { createTokenCache, type TokenCache } from './token-cache';
import { bearerOf, findLiveToken, hashToken, type TokenOwner } from './tokens';

/** The signed-in customer as services take it (a route's `auth` on a customer route). */
export type AuthUser = UserPrincipal;

const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
const wrongKind = () => new HttpError(403, 'This action is unauthorized.');

const TOUCH_EVERY_MS = 60_000;

/**
 * The live token row of a presented token: the one this process read in the last TOKEN_CACHE_MS, or
 * read now; undefined unless the token is live and its owner active.
 */
async function liveRow(app: FastifyInstance, req: FastifyRequest, token: string) {
  const hash = hashToken(token);
  const nowMs = app.config.now().getTime();
  const kept = app.tokenCache.get(hash, nowMs);
  if (kept) {
    if (nowMs - kept.touchedAt > TOUCH_EVERY_MS) {
      kept.touchedAt = nowMs;
      await touch(app, req, kept.row.id, nowMs);
    }
    return kept.row;
  }
  const mark = app.tokenCache.mark();
  const row = await findLiveToken(app.db, app.dialect, token, hash);
  if (!row || !activeOwner(row)) return undefined;
  // Touch last_used_at at most once a minute to keep writes rare.
  const last = row.last_used_at ? Date.parse(row.last_used_at) : 0;
  const touched = nowMs - last > TOUCH_EVERY_MS ? nowMs : last;
  if (touched !== last) await touch(app, req, row.id, nowMs);
  app.tokenCache.put(hash, row, mark, nowMs, touched);
  return row;
}

/** Records a token's use. Best-effort: a read must not fail because the database cannot take a write now. */
async function touch(app: FastifyInstance, req: FastifyRequest, tokenId: number, nowMs: number) {
  try {
    await repo.touchToken(app.db, tokenId, new Date(nowMs).toISOString());
  } catch (error) {
    req.log.warn({ err: error }, 'could not record the token use');
  }
}

type Row = NonNullable<Awaited<ReturnType<typeof findLiveToken>>>;
const activeOwner = (row: Pick<Row, 'owner_type' | 'user_active' | 'seller_active' | 'seller_shop_id' | 'operator_active'>) =>
  row.owner_type === 'user'
    ? row.user_active === 1
    : row.owner_type === 'operator'
      ? row.operator_active === 1
      : row.seller_active === 1 && row.seller_shop_id !== null;

/**
 * Resolves the owner of a presented Bearer token: a live token (not expired, not revoked) of an
 * active customer, seller or operator. Throws 401 for anything else.
 */
async function resolveToken(app: FastifyInstance, req: FastifyRequest, token: string) {
  if (token.length > 200) throw unauthenticated();
  const row = await liveRow(app, req, token);
  if (!row) throw unauthenticated();
  const owner = row.owner_type as TokenOwner;
  if (owner === 'user') return { kind: 'user' as const, value: { id: row.owner_id, tokenId: row.id } as UserPrincipal };
  if (owner === 'operator')
    return { kind: 'operator' as const, value: { id: row.owner_id, tokenId: row.id } as OperatorPrincipal };
  return {
    kind: 'seller' as const,
    value: { id: row.owner_id, shopId: row.seller_shop_id!, tokenId: row.id } as SellerPrincipal,
  };
}

/**
 * The route-level authentication every `route()` with an `auth` declaration runs before anything
 * else (http/route.ts): handlers never check tokens themselves, they receive the caller as `auth`.
 * - 'user': a customer token, else 401 (none or bad) or 403 (a seller's token);
 * - 'seller': a seller token, else 401 or 403 (a customer's token);
 * - 'operator': an operator's token (the console, `/api/admin/*`), else 401 or 403 (any other kind);
 * - 'any': a customer's or a seller's token, else 401 (the handler tells them apart by `shopId`); an
 *   operator's is 403;
 * - 'optional': null without a token; a customer token resolves the customer; a bad one is 401 (so the
 *   client clears its stale session, SPEC §4), a seller's is 403.
 */
export function registerAuthentication(app: FastifyInstance) {
  const cache = createTokenCache(app.config.tokenCacheMs, {
    redisUrl: app.config.redisUrl,
    redisPrefix: app.config.redisPrefix,
    log: app.log,
  });
  app.decorate('tokenCache', cache);
  app.addHook('onClose', async () => cache.close());
  app.decorateRequest('principal', null);
  app.decorate('authenticate', async (req: FastifyRequest, kind: AuthKind) => {
    const token = bearerOf(req.headers.authorization);
    if (!token) {
      if (kind === 'optional') return null;
      throw unauthenticated();
    }
    const principal = await resolveToken(app, req, token);
    if (kind === 'any') {
      if (principal.kind === 'operator') throw wrongKind();
      return principal.value;
    }
    const wanted = kind === 'seller' ? 'seller' : kind === 'operator' ? 'operator' : 'user';
    if (principal.kind !== wanted) throw wrongKind();
    return principal.value;
  });
}

/**
 * The signed-in customer of a request whose route is not declared `auth` (e.g. a send-otp made
 * signed in), or null when no valid customer token is presented.
 */
export async function currentUser(app: FastifyInstance, req: FastifyRequest): Promise<UserPrincipal | null> {
  const declared = req.routeOptions.config.auth;
  if (req.principal && (declared === 'user' || declared === 'optional')) return req.principal as UserPrincipal;
  if (req.principal && declared === 'any' && !('shopId' in req.principal)) return req.principal;
  try {
    return (await app.authenticate(req, 'optional')) as UserPrincipal | null;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403)) return null;
    throw error;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live token rows read lately (decision 031); every revocation is reported to it after its commit. */
    tokenCache: TokenCache;
  }
}
