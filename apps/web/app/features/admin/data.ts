import type { AuditLog } from '@souq/contracts';
import { AUDIT_LOG_PER_PAGE, AUDIT_ROLES } from '@souq/contracts/constants';
import { redirect } from 'react-router';
import { errorMessage, type PageData } from '~/features/account';
import { ApiError } from '~/shared/api';
import { fetchAuditLog } from './api';
import { adminToken } from './store';

export const ADMIN_LOGIN = '/admin/login';
/** The console's first page: where a sign-in without a page to return to goes. */
export const ADMIN_HOME = '/admin';
/** The audit log's page (moved from /admin when the dashboard took it). */
export const ADMIN_AUDIT_LOG = '/admin/audit-log';

/** Where the sign-in sends the operator: `next` when it is a page of the console (not the sign-in), else its first page. */
export function adminReturnTo(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || /[\\\s]/.test(next)) return ADMIN_HOME;
  if (/^\/admin\/login(?:[/?#]|$)/.test(next)) return ADMIN_HOME;
  return next;
}

/** The sign-in's address; `back` (a console page's path and query) is where it returns to. */
export function adminLoginHref(back?: string): string {
  const to = back ? adminReturnTo(back) : ADMIN_HOME;
  return to === ADMIN_HOME ? ADMIN_LOGIN : `${ADMIN_LOGIN}?${new URLSearchParams({ next: to })}`;
}

/**
 * A console page's client loader (decision 036): without the operator's session, on to the sign-in
 * (which comes back here); a 401 too. Any other failure becomes the page's error state.
 */
export async function loadAdmin<T>(load: () => Promise<T>, request?: Request): Promise<PageData<T>> {
  const login = () => {
    const url = request ? new URL(request.url) : null;
    return redirect(adminLoginHref(url ? url.pathname + url.search : undefined));
  };
  if (!adminToken()) throw login();
  try {
    return { data: await load() };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw login();
    return { error: errorMessage(e), status: e instanceof ApiError ? e.status : undefined };
  }
}

// --- The audit log (/admin/audit-log) -------------------------------------------------------------------------

/** The action families the filter offers (an entry's action begins with one: `product.update`). */
export const AUDIT_TARGETS = [
  'product',
  'voucher',
  'flash_sale',
  'review',
  'shop',
  'category',
  'sub_category',
  'brand',
  'color',
  'size',
  'unit',
  'banner',
  'settings',
  'currency',
  'vat_tax',
  'blog',
  'blog_category',
  'legal_page',
  'ticket',
  'customer',
  'order',
  'notification',
] as const;
type Role = (typeof AUDIT_ROLES)[number];
type Target = (typeof AUDIT_TARGETS)[number];

export interface AuditParams {
  role: Role | null;
  action: Target | null;
  page: number;
}

export function auditParams(params: URLSearchParams): AuditParams {
  const role = params.get('role');
  const action = params.get('action');
  return {
    role: (AUDIT_ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : null,
    action: (AUDIT_TARGETS as readonly string[]).includes(action ?? '') ? (action as Target) : null,
    page: Math.min(100000, Math.max(1, Math.floor(Number(params.get('page'))) || 1)),
  };
}

export function auditHref(p: Omit<AuditParams, 'page'> & { page?: number }): string {
  const q = new URLSearchParams();
  if (p.role) q.set('role', p.role);
  if (p.action) q.set('action', p.action);
  if (p.page && p.page > 1) q.set('page', String(p.page));
  const s = q.toString();
  return `${ADMIN_AUDIT_LOG}${s ? `?${s}` : ''}`;
}

export interface AuditLogData extends AuditParams {
  list: PageData<AuditLog>;
}

export async function loadAuditLog({ request }: { request: Request }): Promise<AuditLogData> {
  const p = auditParams(new URL(request.url).searchParams);
  const list = await loadAdmin(() => fetchAuditLog({ ...p, perPage: AUDIT_LOG_PER_PAGE }, request.signal), request);
  return { ...p, list };
}

/** A changed value as the log shows it: text as is, nothing as an em dash, anything else as JSON. */
export function shownValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}
