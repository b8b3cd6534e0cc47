import { z } from 'zod';
import { accessSchema } from './accounts';
import { envelope } from './common';
import { AUDIT_ROLES } from './constants';
import { sellerLoginBody } from './sellers';

// ---------------------------------------------------------------------------------------------------
// The operator console (BACKOFFICE.md "Roles", "Operator console"): the marketplace's staff. Their own
// token kind; every /api/admin route but the login takes only an operator's token.
// ---------------------------------------------------------------------------------------------------

/** The three roles, as a written role names them (audit log, tokens). */
export const ROLES = ['customer', 'seller', 'operator'] as const;

/** `POST /api/admin/login {email, password}`: the seller login's rules (e-mail lower-cased, 190/128 at most). */
export const adminLoginBody = sellerLoginBody;
export type AdminLoginBody = z.infer<typeof adminLoginBody>;

export const operatorSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Operator = z.infer<typeof operatorSchema>;

export const adminAuthResponseSchema = envelope(z.object({ access: accessSchema, user: operatorSchema }));
export type AdminAuth = z.infer<typeof adminAuthResponseSchema>['data'];
export const adminMeResponseSchema = envelope(z.object({ user: operatorSchema }));

/** `GET /api/admin/audit-log?actor_role&action&page&per_page`. */
export const auditLogQuery = z.object({
  actor_role: z.enum(AUDIT_ROLES, { error: 'The selected actor role is invalid.' }).optional(),
  /** An action as written (`product.update`), or a prefix of whole words (`product`: every product action). */
  action: z
    .string()
    .max(64, 'The action must not be greater than 64 characters.')
    .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/, 'The action is invalid.')
    .optional(),
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be an integer.')
    .min(1)
    .max(100000)
    .optional(),
  per_page: z.coerce
    .number({ error: 'The per page must be a number.' })
    .int('The per page must be an integer.')
    .min(1)
    .max(100)
    .optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ role: z.enum(AUDIT_ROLES), id: z.number().int(), name: z.string() }),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.number().int().nullable() }),
  /** `{field: [old, new]}`; secrets are '[secret]'. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogSchema = z.object({ total: z.number().int(), entries: z.array(auditEntrySchema) });
export type AuditLog = z.infer<typeof auditLogSchema>;
export const auditLogResponseSchema = envelope(auditLogSchema);
