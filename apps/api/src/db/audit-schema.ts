import type { Generated } from 'kysely';

/** The back office's audit log (migration 016): every write by a seller or an operator. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_role: 'seller' | 'operator';
  actor_id: number;
  /** The name at the time of the write (a later rename does not rewrite history). */
  actor_name: string;
  /** The seller's shop (null for operators' writes). */
  shop_id: number | null;
  /** e.g. 'product.create', 'product.update', 'voucher.delete'. */
  action: string;
  /** e.g. 'product', 'voucher', 'shop'. */
  target_type: string;
  target_id: number | null;
  /** JSON `{field: [old, new]}`; never a secret. */
  changes: string;
  ip: string | null;
  created_at: string;
}

/** Migration 020: the operator console's accounts (the marketplace's staff). */
export interface OperatorsTable {
  id: Generated<number>;
  name: string;
  /** Kept lower-case; unique. */
  email: string;
  password_hash: string;
  is_active: number;
  last_login_at: string | null;
  created_at: string;
}

export interface AuditTables {
  audit_log: AuditLogTable;
  operators: OperatorsTable;
}
