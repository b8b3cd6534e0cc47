import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsConfig, AppConfig } from '../../config';
import type { Db, Dialect, Trx } from '../../db';
import type { Metrics } from '../../http/metrics';
import { HttpError } from '../../http/route';
import { enforceLimits, type RateLimitStore, TooManyRequestsError } from '../../shared/rate-limit';
import { PasswordBusyError, type TokenCache } from '../auth';
import { readSetting } from '../settings';
import { createNotifier, type Notifier } from './delivery';
import { lockUserRow } from './users.repository';

/** What the services of the accounts module share. */
export interface AccountsContext {
  db: Db;
  dialect: Dialect;
  config: AccountsConfig;
  appEnv: AppConfig['appEnv'];
  now: () => Date;
  limits: RateLimitStore;
  notifier: Notifier;
  log: FastifyBaseLogger;
  /** Told of every revocation after its commit (decision 031). */
  tokens: TokenCache;
  /** Reads one value of the settings table (JSON-decoded). */
  setting(key: string): Promise<unknown>;
}

export function createAccountsContext(app: FastifyInstance): AccountsContext {
  const now = app.config.now;
  return {
    db: app.db,
    dialect: app.dialect,
    config: app.config.accounts,
    appEnv: app.config.appEnv,
    now,
    limits: app.limits,
    notifier: countedNotifier(createNotifier(app.config.accounts, app.config.appEnv, app.log), app.metrics),
    log: app.log,
    tokens: app.tokenCache,
    setting: (key) => readSetting(app.db, key),
  };
}

/** Counts each code handed to its driver and each failed delivery (souq_otp_codes_*_total, decision 044). */
function countedNotifier(notifier: Notifier, metrics: Metrics): Notifier {
  return {
    async sendCode(message) {
      try {
        await notifier.sendCode(message);
      } catch (error) {
        metrics.codesFailed.inc({ channel: message.channel });
        throw error;
      }
      metrics.codesSent.inc({ channel: message.channel });
    },
  };
}

export const isoNow = (ctx: AccountsContext) => ctx.now().toISOString();

/**
 * Serialises one customer's concurrent writes that read before they write (address count and default,
 * code attempts): on PostgreSQL the customer's row stays locked until the transaction ends; SQLite
 * runs one write transaction at a time already.
 */
export async function lockUser(ctx: AccountsContext, trx: Trx, userId: number): Promise<void> {
  if (ctx.dialect === 'postgres') await lockUserRow(trx, userId);
}

/** Runs a rate-limit check and puts Retry-After on the reply when it fails. */
export async function limit(
  ctx: AccountsContext,
  reply: FastifyReply,
  checks: Array<{ key: string; limit: number }>,
  message: string,
) {
  try {
    await enforceLimits(
      ctx.limits,
      checks.map((c) => ({ ...c, windowMs: ctx.config.rateLimitWindowMs })),
      message,
    );
  } catch (error) {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * Runs service work: a full password-hashing queue becomes 503, and a 429 gets its Retry-After header.
 */
export async function passwordWork<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof PasswordBusyError) {
      reply.header('retry-after', '2');
      throw new HttpError(503, error.message);
    }
    throw error;
  }
}

export const clientIp = (req: FastifyRequest) => req.ip || 'unknown';

export { isUniqueViolation } from '../../db/errors';
