import type { DbOrTrx } from '../../db';

export interface AuditLogFilter {
  actorRole?: 'seller' | 'operator';
  /** An action as written, or a prefix of whole words (`product` matches `product.update`, `product.image.add`). */
  action?: string;
}

function filtered(db: DbOrTrx, f: AuditLogFilter) {
  let q = db.selectFrom('audit_log');
  if (f.actorRole) q = q.where('actor_role', '=', f.actorRole);
  const action = f.action;
  if (action)
    q = q.where((eb) =>
      eb.or([
        eb('action', '=', action),
        eb(eb.fn('substr', ['action', eb.val(1), eb.val(action.length + 1)]), '=', `${action}.`),
      ]),
    );
  return q;
}

/** One page of the audit log, newest first (ties by id, so pages never overlap), and how many match. */
export async function listAuditLog(db: DbOrTrx, f: AuditLogFilter, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(['id', 'actor_role', 'actor_id', 'actor_name', 'action', 'target_type', 'target_id', 'changes', 'ip', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
