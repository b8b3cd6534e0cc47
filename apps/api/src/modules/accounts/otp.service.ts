import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ResetPasswordBody, SendOtpBody, VerifyOtpBody } from '@souq/contracts';
import { validationError } from '../../http/route';
import { TooManyRequestsError, waitText } from '../../shared/rate-limit';
import { hashPassword } from '../auth/password';
import { revokeAllTokens } from '../auth/tokens';
import type { AccountsContext } from './context';
import type { DbOrTrx } from '../../db';
import { digitsOf, findUserByLogin, isEmail, normalizePhone } from './users.repository';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_MS = 60_000;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

export const INVALID_CODE = 'The code is invalid or has expired.';
export const INVALID_RESET_TOKEN = 'This password reset token is invalid or has expired.';

/** Where a code goes: a lower-case e-mail, or the phone's local digits (and the dialling code when known). */
export function targetOf(login: string, phoneCode?: string | null) {
  if (isEmail(login)) return { channel: 'email' as const, target: login.trim().toLowerCase(), phoneCode: null };
  return { channel: 'phone' as const, target: digitsOf(login), phoneCode: phoneCode || null };
}

/** targetOf, with an international number split into dialling code and local digits. */
export async function resolveTarget(db: DbOrTrx, login: string, phoneCode?: string | null) {
  if (isEmail(login)) return targetOf(login);
  const n = await normalizePhone(db, login, phoneCode);
  return { channel: 'phone' as const, target: n.digits, phoneCode: n.phoneCode };
}

export function createOtpService(ctx: AccountsContext) {
  const { db } = ctx;
  const hmac = (target: string, code: string) => createHmac('sha256', ctx.config.otpSecret).update(`${target}:${code}`).digest();

  async function codeLength() {
    const v = await ctx.setting('otp_length');
    return typeof v === 'number' && Number.isInteger(v) && v >= 4 && v <= 8 ? v : 4;
  }

  /**
   * Issues a code. The answer is the same whether or not an account matches: the code row is
   * stored either way (so cooldown and caps behave alike), but only delivered to a real account.
   */
  async function send(body: SendOtpBody, ip: string): Promise<{ email_or_phone: string; otp?: string }> {
    const { channel, target, phoneCode } = await resolveTarget(db, body.phone, body.phone_code);
    if (!target) throw validationError({ phone: ['The phone or email field is required.'] });
    const now = ctx.now();
    const since = new Date(now.getTime() - DAY_MS).toISOString();

    const last = await db
      .selectFrom('one_time_codes')
      .select('created_at')
      .where('target', '=', target)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const wait = Date.parse(last.created_at) + OTP_RESEND_MS - now.getTime();
      if (wait > 0) {
        const s = Math.ceil(wait / 1000);
        throw new TooManyRequestsError(`Please wait ${waitText(s)} before requesting a new code.`, s);
      }
    }
    const [perTarget, perIp] = await Promise.all([
      db
        .selectFrom('one_time_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('target', '=', target)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('one_time_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow(),
    ]);
    if (Number(perTarget.n) >= ctx.config.otpDailyLimit || Number(perIp.n) >= ctx.config.otpDailyLimitPerIp) {
      throw new TooManyRequestsError('Too many codes were requested today. Please try again tomorrow.', 3600);
    }

    const user = await findUserByLogin(db, target, phoneCode);
    const live = user && user.is_active === 1 ? user : undefined;
    const length = await codeLength();
    const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
    await db.transaction().execute(async (trx) => {
      // A new code replaces the earlier ones of the same target.
      await trx
        .updateTable('one_time_codes')
        .set({ used_at: now.toISOString() })
        .where('target', '=', target)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('one_time_codes')
        .values({
          channel,
          target,
          phone_code: live?.phone_code ?? phoneCode,
          user_id: live?.id ?? null,
          code_hash: hmac(target, code).toString('hex'),
          attempts: 0,
          ip,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
    });

    const local = ctx.appEnv === 'local';
    if (live) {
      const to = channel === 'email' ? target : `${live.phone_code}${target}`;
      // Delivery runs after the answer so its timing does not tell whether the account exists.
      void ctx.notifier
        .sendCode({ channel, to, code, minutes: OTP_TTL_MS / 60_000 })
        .catch((error: unknown) => ctx.log.error({ err: error, channel }, 'one-time code delivery failed'));
    } else if (local) {
      ctx.log.info({ target, otp: code }, 'one-time code for an unknown account (not delivered)');
    }
    return { email_or_phone: target, ...(local ? { otp: code } : {}) };
  }

  /**
   * Checks a code (constant-time HMAC comparison). A wrong code counts a try; the fifth burns it.
   * A right one is used up, marks the phone or e-mail verified and returns a reset token.
   */
  async function verify(body: VerifyOtpBody): Promise<{ token: string }> {
    const { target } = await resolveTarget(db, body.phone, body.phone_code);
    const invalid = () => validationError({ otp: [INVALID_CODE] });
    const now = ctx.now().toISOString();
    const row = await db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('target', '=', target)
      .where('used_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.expires_at <= now || row.attempts >= OTP_MAX_TRIES) throw invalid();

    const expected = Buffer.from(row.code_hash, 'hex');
    const given = hmac(target, body.otp);
    const match = expected.length === given.length && timingSafeEqual(expected, given);
    if (!match) {
      await db
        .updateTable('one_time_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      const left = OTP_MAX_TRIES - row.attempts - 1;
      throw validationError({
        otp: [left > 0 ? INVALID_CODE : 'Too many wrong attempts: this code can no longer be used. Please request a new one.'],
      });
    }
    if (!row.user_id) throw invalid();
    const userId = row.user_id;

    const token = randomBytes(32).toString('base64url');
    const won = await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('one_time_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('attempts', '<', OTP_MAX_TRIES)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('users')
        .set(row.channel === 'email' ? { email_verified_at: now, updated_at: now } : { phone_verified_at: now, updated_at: now })
        .where('id', '=', userId)
        .execute();
      await trx
        .insertInto('reset_tokens')
        .values({
          user_id: userId,
          token_hash: sha256(token),
          created_at: now,
          expires_at: new Date(Date.parse(now) + RESET_TOKEN_TTL_MS).toISOString(),
          used_at: null,
        })
        .execute();
      return true;
    });
    if (!won) throw invalid();
    return { token };
  }

  /** Sets a new password with a reset token (single use) and signs out every device. */
  async function resetPassword(body: ResetPasswordBody): Promise<void> {
    const now = ctx.now().toISOString();
    const row = await db.selectFrom('reset_tokens').selectAll().where('token_hash', '=', sha256(body.token)).executeTakeFirst();
    if (!row || row.used_at || row.expires_at <= now) throw validationError({ token: [INVALID_RESET_TOKEN] });
    const passwordHash = await hashPassword(body.password);
    const done = await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('reset_tokens')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', row.user_id)
        .execute();
      await revokeAllTokens(trx, 'user', row.user_id);
      return true;
    });
    if (!done) throw validationError({ token: [INVALID_RESET_TOKEN] });
  }

  return { send, verify, resetPassword };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
