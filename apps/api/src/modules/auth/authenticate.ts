import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/route';
import { bearerOf, findLiveToken } from './tokens';

export interface AuthUser {
  id: number;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

const unauthenticated = () => new HttpError(401, 'Unauthenticated.');

/**
 * Resolves the customer behind the Bearer token or throws 401 `{"message": "Unauthenticated."}`.
 * Every route that touches a customer's data calls this and scopes its queries by the returned id.
 */
export async function requireUser(app: FastifyInstance, req: FastifyRequest): Promise<AuthUser> {
  if (req.auth) return req.auth;
  const token = bearerOf(req.headers.authorization);
  if (!token) throw unauthenticated();
  const row = await findLiveToken(app.db, token, 'user');
  if (!row) throw unauthenticated();
  const user = await app.db.selectFrom('users').select(['id', 'is_active']).where('id', '=', row.owner_id).executeTakeFirst();
  if (!user || user.is_active !== 1) throw unauthenticated();
  // Touch last_used_at at most once a minute to keep writes rare. Best-effort: a read must not fail
  // because the database cannot take a write now (read-only, locked, timed out).
  const now = new Date();
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > 60_000) {
    try {
      await app.db.updateTable('access_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', row.id).execute();
    } catch (error) {
      req.log.warn({ err: error }, 'could not record the token use');
    }
  }
  req.auth = { id: user.id, tokenId: row.id };
  return req.auth;
}
