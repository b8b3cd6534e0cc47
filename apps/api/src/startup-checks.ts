import type { AppConfig } from './config';
import type { Db } from './db';
import { verifyPassword } from './modules/auth';
import { readSetting } from './modules/settings';

/**
 * Safe production mode (issue 38, decision 043): what a production start refuses that only the database
 * can tell. The configuration's own rules (PUBLIC_URL, OTP_SECRET, PUSHER_APP_SECRET, SEED_DEMO=true) are
 * config.ts's; these run after the migrations and before the server listens (server.ts).
 */

/** The demo seed's accounts (seed/catalogue.ts, seed/operators.ts), all with this password. */
export const DEMO_PASSWORD = 'password';
const DEMO_CUSTOMER = { email: 'customer@souq.om', phone_code: '+968', phone: '91234567' };
const DEMO_SELLER_EMAILS = Array.from({ length: 8 }, (_, i) => `seller${i + 1}@souq.om`);
const DEMO_OPERATOR_EMAIL = 'admin@souq.om';

/**
 * One line per problem, each starting with the variable to change ("VARIABLE: …"); empty when the start
 * may go on. Only with APP_ENV=production.
 */
export async function startupProblems(db: Db, config: AppConfig): Promise<string[]> {
  if (config.appEnv !== 'production') return [];
  const problems: string[] = [];
  const demo = await demoAccountsWithDemoPassword(db);
  if (demo.length)
    problems.push(
      `SEED_DEMO: the database holds demo accounts that sign in with the password "${DEMO_PASSWORD}" (${demo.join(', ')}): ` +
        'start production on a new database with SEED_DEMO=false, or change these passwords or suspend these accounts first',
    );
  problems.push(...(await otpChannelProblems(db, config)));
  return problems;
}

/**
 * The known demo accounts (active ones: a suspended account cannot sign in) whose password is still the
 * demo's: at most ten hash checks, whatever the size of the database.
 */
export async function demoAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const [customers, sellers, operators] = await Promise.all([
    db
      .selectFrom('users')
      .select(['email', 'phone', 'phone_code', 'password_hash'])
      .where('is_active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('email', '=', DEMO_CUSTOMER.email),
          eb.and([eb('phone', '=', DEMO_CUSTOMER.phone), eb('phone_code', '=', DEMO_CUSTOMER.phone_code)]),
        ]),
      )
      .execute(),
    db
      .selectFrom('shop_users')
      .select(['email', 'password_hash'])
      .where('is_active', '=', 1)
      .where('email', 'in', DEMO_SELLER_EMAILS)
      .execute(),
    db
      .selectFrom('operators')
      .select(['email', 'password_hash'])
      .where('is_active', '=', 1)
      .where('email', '=', DEMO_OPERATOR_EMAIL)
      .execute(),
  ]);
  const accounts = [
    ...customers.map((u) => ({
      name: u.email === DEMO_CUSTOMER.email ? u.email : `${u.phone_code}${u.phone ?? ''}`,
      hash: u.password_hash,
    })),
    ...sellers.map((s) => ({ name: s.email, hash: s.password_hash })),
    ...operators.map((o) => ({ name: o.email, hash: o.password_hash })),
  ].filter((a): a is { name: string; hash: string } => !!a.hash);
  const found = await Promise.all(accounts.map(async (a) => ((await verifyPassword(a.hash, DEMO_PASSWORD)) ? a.name : null)));
  return found.filter((name): name is string => name !== null);
}

export type OtpChannel = 'phone' | 'email';

/** The variable whose `log` driver would leave a code sent by this channel in the log alone; null when it is delivered. */
export function logOnlyDriver(channel: OtpChannel, config: AppConfig): 'SMS_DRIVER' | 'MAIL_DRIVER' | null {
  const { sms, mail } = config.accounts;
  if (channel === 'phone') return sms.driver !== 'http' || !sms.url ? 'SMS_DRIVER' : null;
  return mail.driver !== 'smtp' ? 'MAIL_DRIVER' : null;
}

/** The settings' channels of one-time codes (`register_otp_type`, `forgot_otp_type`; phone when unset, as /master). */
async function otpChannelProblems(db: Db, config: AppConfig): Promise<string[]> {
  const problems: string[] = [];
  const byVariable = new Map<string, string[]>();
  for (const key of ['register_otp_type', 'forgot_otp_type'] as const) {
    const channel: OtpChannel = (await readSetting(db, key)) === 'email' ? 'email' : 'phone';
    const variable = logOnlyDriver(channel, config);
    if (variable) byVariable.set(variable, [...(byVariable.get(variable) ?? []), `${key}=${channel}`]);
  }
  for (const [variable, keys] of byVariable) {
    const fix =
      variable === 'SMS_DRIVER'
        ? 'set SMS_DRIVER=http with SMS_HTTP_URL'
        : 'set MAIL_DRIVER=smtp with SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASSWORD';
    problems.push(
      `${variable}: is log, so the one-time codes the settings send by ${keys.join(' and ')} would reach only the log ` +
        `and nobody could sign up or reset a password: ${fix}, or switch the setting to a delivered channel in the operator console (reachable from a start with APP_ENV=staging)`,
    );
  }
  return problems;
}
