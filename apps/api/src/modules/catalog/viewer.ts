import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../auth/authenticate';
import { bearerOf } from '../auth/tokens';

/**
 * The signed-in customer on a public catalogue call (for is_favorite), or null for a guest.
 * A missing token is a guest; a presented but invalid token is a 401 like everywhere else, so that
 * the client clears its stale session (SPEC §4: a 401 anywhere clears the token).
 */
export async function viewerId(app: FastifyInstance, req: FastifyRequest): Promise<number | null> {
  if (!bearerOf(req.headers.authorization)) return null;
  return (await requireUser(app, req)).id;
}
