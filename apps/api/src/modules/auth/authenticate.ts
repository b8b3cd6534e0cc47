import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthKind, HttpError, type SellerPrincipal, type UserPrincipal } from '../../http/route';
import * as repo from './auth.repository';
import { bearerOf, findLiveToken, type TokenOwner } from './tokens';

/** The signed-in customer as services take it (a route's `auth` on a customer route). */
export type AuthUser = UserPrincipal;

const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
const wrongKind = () => new HttpError(403, 'This action is unauthorized.');

/**
 * Resolves the owner of a presented Bearer token: a live token (not expired, not revoked) of an
 * active customer or seller. Throws 401 for anything else.
 */
async function resolveToken(app: FastifyInstance, req: FastifyRequest, token: string) {
  const row = await findLiveToken(app.db, app.dialect, token);
  if (!row) throw unauthenticated();
  const owner = row.owner_type as TokenOwner;
  let principal: { kind: 'user'; value: UserPrincipal } | { kind: 'seller'; value: SellerPrincipal };
  if (owner === 'user') {
    if (row.user_active !== 1) throw unauthenticated();
    principal = { kind: 'user', value: { id: row.owner_id, tokenId: row.id } };
  } else {
    if (row.seller_active !== 1 || row.seller_shop_id === null) throw unauthenticated();
    principal = { kind: 'seller', value: { id: row.owner_id, shopId: row.seller_shop_id, tokenId: row.id } };
  }
  // Touch last_used_at at most once a minute to keep writes rare. Best-effort: a read must not fail
  // because the database cannot take a write now (read-only, locked, timed out).
  const now = new Date();
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > 60_000) {
    try {
      await repo.touchToken(app.db, row.id, now.toISOString());
    } catch (error) {
      req.log.warn({ err: error }, 'could not record the token use');
    }
  }
  return principal;
}

/**
 * The route-level authentication every `route()` with an `auth` declaration runs before anything
 * else (http/route.ts): handlers never check tokens themselves, they receive the caller as `auth`.
 * - 'user': a customer token, else 401 (none or bad) or 403 (a seller's token);
 * - 'seller': a seller token, else 401 or 403 (a customer's token);
 * - 'any': a customer's or a seller's token, else 401 (the handler tells them apart by `shopId`);
 * - 'optional': null without a token; a customer token resolves the customer; a bad one is 401 (so the
 *   client clears its stale session, SPEC §4), a seller's is 403.
 */
export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  app.decorate('authenticate', async (req: FastifyRequest, kind: AuthKind) => {
    const token = bearerOf(req.headers.authorization);
    if (!token) {
      if (kind === 'optional') return null;
      throw unauthenticated();
    }
    const principal = await resolveToken(app, req, token);
    if (kind === 'any') return principal.value;
    const wanted = kind === 'seller' ? 'seller' : 'user';
    if (principal.kind !== wanted) throw wrongKind();
    return principal.value;
  });
}

/**
 * The signed-in customer of a request whose route is not declared `auth` (e.g. a send-otp made
 * signed in), or null when no valid customer token is presented.
 */
export async function currentUser(app: FastifyInstance, req: FastifyRequest): Promise<UserPrincipal | null> {
  if (req.principal && !('shopId' in req.principal)) return req.principal;
  try {
    return (await app.authenticate(req, 'optional')) as UserPrincipal | null;
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 401 || error.statusCode === 403)) return null;
    throw error;
  }
}
