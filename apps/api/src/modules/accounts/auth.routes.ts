import { authResponseSchema, loginBody, registrationBody } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { revokeToken } from '../auth';
import { createAuthService } from './auth.service';
import { type AccountsContext, clientIp, limit, passwordWork } from './context';

export function authRoutes(app: FastifyInstance, ctx: AccountsContext) {
  const auth = createAuthService(ctx);
  const cfg = ctx.config;

  route(
    app,
    {
      method: 'POST',
      url: '/api/registration',
      summary: 'Create a customer account and sign in',
      tags: ['accounts'],
      body: registrationBody,
      response: authResponseSchema,
    },
    async ({ body, req, reply }) => {
      await limit(
        ctx,
        reply,
        [{ key: `register:ip:${clientIp(req)}`, limit: cfg.loginLimitPerIp }],
        'Too many sign-up attempts.',
      );
      const data = await passwordWork(reply, () => auth.register(body));
      return { message: 'Registration successful.', data };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/login',
      summary: 'Sign in with phone or e-mail and password',
      tags: ['accounts'],
      body: loginBody,
      response: authResponseSchema,
    },
    async ({ body, req, reply }) => {
      const ip = clientIp(req);
      await limit(ctx, reply, [{ key: `login:ip:${ip}`, limit: cfg.loginLimitPerIp }], 'Too many login attempts.');
      // The per-account count and slow-down need the account: the service applies them after the lookup.
      const data = await passwordWork(reply, () => auth.login(body, ip, req.locale));
      return { message: 'Login successful.', data };
    },
  );

  route(
    app,
    { method: ['GET', 'POST'], url: '/api/logout', summary: 'Revoke the presented token', tags: ['accounts'], auth: 'user' },
    async ({ auth }) => {
      const user = auth;
      await revokeToken(ctx.db, user.tokenId);
      ctx.tokens.revoked({ tokenId: user.tokenId, owner: { type: 'user', id: user.id } });
      return { message: 'Logged out successfully.' };
    },
  );
}
