import { setTimeout } from 'node:timers/promises';
import type { AccountsConfig } from '../../config';
import { HttpError } from '../../http/route';
import { enforceLimits, type RateLimitStore } from '../../shared/rate-limit';

/** The one answer to a failed sign-in: it does not tell which part was wrong (API.md). */
export const BAD_CREDENTIALS = 'These credentials do not match our records.';

/**
 * Runs one password sign-in attempt under the login limits shared by customers and sellers.
 * Attempts are counted per account (found first, so every form of its identifier shares one count;
 * an unknown identifier is counted by its normalised form). From one client address,
 * LOGIN_LIMIT_PER_ACCOUNT attempts on an account in the window, then 429: a guesser is stopped while
 * the owner signs in from elsewhere. Past that many failures from all addresses together, each
 * further wrong password is answered after a pause doubling from 0.5 s up to LOGIN_DELAY_MAX_MS:
 * guessing slows down, the owner is never locked out. `attempt` returns null for any failure.
 */
export async function guardedLogin<T>(
  limits: RateLimitStore,
  cfg: Pick<AccountsConfig, 'rateLimitWindowMs' | 'loginLimitPerAccount' | 'loginDelayMaxMs'>,
  who: { ip: string; account: string },
  attempt: () => Promise<T | null>,
): Promise<T> {
  const fromHere = `login:acct:${who.ip}:${who.account}`;
  await enforceLimits(
    limits,
    [{ key: fromHere, limit: cfg.loginLimitPerAccount, windowMs: cfg.rateLimitWindowMs }],
    'Too many login attempts.',
  );
  const result = await attempt();
  if (result === null) {
    const { count } = await limits.hit(`login:failed:${who.account}`, cfg.rateLimitWindowMs);
    const over = count - cfg.loginLimitPerAccount;
    if (over > 0) await setTimeout(Math.min(cfg.loginDelayMaxMs, 500 * 2 ** Math.min(over - 1, 16)));
    throw new HttpError(400, BAD_CREDENTIALS);
  }
  await limits.reset(fromHere);
  return result;
}
