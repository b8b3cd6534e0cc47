import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { createSemaphore, type Semaphore, SemaphoreBusyError } from '../../shared/semaphore';

/** OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. */
// Algorithm is a const enum (not readable under isolatedModules): 2 is Argon2id.
const PARAMS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * At most this many password hashes run at once, and at most QUEUE_LIMIT wait (each for a limited
 * time): a flood of logins gets 503 instead of starving the server of memory and CPU.
 */
const QUEUE_LIMIT = 200;
let slots: Semaphore = createSemaphore(4, QUEUE_LIMIT, 10_000);

/** Sets the number of concurrent hashes and how long a queued one may wait (from the config). */
export function configurePasswordHashing(options: { concurrency: number; queueTimeoutMs: number }) {
  slots = createSemaphore(options.concurrency, QUEUE_LIMIT, options.queueTimeoutMs);
}

export class PasswordBusyError extends Error {}

/** Runs CPU-heavy sign-in work under the hashing limit; PasswordBusyError when no slot frees in time. */
export async function withPasswordSlot<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await slots.run(work);
  } catch (error) {
    if (error instanceof SemaphoreBusyError) {
      throw new PasswordBusyError('Too many sign-in attempts right now. Please try again in a moment.');
    }
    throw error;
  }
}

export const hashPassword = (password: string) => withPasswordSlot(() => hash(password, PARAMS));

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  // Unknown accounts are checked against a dummy hash so that timing does not tell them apart.
  const target = stored || (await dummyHash());
  const ok = await withPasswordSlot(() => verify(target, password).catch(() => false));
  return Boolean(stored) && ok;
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hash('not-a-real-password-' + Math.random(), PARAMS));
