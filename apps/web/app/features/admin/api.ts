import type { AdminAuth, AuditLog, Envelope } from '@souq/contracts';
import { api, type RequestOptions } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { clearAdminSession, adminToken } from './store';

type AdminOptions = Omit<RequestOptions, 'locale' | 'token' | 'context' | 'onUnauthorized'>;

/**
 * The console's calls (BACKOFFICE.md "Operator console") with the operator's token and the page's
 * language. A 401 ends the operator's session only (never the customer's or the seller's); the
 * sign-in's own 401 ends nothing.
 */
export async function adminCall<T>(path: string, options: AdminOptions = {}): Promise<Envelope<T>> {
  return api<Envelope<T>>(path, {
    ...options,
    locale: documentLocale(),
    token: adminToken(),
    onUnauthorized: path === '/admin/login' ? () => undefined : clearAdminSession,
  });
}

export async function adminLogin(email: string, password: string): Promise<AdminAuth> {
  return (await adminCall<AdminAuth>('/admin/login', { method: 'POST', body: { email, password } })).data;
}

/** Revokes the token on the server (best effort) and forgets it here. */
export async function adminLogout(): Promise<void> {
  try {
    await adminCall('/admin/logout', { method: 'POST' });
  } catch {
    /* the token is forgotten either way */
  }
  clearAdminSession();
}

export async function fetchAuditLog(
  q: { role: string | null; action: string | null; page: number; perPage: number },
  signal?: AbortSignal,
): Promise<AuditLog> {
  const res = await adminCall<AuditLog>('/admin/audit-log', {
    query: { actor_role: q.role ?? undefined, action: q.action ?? undefined, page: q.page, per_page: q.perPage },
    signal,
  });
  return res.data;
}
