import type { DbOrTrx } from '../../db';
import type { OperatorPrincipal, SellerPrincipal } from '../../http/route';

/** Who wrote: a shop's seller or a marketplace operator (BACKOFFICE.md "Roles"). */
export interface Actor {
  role: 'seller' | 'operator';
  id: number;
  name: string;
  /** The seller's shop; null for an operator. */
  shopId: number | null;
  ip: string | null;
}

/** Field names whose values never reach the log (their change is recorded as '[secret]'). */
const SECRET = /password|token|secret|api_key|otp/i;

export type Changes = Record<string, [unknown, unknown]>;

/**
 * The fields of `after` whose value differs from `before`'s, as `{field: [old, new]}` (values compared
 * as JSON, so arrays of colours or ids compare by content). Secrets are masked. A create passes `{}` as
 * `before`; a delete passes `{}` as `after` and lists the fields in `fields`.
 */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = Object.keys(after),
): Changes {
  const out: Changes = {};
  for (const field of fields) {
    const old = before[field] ?? null;
    const now = after[field] ?? null;
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    out[field] = SECRET.test(field) ? ['[secret]', '[secret]'] : [old, now];
  }
  return out;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: number | null;
  changes: Changes;
}

/**
 * Records one write in the audit log, in the caller's transaction when it passes one (a write that rolls
 * back leaves no entry; an entry never exists without its write).
 */
export async function recordAudit(db: DbOrTrx, actor: Actor, entry: AuditEntry, now: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_role: actor.role,
      actor_id: actor.id,
      actor_name: actor.name,
      shop_id: actor.shopId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      changes: JSON.stringify(entry.changes),
      ip: actor.ip,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The seller behind a seller token, as an audit actor (name read from the shop's user). */
export async function sellerActor(db: DbOrTrx, principal: SellerPrincipal, ip: string | null): Promise<Actor> {
  const row = await db.selectFrom('shop_users').select('name').where('id', '=', principal.id).executeTakeFirst();
  return { role: 'seller', id: principal.id, name: row?.name ?? '', shopId: principal.shopId, ip };
}

/** The operator behind an operator token, as an audit actor (for the console's writes). */
export async function operatorActor(db: DbOrTrx, principal: OperatorPrincipal, ip: string | null): Promise<Actor> {
  const row = await db.selectFrom('operators').select('name').where('id', '=', principal.id).executeTakeFirst();
  return { role: 'operator', id: principal.id, name: row?.name ?? '', shopId: null, ip };
}
