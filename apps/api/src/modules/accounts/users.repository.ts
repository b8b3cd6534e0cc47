import type { User } from '@souq/contracts';
import { type Selectable, sql } from 'kysely';
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
    profile_photo: row.profile_photo,
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
