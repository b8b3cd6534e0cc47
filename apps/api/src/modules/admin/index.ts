import {
  adminAuthResponseSchema,
  adminLoginBody,
  adminMeResponseSchema,
  auditLogQuery,
  auditLogResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, route } from '../../http/route';
import { enforceLimits } from '../../shared/rate-limit';
import { createAdminService } from './admin.service';

/**
 * The operator console's API (BACKOFFICE.md "Roles", "Operator console"): sign-in, sign-out, the signed-in
 * operator, and the audit log. Every route but the login declares auth 'operator' (http/route.ts refuses
 * an /api/admin route that does not).
 */
export async function adminRoutes(app: FastifyInstance) {
  const admin = createAdminService({
    db: app.db,
    limits: app.limits,
    config: app.config.accounts,
    now: app.config.now,
    tokens: app.tokenCache,
  });
  const tags = ['admin'];
  const cfg = app.config.accounts;

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/login',
      summary: 'Sign in to the operator console with e-mail and password',
      tags,
      body: adminLoginBody,
      response: adminAuthResponseSchema,
    },
    async ({ body, req }) => {
      await enforceLimits(
        app.limits,
        [{ key: `login:ip:${req.ip}`, limit: cfg.loginLimitPerIp, windowMs: cfg.rateLimitWindowMs }],
        'Too many login attempts.',
      );
      const data = await admin.login(body, req.ip);
      return { message: 'Login successful.', data };
    },
  );

  route(
    app,
    { method: ['GET', 'POST'], url: '/api/admin/logout', summary: 'Revoke the presented operator token', tags, auth: 'operator' },
    async ({ auth }) => {
      await admin.logout(auth.tokenId);
      return { message: 'Logged out successfully.' };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/me',
      summary: 'The signed-in operator',
      tags,
      auth: 'operator',
      response: adminMeResponseSchema,
    },
    async ({ auth }) => {
      const user = await admin.me(auth.id);
      if (!user) throw notFound();
      return { data: { user } };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/audit-log',
      summary: "Every seller's and operator's write, newest first (filters: actor_role, action or its prefix)",
      tags,
      auth: 'operator',
      query: auditLogQuery,
      response: auditLogResponseSchema,
    },
    async ({ query }) => ({ data: await admin.auditLog(query) }),
  );
}

// The public surface: the admin:create command and the local demo seed add operators with it.
export { createOperator, operatorPasswordProblems } from './admin.service';
