import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTrx, Dialect } from '../../db';
import * as repo from './auth.repository';

export const TOKEN_TTL_DAYS = 30;
export type TokenOwner = 'user' | 'seller' | 'operator';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random Bearer token (256 bits, base64url); only its hash is stored. */
export async function issueToken(db: DbOrTrx, ownerType: TokenOwner, ownerId: number, name = 'web') {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const expires = new Date(now.getTime() + TOKEN_TTL_DAYS * 86_400_000);
  await repo.insertToken(db, {
    owner_type: ownerType,
    owner_id: ownerId,
    token_hash: hashToken(token),
    name,
    created_at: now.toISOString(),
    expires_at: expires.toISOString(),
  });
  return { auth_type: 'Bearer' as const, token, expires_at: expires.toISOString() };
}

/**
 * The live token row for a presented token (of any owner), with its owner's active flag, or undefined
 * when unknown, revoked or expired.
 */
export async function findLiveToken(db: DbOrTrx, dialect: Dialect, token: string, hash = hashToken(token)) {
  if (!token || token.length > 200) return undefined;
  const row = await repo.tokenWithOwnerByHash(db, dialect, hash);
  if (!row || row.revoked_at || row.expires_at <= new Date().toISOString()) return undefined;
  return row;
}

/** Whose token a token row is, while it is live (not revoked, not expired); undefined otherwise. */
export async function liveTokenOwner(
  db: DbOrTrx,
  tokenId: number,
): Promise<{ ownerType: TokenOwner; ownerId: number } | undefined> {
  const row = await repo.tokenById(db, tokenId);
  if (!row || row.revoked_at || row.expires_at <= new Date().toISOString()) return undefined;
  return { ownerType: row.owner_type, ownerId: row.owner_id };
}

/** Revokes one token. Tell the token cache after the commit (`app.tokenCache.revoked`, decision 031). */
export async function revokeToken(db: DbOrTrx, tokenId: number): Promise<void> {
  await repo.markRevoked(db, tokenId, new Date().toISOString());
}

/**
 * Revokes every token of an owner (password reset, password change elsewhere). Tell the token cache
 * after the commit (`app.tokenCache.revoked`, decision 031).
 */
export async function revokeAllTokens(db: DbOrTrx, ownerType: TokenOwner, ownerId: number, exceptId?: number) {
  await repo.markAllRevoked(db, ownerType, ownerId, new Date().toISOString(), exceptId);
}

/** Parses `Authorization: Bearer <token>`. */
export function bearerOf(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m?.[1];
}
