import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { acceptEmptyJson } from '../../http/empty-json';
import { configurePasswordHashing } from '../auth';
import { addressesRoutes } from './addresses.routes';
import { authRoutes } from './auth.routes';
import { createAccountsContext } from './context';
import { favoritesRoutes } from './favorites.routes';
import { otpRoutes } from './otp.routes';
import { PROFILE_PHOTO_MAX_BYTES, profileRoutes } from './profile.routes';
import { socialRoutes } from './social.routes';

/** Registration, login, one-time codes, social sign-in, profile, addresses, wishlist (issue 4). */
export async function accountsRoutes(app: FastifyInstance) {
  configurePasswordHashing({
    concurrency: app.config.accounts.passwordHashConcurrency,
    queueTimeoutMs: app.config.accounts.passwordHashQueueTimeoutMs,
  });
  // Multipart is parsed only by this plugin's routes (update-profile).
  await app.register(multipart, {
    limits: { fileSize: PROFILE_PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 2000, parts: 25 },
  });
  // An empty JSON body (e.g. update-last-seen, logout) counts as {} instead of a 400.
  acceptEmptyJson(app);
  const ctx = createAccountsContext(app);
  authRoutes(app, ctx);
  otpRoutes(app, ctx);
  socialRoutes(app, ctx);
  profileRoutes(app, ctx);
  addressesRoutes(app, ctx);
  favoritesRoutes(app, ctx);
}

// The public surface other modules may use (commerce: addresses, the verified-account check, codes).
export { createAccountsContext } from './context';
export { createOtpService } from './otp.service';
export { findAddress, listAddresses, toAddress } from './addresses.repository';
export { findUserById } from './users.repository';
