import type { AdminAuth, AdminLoginBody, AuditLog, AuditLogQuery, Operator } from '@souq/contracts';
import { AUDIT_LOG_PER_PAGE } from '@souq/contracts';
import type { AccountsConfig } from '../../config';
import type { Db, DbOrTrx } from '../../db';
import type { RateLimitStore } from '../../shared/rate-limit';
import { guardedLogin, hashPassword, issueToken, passwordProblems, revokeToken, verifyPassword, type TokenCache } from '../auth';
import { listAuditLog } from './audit-log.repository';
import { findOperatorByEmail, findOperatorById, insertOperator, touchOperatorLogin } from './operators.repository';

export interface AdminDeps {
  db: Db;
  limits: RateLimitStore;
  config: AccountsConfig;
  now: () => Date;
  /** Told of every revocation after its commit (decision 031). */
  tokens: TokenCache;
}

const toOperator = (r: { id: number; name: string; email: string }): Operator => ({ id: r.id, name: r.name, email: r.email });

/** The operator console's front door and its audit log (BACKOFFICE.md "Roles", "Operator console"). */
export function createAdminService({ db, limits, config, now, tokens }: AdminDeps) {
  /** The seller login's limits, slow-down and one failure message; the hash check always runs. */
  async function login(body: AdminLoginBody, ip: string): Promise<AdminAuth> {
    const row = await findOperatorByEmail(db, body.email);
    const operator = await guardedLogin(limits, config, { ip, account: row ? `o:${row.id}` : `oe:${body.email}` }, async () => {
      const ok = await verifyPassword(row?.password_hash ?? null, body.password);
      return row && ok && row.is_active === 1 ? row : null;
    });
    const access = await issueToken(db, 'operator', operator.id);
    await touchOperatorLogin(db, operator.id, now().toISOString());
    return { access, user: toOperator(operator) };
  }

  async function me(operatorId: number): Promise<Operator | null> {
    const row = await findOperatorById(db, operatorId);
    return row ? toOperator(row) : null;
  }

  async function logout(tokenId: number) {
    await revokeToken(db, tokenId);
    tokens.revoked({ tokenId });
  }

  async function auditLog(q: AuditLogQuery): Promise<AuditLog> {
    const page = q.page ?? 1;
    const perPage = q.per_page ?? AUDIT_LOG_PER_PAGE;
    const { rows, total } = await listAuditLog(db, { actorRole: q.actor_role, action: q.action }, page, perPage);
    return {
      total,
      entries: rows.map((r) => ({
        id: r.id,
        actor: { role: r.actor_role, id: r.actor_id, name: r.actor_name },
        action: r.action,
        target: { type: r.target_type, id: r.target_id },
        changes: parseChanges(r.changes),
        ip: r.ip,
        created_at: r.created_at,
      })),
    };
  }

  return { login, me, logout, auditLog };
}
export type AdminService = ReturnType<typeof createAdminService>;

/** An entry's changes as written (`{field: [old, new]}`); anything else (never written so) reads as none. */
function parseChanges(text: string): Record<string, [unknown, unknown]> {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    const out: Record<string, [unknown, unknown]> = {};
    for (const [k, v] of Object.entries(value)) if (Array.isArray(v) && v.length === 2) out[k] = [v[0], v[1]];
    return out;
  } catch {
    return {};
  }
}

/** The problems of a new operator's password: the customers' rules (8 to 128, not only spaces, not a common one). */
export function operatorPasswordProblems(password: string): string[] {
  const out: string[] = [];
  if (password.length < 8) out.push('The password must be at least 8 characters.');
  if (password.length > 128) out.push('The password must not be greater than 128 characters.');
  if (password.length && !password.replace(/[\s\u200B-\u200D\u2060\uFEFF]/g, ''))
    out.push('The password must not consist of spaces only.');
  return out.length ? out : passwordProblems(password);
}

const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;

/**
 * Adds an operator (the `admin:create` command and the local demo seed). Returns its id, or the reason
 * it was not added (a bad e-mail, name or password, or an e-mail already taken).
 */
export async function createOperator(
  db: DbOrTrx,
  input: { email: string; name: string; password: string },
  now: Date,
): Promise<{ id: number } | { problems: string[] }> {
  const email = input.email.trim().toLowerCase();
  const name = input.name.trim();
  const problems: string[] = [];
  if (!EMAIL.test(email) || email.length > 190) problems.push('The email must be a valid email address.');
  if (!name || name.length > 190 || /\p{Cc}/u.test(name))
    problems.push('The name must be 1 to 190 characters, without control characters.');
  problems.push(...operatorPasswordProblems(input.password));
  if (problems.length) return { problems };
  const id = await insertOperator(db, {
    email,
    name,
    password_hash: await hashPassword(input.password),
    created_at: now.toISOString(),
  });
  return id === undefined ? { problems: ['An operator with this email already exists.'] } : { id };
}
