import type { LoginBody, Locale, RegistrationBody, User, Access } from '@souq/contracts';
import { HttpError, validationError } from '../../http/route';
import { hashPassword, verifyPassword, passwordProblems, guardedLogin, issueToken } from '../auth';
import { type AccountsContext, isUniqueViolation, isoNow } from './context';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByPhone,
  insertUser,
  isEmail,
  toUser,
  touchLastOnline,
} from './users.repository';

export { BAD_CREDENTIALS } from '../auth';

/** The sign-in of a customer the operators switched off (BACKOFFICE.md "Operator console": Customers). */
export const accountDeactivated = (locale: Locale) =>
  locale === 'ar'
    ? 'تم إيقاف هذا الحساب. للمساعدة تواصل مع فريق الدعم.'
    : 'This account has been deactivated. Please contact our support team for help.';

/** Phone rules from the settings (phone_required, phone_min_length, phone_max_length). */
export async function phoneRules(ctx: AccountsContext) {
  const [required, min, max] = await Promise.all([
    ctx.setting('phone_required'),
    ctx.setting('phone_min_length'),
    ctx.setting('phone_max_length'),
  ]);
  return {
    required: required !== false,
    min: typeof min === 'number' ? min : 8,
    max: typeof max === 'number' ? max : 16,
  };
}

/** Adds the phone length/required errors to `errors`. */
export function checkPhone(
  rules: Awaited<ReturnType<typeof phoneRules>>,
  phone: string | undefined,
  errors: Record<string, string[]>,
  required = rules.required,
) {
  if (!phone) {
    if (required) (errors.phone ??= []).push('The phone field is required.');
    return;
  }
  if (phone.length < rules.min) (errors.phone ??= []).push(`The phone field must be at least ${rules.min} characters.`);
  if (phone.length > rules.max) (errors.phone ??= []).push(`The phone field must not be greater than ${rules.max} characters.`);
}

export function createAuthService(ctx: AccountsContext) {
  const { db } = ctx;

  async function register(body: RegistrationBody): Promise<{ user: User; access: Access }> {
    const rules = await phoneRules(ctx);
    const errors: Record<string, string[]> = {};
    const email = body.email ? body.email : null;
    const phone = body.phone || null;
    checkPhone(rules, body.phone, errors);
    if (!phone && !email) (errors.email ??= []).push('The email field is required when phone is not present.');
    if (email && (await findUserByEmail(db, email))) (errors.email ??= []).push('The email has already been taken.');
    if (phone && (await findUserByPhone(db, phone, body.phone_code)))
      (errors.phone ??= []).push('The phone has already been taken.');
    const weak = passwordProblems(body.password);
    if (weak.length) errors.password = weak;
    if (Object.keys(errors).length) throw validationError(errors);

    const passwordHash = await hashPassword(body.password);
    const now = isoNow(ctx);
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await insertUser(trx, {
          name: body.name,
          email,
          phone,
          phone_code: body.phone_code,
          country: body.country,
          password_hash: passwordHash,
          profile_photo: null,
          gender: null,
          date_of_birth: null,
          phone_verified_at: null,
          email_verified_at: null,
          last_online_at: now,
          created_at: now,
          updated_at: now,
        });
        const access = await issueToken(trx, 'user', row.id);
        return { user: toUser(row), access };
      });
    } catch (error) {
      // Two registrations with the same phone or e-mail at once: the loser gets the usual 422.
      if (isUniqueViolation(error)) {
        const field = email && (await findUserByEmail(db, email)) ? 'email' : 'phone';
        throw validationError({ [field]: [`The ${field} has already been taken.`] });
      }
      throw error;
    }
  }

  /**
   * Same 400 for a wrong password or an unknown account; the hash check always runs. Counted and slowed
   * per account by guardedLogin (modules/auth/login-guard.ts). An account the operators switched off
   * answers 403 with a message in the request's language, only once its password is right (so the
   * refusal tells nothing to someone who does not know it).
   */
  async function login(body: LoginBody, ip: string, locale: Locale = 'en'): Promise<{ user: User; access: Access }> {
    const row = await findUserByLogin(db, body.phone, body.phone_code || null);
    const account = row ? `u:${row.id}` : accountKey(body.phone, body.phone_code);
    const user = await guardedLogin(ctx.limits, ctx.config, { ip, account }, async () => {
      const ok = await verifyPassword(row?.password_hash ?? null, body.password);
      return row && ok ? row : null;
    });
    if (user.is_active !== 1) throw new HttpError(403, accountDeactivated(locale));
    const access = await issueToken(db, 'user', user.id);
    const now = isoNow(ctx);
    await touchLastOnline(db, user.id, now);
    return { user: toUser({ ...user, last_online_at: now }), access };
  }

  /** The normalised account key for rate limits (so '+968 9123 4567' and '91234567' share one). */
  function accountKey(login: string, phoneCode?: string | null) {
    if (isEmail(login)) return `e:${login.trim().toLowerCase()}`;
    const digits = login.replace(/\D/g, '');
    return `p:${phoneCode && !login.trim().startsWith('+') ? phoneCode.replace(/\D/g, '') : ''}${digits}`;
  }

  return { register, login, findUserById: (id: number) => findUserById(db, id) };
}
