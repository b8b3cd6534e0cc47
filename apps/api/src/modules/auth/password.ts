import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. */
// Algorithm is a const enum (not readable under isolatedModules): 2 is Argon2id.
const PARAMS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * At most this many password hashes run at once, and at most QUEUE_LIMIT wait: a flood of logins
 * gets 429 instead of starving the server of memory and CPU.
 */
const MAX_CONCURRENT = 4;
const QUEUE_LIMIT = 200;
let running = 0;
const queue: Array<() => void> = [];

export class PasswordBusyError extends Error {}

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) {
    if (queue.length >= QUEUE_LIMIT) throw new PasswordBusyError('Too many sign-in attempts right now. Please try again.');
    await new Promise<void>((resolve) => queue.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    queue.shift()?.();
  }
}

export const hashPassword = (password: string) => withSlot(() => hash(password, PARAMS));

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  // Unknown accounts are checked against a dummy hash so that timing does not tell them apart.
  const target = stored || (await dummyHash());
  const ok = await withSlot(() => verify(target, password).catch(() => false));
  return Boolean(stored) && ok;
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hash('not-a-real-password-' + Math.random(), PARAMS));
