import { hash } from '@node-rs/argon2';
import type { Db } from '../src/db/index';
import { ARGON2_OPTIONS } from './catalogue';

/** The demo operator (README's demo accounts): seeded in the local environment only (APP_ENV=local). */
export const DEMO_OPERATOR = { name: 'Souq Admin', email: 'admin@souq.om', password: 'password' } as const;

/**
 * Adds the demo operator when no operator has its e-mail: a new local database, and a local one made
 * before the operator console. The composition root calls it only with the demo seed on and
 * APP_ENV=local: a staging or production database never gets an operator whose password is "password".
 */
export async function seedDemoOperator(db: Db, now: Date): Promise<boolean> {
  const found = await db.selectFrom('operators').select('id').where('email', '=', DEMO_OPERATOR.email).executeTakeFirst();
  if (found) return false;
  await db
    .insertInto('operators')
    .values({
      name: DEMO_OPERATOR.name,
      email: DEMO_OPERATOR.email,
      password_hash: await hash(DEMO_OPERATOR.password, ARGON2_OPTIONS),
      is_active: 1,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return true;
}
