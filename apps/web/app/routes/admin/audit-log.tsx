import { Form, useNavigation } from 'react-router';
import type { AuditEntry } from '@souq/contracts';
import { AUDIT_LOG_PER_PAGE, AUDIT_ROLES } from '@souq/contracts/constants';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { ADMIN_AUDIT_LOG, AUDIT_TARGETS, auditHref, loadAuditLog, shownValue } from '~/features/admin/data';
import { sellerMeta } from '~/features/seller/meta';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { SelectField } from '~/shared/ui/form';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/audit-log';

export const meta = sellerMeta('page.admin_audit_log');

export const clientLoader = loadAuditLog;

function Skeleton() {
  return <div className="skeleton admin-audit__skeleton" aria-busy="true" />;
}

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="admin-audit" data-testid="admin-audit">
      <AccountHeading title={t('admin.audit.title')} />
      <Skeleton />
    </div>
  );
}

/** One entry's changed fields: each as its name, the old value, then the new one. */
function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const { t, dir } = useSite();
  const fields = Object.entries(changes);
  if (!fields.length) return <span className="muted">{t('admin.audit.no_changes')}</span>;
  return (
    <ul className="admin-audit__changes">
      {fields.map(([field, [from, to]]) => (
        <li key={field} data-testid="admin-audit-change" data-field={field}>
          <code className="admin-audit__field">{field}</code>{' '}
          <del className="admin-audit__old" dir="auto">
            {shownValue(from)}
          </del>{' '}
          <span aria-hidden="true">{dir === 'rtl' ? '←' : '→'}</span>
          <span className="sr-only">{t('admin.audit.changed_to')}</span>{' '}
          <ins className="admin-audit__new" dir="auto">
            {shownValue(to)}
          </ins>
        </li>
      ))}
    </ul>
  );
}

/** /admin/audit-log?role=&action=&page=: every seller's and operator's write, newest first (BACKOFFICE.md "Operator console"). */
export default function AdminAuditLogPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { role, action, page, list } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === ADMIN_AUDIT_LOG;
  const filtered = Boolean(role || action);

  return (
    <div className="admin-audit" data-testid="admin-audit">
      <AccountHeading title={t('admin.audit.title')} />
      <p className="muted seller-lead">{t('admin.audit.lead')}</p>
      <Form
        method="get"
        action={ADMIN_AUDIT_LOG}
        className="admin-audit__filters"
        aria-label={t('admin.audit.filters')}
        role="search"
      >
        <SelectField
          label={t('admin.audit.role')}
          fieldClassName="admin-audit__filter"
          name="role"
          defaultValue={role ?? ''}
          key={`role-${role ?? ''}`}
          data-testid="admin-audit-role"
        >
          <option value="">{t('admin.audit.role_all')}</option>
          {AUDIT_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.audit.role_${r}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin.audit.action')}
          fieldClassName="admin-audit__filter"
          name="action"
          defaultValue={action ?? ''}
          key={`action-${action ?? ''}`}
          data-testid="admin-audit-action"
        >
          <option value="">{t('admin.audit.action_all')}</option>
          {AUDIT_TARGETS.map((a) => (
            <option key={a} value={a}>
              {t(`admin.audit.target_${a}`)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="btn" data-testid="admin-audit-apply">
          {t('admin.audit.apply')}
        </button>
      </Form>
      {loading ? (
        <Skeleton />
      ) : list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.entries.length === 0 ? (
        <div className="acc-empty" data-testid="admin-audit-empty">
          <h2 className="acc-empty__title">{t(filtered ? 'admin.audit.empty_filtered' : 'admin.audit.empty')}</h2>
          {filtered ? null : <p className="muted">{t('admin.audit.empty_text')}</p>}
        </div>
      ) : (
        <>
          <p className="muted" aria-live="polite" data-testid="admin-audit-count">
            {t('admin.audit.count', { count: list.data.total })}
          </p>
          {/* A wide table scrolls inside its box, never the page; the box is focusable so a keyboard can scroll it. */}
          <div className="admin-audit__scroll" tabIndex={0} role="region" aria-label={t('admin.audit.title')}>
            <table className="admin-audit__table" data-testid="admin-audit-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.audit.when')}</th>
                  <th scope="col">{t('admin.audit.actor')}</th>
                  <th scope="col">{t('admin.audit.what')}</th>
                  <th scope="col">{t('admin.audit.target')}</th>
                  <th scope="col">{t('admin.audit.changes')}</th>
                  <th scope="col">{t('admin.audit.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.entries.map((e) => (
                  <tr key={e.id} data-testid="admin-audit-entry" data-action={e.action}>
                    <td className="admin-audit__when">
                      <time dateTime={e.created_at}>{formatDateTime(e.created_at, locale)}</time>
                    </td>
                    <td>
                      <bdi>{e.actor.name}</bdi>
                      <span className="admin-audit__role">
                        {t(`admin.audit.${e.actor.role}`)} #{e.actor.id}
                      </span>
                    </td>
                    <td>
                      <code dir="ltr">{e.action}</code>
                    </td>
                    <td>
                      <code dir="ltr">
                        {e.target.type}
                        {e.target.id !== null ? ` #${e.target.id}` : ''}
                      </code>
                    </td>
                    <td>
                      <Changes changes={e.changes} />
                    </td>
                    <td>
                      <span dir="ltr">{e.ip ?? '—'}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            total={list.data.total}
            perPage={AUDIT_LOG_PER_PAGE}
            hrefFor={(p) => auditHref({ role, action, page: p })}
          />
        </>
      )}
    </div>
  );
}
