import { DEFAULT_AVATAR_URL, type User } from '@souq/contracts';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { UsersTable } from '../../db/catalogue-schema';

export type UserRow = Selectable<UsersTable>;

/** The API's user object. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    phone_code: row.phone_code,
    email: row.email,
    // Never null: the original web client puts it straight into <img src> (the storefront shows initials for the default).
    profile_photo: row.profile_photo ?? DEFAULT_AVATAR_URL,
    gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null,
    date_of_birth: row.date_of_birth,
    country: row.country,
    phone_verified: Boolean(row.phone_verified_at),
    email_verified: Boolean(row.email_verified_at),
    account_verified: Boolean(row.phone_verified_at || row.email_verified_at),
    last_online: row.last_online_at,
  };
}

export const findUserById = (db: DbOrTrx, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: DbOrTrx, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

/** Digits only; a leading international 00 or + is kept apart by the caller. */
export const digitsOf = (s: string) => s.replace(/\D/g, '');

/**
 * The account behind a phone number: with a dialling code, that exact pair; without one, the
 * number alone (local digits, or the full international number) when it matches exactly one account.
 */
export async function findUserByPhone(db: DbOrTrx, phone: string, phoneCode?: string | null) {
  const digits = digitsOf(phone);
  if (!digits) return undefined;
  if (phoneCode) {
    return db.selectFrom('users').selectAll().where('phone_code', '=', phoneCode).where('phone', '=', digits).executeTakeFirst();
  }
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('phone', '=', digits), eb(sql<string>`phone_code || phone`, '=', `+${digits}`)]))
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/**
 * Splits an international number ('+968 9123 4567', '0096891234567') into its dialling code and the
 * local digits, using the known country codes; a local number is returned as it is.
 */
export async function normalizePhone(db: DbOrTrx, input: string, phoneCode?: string | null) {
  let digits = digitsOf(input);
  const international = /^\s*(\+|00)/.test(input);
  if (international && input.trim().startsWith('00')) digits = digits.slice(2);
  if (!international) return { digits, phoneCode: phoneCode || null };
  const codes = phoneCode
    ? [phoneCode]
    : (await db.selectFrom('countries').select('phone_code').distinct().execute()).map((c) => c.phone_code);
  const match = codes
    .map((c) => ({ code: c.startsWith('+') ? c : `+${c}`, bare: digitsOf(c) }))
    .filter((c) => c.bare && digits.startsWith(c.bare) && digits.length > c.bare.length)
    .sort((a, b) => b.bare.length - a.bare.length)[0];
  return match ? { digits: digits.slice(match.bare.length), phoneCode: match.code } : { digits, phoneCode: phoneCode || null };
}

/** An e-mail if the login field holds one, otherwise a phone number. */
export const isEmail = (s: string) => s.includes('@');

export const findUserByLogin = (db: DbOrTrx, login: string, phoneCode?: string | null) =>
  isEmail(login) ? findUserByEmail(db, login.trim()) : findUserByPhone(db, login, phoneCode);

/** Marks the account's phone or e-mail verified. */
export const markVerified = (db: DbOrTrx, userId: number, channel: 'email' | 'phone', now: string) =>
  db
    .updateTable('users')
    .set(channel === 'email' ? { email_verified_at: now, updated_at: now } : { phone_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();

export const setPasswordHash = (db: DbOrTrx, userId: number, passwordHash: string, now: string) =>
  db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();

/** Another account holding this e-mail, if any. */
export const emailTakenByOther = (db: DbOrTrx, email: string, userId: number) =>
  db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();

/** Another account holding this phone number (with its dialling code), if any. */
export const phoneTakenByOther = (db: DbOrTrx, phone: string, phoneCode: string | null, userId: number) =>
  db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('phone_code', '=', phoneCode)
    .where('id', '!=', userId)
    .executeTakeFirst();

/**
 * Takes the account row's lock (with a write, in both dialects) and then reads the photo it names: a
 * concurrent upload waits here, and each one learns the file it really replaces.
 */
export async function lockPhoto(db: DbOrTrx, userId: number, now: string): Promise<string | null> {
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
  const row = await db.selectFrom('users').select('profile_photo').where('id', '=', userId).executeTakeFirst();
  return row?.profile_photo ?? null;
}

export const updateUser = (db: DbOrTrx, userId: number, changes: Updateable<UsersTable>) =>
  db.updateTable('users').set(changes).where('id', '=', userId).execute();

export const insertUser = (db: DbOrTrx, user: Insertable<UsersTable>) =>
  db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();

export const touchLastOnline = (db: DbOrTrx, userId: number, now: string) =>
  db.updateTable('users').set({ last_online_at: now }).where('id', '=', userId).execute();

/** Locks the account's row until the transaction ends (PostgreSQL; see lockUser in context.ts). */
export const lockUserRow = (db: DbOrTrx, userId: number) =>
  db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
