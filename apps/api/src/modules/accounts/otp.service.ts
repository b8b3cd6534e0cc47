import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { ResetPasswordBody } from '@souq/contracts';
import { validationError } from '../../http/route';
import { TooManyRequestsError, waitText } from '../../shared/rate-limit';
import { hashPassword, passwordProblems, revokeAllTokens } from '../auth';
import { type AccountsContext, lockUser } from './context';
import type { DbOrTrx } from '../../db';
import {
  countCodesFromIp,
  countCodesSince,
  countWrongTry,
  findResetToken,
  insertCode,
  insertResetToken,
  lastOpenCodeAt,
  liveCodes,
  openCodeIds,
  useCode,
  useCodes,
  useOpenCodes,
  useResetToken,
} from './otp.repository';
import {
  digitsOf,
  findUserById,
  findUserByLogin,
  isEmail,
  markVerified,
  normalizePhone,
  setPasswordHash,
  type UserRow,
} from './users.repository';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;
/** How many of a target's newest codes stay valid at once (each until it expires). */
export const OTP_LIVE_CODES = 3;
export const OTP_RESEND_MS = 60_000;
export const RESET_TOKEN_TTL_MS = 15 * 60_000;
/**
 * For this long after registration an account that has verified nothing yet may have a verification code
 * sent to its own phone or e-mail without its token (the original web client's registration code step and
 * "Verify now" send none; decision 024, issue 42). Not for a forgot-password request.
 */
export const REGISTRATION_VERIFY_WINDOW_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

export const INVALID_CODE = 'The code is invalid or has expired.';
export const CODE_SENT_IF_ACCOUNT = 'If an account matches, a verification code has been sent.';
/** The local environment's answer when no code went out (elsewhere the answer is CODE_SENT_IF_ACCOUNT either way). */
export const NO_CODE_SENT = 'No code was sent: no account with this phone number or email may receive one.';
export const FORGOT_NEEDS_EMAIL = 'Please enter the email address of your account.';
export const FORGOT_NEEDS_PHONE = 'Please enter the phone number of your account.';
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

/** Who a code request is about: the channel, the target, and the account whose phone or e-mail it is. */
export interface CodeTarget {
  channel: 'email' | 'phone';
  /** The target as the request named it (lower-case e-mail or the phone's digits): what the answer shows. */
  requested: string;
  /** The target codes are stored and hashed under: the account's own e-mail or local number when one matched. */
  target: string;
  phoneCode: string | null;
  /** The active account with this e-mail or phone, if any. */
  user: UserRow | undefined;
  /** Cooldowns and caps key: `e:<e-mail>` or `p:<dialling code>:<number>`. */
  key: string;
}

