import { authResponseSchema, socialProviderSchema, socialTokenBody } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, route } from '../../http/route';
import { type AccountsContext, clientIp, limit } from './context';
import { createSocialService } from './social.service';

export function socialRoutes(app: FastifyInstance, ctx: AccountsContext) {
  const social = createSocialService(ctx);

  route(
    app,
    {
      method: 'POST',
      url: '/api/auth/:provider/token',
      summary: 'Sign in with Google (authorization code), Facebook (access token) or Apple (identity token)',
      tags: ['accounts'],
      params: z.object({ provider: z.string() }),
      body: socialTokenBody,
      response: authResponseSchema,
    },
    async ({ params, body, req, reply }) => {
      const provider = socialProviderSchema.safeParse(params.provider);
      if (!provider.success) throw notFound();
      await limit(
        ctx,
        reply,
        [{ key: `social:ip:${clientIp(req)}`, limit: ctx.config.socialLimitPerIp }],
        'Too many sign-in attempts.',
      );
      const data = await social.signIn(provider.data, body, req.locale);
      return { message: 'Login successful.', data };
    },
  );
}
