import { sellerAuthResponseSchema, sellerLoginBody, sellerMeResponseSchema } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound, route } from '../../http/route';
import { enforceLimits } from '../../shared/rate-limit';
import { applicationRoutes } from './application.routes';
import { createSellersService } from './sellers.service';

/** The seller's sign-in, sign-out and own account (API.md "Seller side"), and the shop application. */
export async function sellersRoutes(app: FastifyInstance) {
  const sellers = createSellersService({
    db: app.db,
    limits: app.limits,
    config: app.config.accounts,
    now: app.config.now,
    tokens: app.tokenCache,
  });
  const tags = ['seller'];
  const cfg = app.config.accounts;
  await app.register(applicationRoutes);

  route(
    app,
    {
      method: 'POST',
      url: '/api/seller/login',
      summary: "Sign in to a shop's seller area with e-mail and password (403 while the shop awaits approval)",
      tags,
      body: sellerLoginBody,
      response: sellerAuthResponseSchema,
    },
    async ({ body, req }) => {
      const windowMs = cfg.rateLimitWindowMs;
      await enforceLimits(
        app.limits,
        [{ key: `login:ip:${req.ip}`, limit: cfg.loginLimitPerIp, windowMs }],
        'Too many login attempts.',
      );
      const data = await sellers.login(body, req.ip, req.locale);
      return { message: 'Login successful.', data };
    },
  );

  route(
    app,
    { method: ['GET', 'POST'], url: '/api/seller/logout', summary: 'Revoke the presented seller token', tags, auth: 'seller' },
    async ({ auth }) => {
      await sellers.logout(auth.tokenId, auth.id);
      return { message: 'Logged out successfully.' };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/seller/me',
      summary: 'The signed-in seller and their shop',
      tags,
      auth: 'seller',
      response: sellerMeResponseSchema,
    },
    async ({ auth, req }) => {
      const data = await sellers.me(auth.id, req.locale);
      if (!data) throw notFound();
      return { data };
    },
  );
}

// The public surface: the approval CLI (src/cli/shop-approve.ts) uses the application service.
export { createApplicationService, type ApplicationService } from './application.service';
export { createLogoProcessor, SHOP_LOGO_SIZE } from './logo';