export function createOtpService(ctx: AccountsContext) {
  const { db } = ctx;
  const hmac = (target: string, code: string) => createHmac('sha256', ctx.config.otpSecret).update(`${target}:${code}`).digest();

  async function codeLength() {
    const v = await ctx.setting('otp_length');
    return typeof v === 'number' && Number.isInteger(v) && v >= 4 && v <= 8 ? v : 4;
  }

  /** Resolves the phone or e-mail of a request to its target and account. */
  async function resolve(login: string, phoneCode?: string | null): Promise<CodeTarget> {
    const r = await resolveTarget(db, login, phoneCode);
    const found = r.target ? await findUserByLogin(db, r.target, r.phoneCode) : undefined;
    const user = found?.is_active === 1 ? found : undefined;
    const target = user ? ((r.channel === 'email' ? user.email : user.phone) ?? r.target) : r.target;
    const code = user ? user.phone_code : r.phoneCode;
    return {
      channel: r.channel,
      requested: r.target,
      target,
      phoneCode: code,
      user,
      key: r.channel === 'email' ? `e:${target}` : `p:${code ?? ''}:${target}`,
    };
  }

  /**
   * Whether a code for this target may be delivered (decision 014): to the signed-in owner asking
   * for its own phone or e-mail; to a verified phone or e-mail; and, to an account that has verified
   * nothing yet, while the shop does not require verification at registration, or (not for a forgot-
   * password request) in the first REGISTRATION_VERIFY_WINDOW_MS after registration (decision 024,
   * issue 42: the original web client verifies a new account without its token). Either way the code
   * goes to the account's own phone or e-mail, and passing it verifies only that one.
   */
  async function deliverable(t: CodeTarget, sessionUserId: number | null, forgot: boolean): Promise<boolean> {
    const u = t.user;
    if (!u) return false;
    if (sessionUserId === u.id) return true;
    if (t.channel === 'email' ? u.email_verified_at : u.phone_verified_at) return true;
    if (u.email_verified_at || u.phone_verified_at) return false;
    if (!forgot && newlyRegistered(u)) return true;
    return (await ctx.setting('register_otp_verify')) !== true;
  }

  /** Registered less than REGISTRATION_VERIFY_WINDOW_MS ago (by this server's clock). */
  function newlyRegistered(u: UserRow): boolean {
    const age = ctx.now().getTime() - Date.parse(u.created_at);
    return age >= 0 && age < REGISTRATION_VERIFY_WINDOW_MS;
  }

  /**
   * A forgot-password code goes the way the settings say (`forgot_otp_type`, announced by /master): the
   * request must name an e-mail address, or a phone number (422 on `phone`, the field that carries both).
   */
  async function checkForgotTarget(login: string) {
    const wanted = (await ctx.setting('forgot_otp_type')) === 'email' ? 'email' : 'phone';
    if (wanted !== (isEmail(login) ? 'email' : 'phone'))
      throw validationError({ phone: [wanted === 'email' ? FORGOT_NEEDS_EMAIL : FORGOT_NEEDS_PHONE] });
  }

  const cooldown = (wait: number) => {
    const s = Math.ceil(wait / 1000);
    return new TooManyRequestsError(`Please wait ${waitText(s)} before requesting a new code.`, s);
  };
  const dailyCap = () => new TooManyRequestsError('Too many codes were requested today. Please try again tomorrow.', 3600);

  /** Codes sent from this IP in the last day: stored ones plus the undelivered ones counted in memory. */
  async function sentFromIp(q: DbOrTrx, ip: string, since: string) {
    return (await countCodesFromIp(q, ip, since)) + (await ctx.limits.peek(`otp:day:ip:${ip}`)).count;
  }

  /**
   * Issues a code. Outside the local environment the answer is the same whether or not the code is
   * delivered: a delivered code is stored (its account's cooldown and daily cap come from the table); an
   * undelivered one (no account, or a target that would prove nothing) is stored nowhere, and the same
   * cooldown and caps are kept in memory for its target, so the answers cannot tell the two apart.
   * `delivered` says which it was (the local environment's answer tells it; see the route).
   */
  async function send(
    t: CodeTarget,
    ip: string,
    sessionUserId: number | null,
    forgot = false,
  ): Promise<{ data: { email_or_phone: string; otp?: string }; delivered: boolean }> {
    if (!t.target) throw validationError({ phone: ['The phone or email field is required.'] });
    const now = ctx.now();
    const since = new Date(now.getTime() - DAY_MS).toISOString();
    const length = await codeLength();
    const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
    const live = (await deliverable(t, sessionUserId, forgot)) ? t.user : undefined;

    if (live) {
      await db.transaction().execute(async (trx) => {
        // One send at a time per account, so that two at once cannot both pass the cooldown.
        await lockUser(ctx, trx, live.id);
        // The resend cooldown runs from the last code not yet passed: after passing one (say, verifying
        // the e-mail), its owner may ask for the next (a reset) at once.
        const last = await lastOpenCodeAt(trx, live.id, t.channel, t.target);
        const wait = last ? Date.parse(last.created_at) + OTP_RESEND_MS - now.getTime() : 0;
        if (wait > 0) throw cooldown(wait);
        const today = await countCodesSince(trx, live.id, t.channel, t.target, since, ip);
        if (today >= ctx.config.otpDailyLimit || (await sentFromIp(trx, ip, since)) >= ctx.config.otpDailyLimitPerIp) {
          throw dailyCap();
        }
        await insertCode(trx, {
          channel: t.channel,
          target: t.target,
          phone_code: live.phone_code,
          user_id: live.id,
          code_hash: hmac(t.target, code).toString('hex'),
          attempts: 0,
          ip,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
          used_at: null,
          by_owner: sessionUserId === live.id ? 1 : 0,
        });
        // The newest few codes stay valid until they expire, so a stranger's requests cannot void the
        // one the owner is typing; older open ones beyond that are used up.
        const over = (await openCodeIds(trx, live.id, t.channel, t.target, now.toISOString())).slice(OTP_LIVE_CODES);
        if (over.length) await useCodes(trx, over, now.toISOString());
      });
    } else {
      const wait = await ctx.limits.peek(`otp:cooldown:${t.key}`);
      if (wait.count > 0) throw cooldown(wait.resetMs);
      const today = await ctx.limits.peek(`otp:day:${t.key}`);
      if (today.count >= ctx.config.otpDailyLimit || (await sentFromIp(db, ip, since)) >= ctx.config.otpDailyLimitPerIp) {
        throw dailyCap();
      }
      await ctx.limits.hit(`otp:cooldown:${t.key}`, OTP_RESEND_MS);
      await ctx.limits.hit(`otp:day:${t.key}`, DAY_MS);
      await ctx.limits.hit(`otp:day:ip:${ip}`, DAY_MS);
    }

    const local = ctx.appEnv === 'local';
    if (live) {
      const to = t.channel === 'email' ? t.target : `${live.phone_code}${t.target}`;
      // Delivery runs after the answer so its timing does not tell whether the account exists.
      void ctx.notifier
        .sendCode({ channel: t.channel, to, code, minutes: OTP_TTL_MS / 60_000 })
        .catch((error: unknown) => ctx.log.error({ err: error, channel: t.channel }, 'one-time code delivery failed'));
    } else if (local) {
      ctx.log.info({ target: t.requested }, 'no one-time code sent (no account, or a target that proves nothing)');
    }
    // The local environment shows the code it sent; when none was sent there is none to show (a code
    // made up for the answer would never work).
    return { data: { email_or_phone: t.requested, ...(local && live ? { otp: code } : {}) }, delivered: !!live };
  }

  /**
   * Checks a code against the open codes of the target (constant-time HMAC comparisons). A wrong
   * code counts a try on each of them, atomically (never past the fifth); a right one is used up with
   * its siblings, marks that very phone or e-mail verified (if it is still the account's) and returns
   * a reset token.
   */
  async function verify(t: CodeTarget, otp: string): Promise<{ token: string }> {
    const invalid = () => validationError({ otp: [INVALID_CODE] });
    const now = ctx.now().toISOString();
    const u = t.user;
    if (!u) throw invalid();
    const rows = await liveCodes(db, u.id, t.channel, t.target, now, OTP_MAX_TRIES, OTP_LIVE_CODES);
    if (!rows.length) throw invalid();

    const given = hmac(t.target, otp);
    let match: (typeof rows)[number] | undefined;
    for (const row of rows) {
      const expected = Buffer.from(row.code_hash, 'hex');
      if (expected.length === given.length && timingSafeEqual(expected, given) && !match) match = row;
    }
    if (!match) {
      const counted = await countWrongTry(
        db,
        rows.map((r) => r.id),
        OTP_MAX_TRIES,
      );
      const left = counted.some((r) => r.attempts < OTP_MAX_TRIES);
      throw validationError({
        otp: [
          left || !counted.length
            ? INVALID_CODE
            : 'Too many wrong attempts: this code can no longer be used. Please request a new one.',
        ],
      });
    }
    const code = match;

    const token = randomBytes(32).toString('base64url');
    const won = await db.transaction().execute(async (trx) => {
      if (!(await useCode(trx, code.id, now, OTP_MAX_TRIES))) return false;
      await useOpenCodes(trx, u.id, code.channel, code.target, now);
      // Only the phone or e-mail the code went to is verified, and only while it is still the account's.
      const owner = await findUserById(trx, u.id);
      const still =
        owner &&
        (code.channel === 'email'
          ? owner.email === code.target
          : owner.phone === code.target && owner.phone_code === code.phone_code);
      if (!still) return false;
      await markVerified(trx, u.id, code.channel, now);
      await insertResetToken(trx, {
        user_id: u.id,
        token_hash: sha256(token),
        created_at: now,
        expires_at: new Date(Date.parse(now) + RESET_TOKEN_TTL_MS).toISOString(),
        used_at: null,
      });
      return true;
    });
    if (!won) throw invalid();
    return { token };
  }

  /** Sets a new password with a reset token (single use) and signs out every device. */
  async function resetPassword(body: ResetPasswordBody): Promise<void> {
    const now = ctx.now().toISOString();
    const row = await findResetToken(db, sha256(body.token));
    if (!row || row.used_at || row.expires_at <= now) throw validationError({ token: [INVALID_RESET_TOKEN] });
    const weak = passwordProblems(body.password);
    if (weak.length) throw validationError({ password: weak });
    const passwordHash = await hashPassword(body.password);
    const done = await db.transaction().execute(async (trx) => {
      if (!(await useResetToken(trx, row.id, now))) return false;
      await setPasswordHash(trx, row.user_id, passwordHash, now);
      await revokeAllTokens(trx, 'user', row.user_id);
      return true;
    });
    if (!done) throw validationError({ token: [INVALID_RESET_TOKEN] });
    ctx.tokens.revoked({ ownerType: 'user', ownerId: row.user_id });
  }

  return { resolve, checkForgotTarget, send, verify, resetPassword };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
