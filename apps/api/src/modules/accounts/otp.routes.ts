import { resetPasswordBody, sendOtpBody, sendOtpResponseSchema, verifyOtpBody, verifyOtpResponseSchema } from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { currentUser } from '../auth';
import { type AccountsContext, clientIp, limit, passwordWork } from './context';
import { CODE_SENT_IF_ACCOUNT, createOtpService, NO_CODE_SENT } from './otp.service';

export function otpRoutes(app: FastifyInstance, ctx: AccountsContext) {
  const otp = createOtpService(ctx);
  const cfg = ctx.config;
  const checks = (ip: string, target: string) => [
    { key: `otp:ip:${ip}`, limit: cfg.otpLimitPerIp },
    { key: `otp:acct:${target}`, limit: cfg.otpLimitPerAccount },
  ];

  route(
    app,
    {
      method: 'POST',
      url: '/api/send-otp',
      summary:
        'Send a one-time code to a phone or e-mail (same answer whether or not an account exists); signed in, the owner may verify its own unverified phone or e-mail, as may a new account without its token in its first 30 minutes',
      tags: ['accounts'],
      body: sendOtpBody,
      response: sendOtpResponseSchema,
    },
    async ({ body, req, reply }) => {
      const ip = clientIp(req);
      const session = await currentUser(app, req);
      if (body.forgot_password) await otp.checkForgotTarget(body.phone);
      const target = await otp.resolve(body.phone, body.phone_code);
      // Signed in, the owner's requests share one count per target; anyone else's count per target and
      // address, so that a stranger's requests cannot hold back the owner's (issue 41, finding 9).
      const owner = session !== null && session.id === target.user?.id;
      await limit(ctx, reply, checks(ip, owner ? `send:${target.key}` : `send:${target.key}:${ip}`), 'Too many code requests.');
      const { data, delivered } = await passwordWork(reply, () =>
        otp.send(target, ip, session?.id ?? null, body.forgot_password === true),
      );
      // Outside the local environment the answer never tells whether a code went out (nor whether an
      // account exists). The local environment, which shows the codes it sends, says plainly when it sent none.
      const message = ctx.appEnv === 'local' && !delivered ? NO_CODE_SENT : CODE_SENT_IF_ACCOUNT;
      return { message, data };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/verify-otp',
      summary: 'Check a one-time code; answers a short-lived password reset token',
      tags: ['accounts'],
      body: verifyOtpBody,
      response: verifyOtpResponseSchema,
    },
    async ({ body, req, reply }) => {
      const target = await otp.resolve(body.phone, body.phone_code);
      await limit(ctx, reply, checks(clientIp(req), `verify:${target.key}`), 'Too many code attempts.');
      const data = await otp.verify(target, body.otp);
      return { message: 'The code has been verified.', data };
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/reset-password',
      summary: 'Set a new password with the reset token from verify-otp; signs out every device',
      tags: ['accounts'],
      body: resetPasswordBody,
    },
    async ({ body, req, reply }) => {
      await limit(ctx, reply, [{ key: `otp:ip:reset:${clientIp(req)}`, limit: cfg.otpLimitPerIp }], 'Too many attempts.');
      await passwordWork(reply, () => otp.resetPassword(body));
      return { message: 'Your password has been reset. Please log in with your new password.' };
    },
  );
}
