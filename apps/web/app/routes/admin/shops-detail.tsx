import type { AdminShop } from '@souq/contracts';
import { SHOP_REASON_MAX } from '@souq/contracts/constants';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import { AccountHeading, LoadFailed } from '~/features/account';
import {
  actionsFor,
  ADMIN_SHOPS,
  adminShopAction,
  checkReason,
  loadAdminShop,
  type ShopAnswer,
} from '~/features/admin/shops-data';
import type { ShopAction } from '~/features/admin/shops-api';
import { ShopLogo, ShopStatus } from '~/features/admin/shops-screens';
import { sellerMeta } from '~/features/seller/meta';
import { formatDateTime } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Dialog } from '~/shared/ui/dialog';
import { Field, useOnAnswer, useSubmission } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/shops-detail';

export const meta = sellerMeta('page.admin_shop');

export const clientLoader = loadAdminShop;
export const clientAction = adminShopAction;

function Back() {
  const { t } = useSite();
  return (
    <p className="adm-back">
      <Link to={ADMIN_SHOPS} className="ord-link" data-testid="admin-shop-back">
        {t('admin.shop.back')}
      </Link>
    </p>
  );
}

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="adm-shop" data-testid="admin-shop" aria-busy="true">
      <Back />
      <AccountHeading title={t('page.admin_shop')} />
      <div className="skeleton adm-shop__skeleton" />
    </div>
  );
}

/** One term and its description; nothing shown as an em dash. */
function Row({ label, children, ltr }: { label: string; children: React.ReactNode; ltr?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className="adm-dl__row">
      <dt>{label}</dt>
      <dd dir={ltr && !empty ? 'ltr' : undefined}>{empty ? '—' : children}</dd>
    </div>
  );
}

/** The reason of a rejection or suspension: asked for in the dialog, said before it what will happen. */
function ReasonDialog({ shop, action, onClose }: { shop: AdminShop; action: 'reject' | 'suspend' | null; onClose(): void }) {
  const { t, locale } = useSite();
  const name = (locale === 'ar' && shop.name_ar) || shop.name;
  const last = useRef<'reject' | 'suspend'>('suspend');
  if (action) last.current = action;
  const shown = action ?? last.current;
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      title={t(`admin.shop.${shown}_title`, { name })}
      testId={`shop-${shown}-dialog`}
      className="confirm-dialog adm-reason-dialog"
    >
      {action ? <ReasonForm key={action} shop={shop} action={action} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ReasonForm({ shop, action, onDone }: { shop: AdminShop; action: 'reject' | 'suspend'; onDone(): void }) {
  const { t, locale } = useSite();
  const name = (locale === 'ar' && shop.name_ar) || shop.name;
  const fetcher = useFetcher<ShopAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState('');
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t(`admin.shop.done_${action}`, { name }));
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !check(checkReason(reason, t))) return;
    void fetcher.submit({ intent: action, reason: reason.trim() }, { method: 'post' });
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="adm-reason" data-testid="shop-reason-form">
      <p className="confirm-dialog__text">{t(`admin.shop.${action}_text`)}</p>
      <Field
        id="shop-reason"
        label={t('admin.shop.reason_label')}
        hint={t('admin.shop.reason_hint')}
        error={errors.reason}
        required
      >
        {(control) => (
          <textarea
            {...control}
            name="reason"
            className="field__input adm-reason__input"
            rows={4}
            maxLength={SHOP_REASON_MAX}
            value={reason}
            required
            onChange={(e) => {
              setReason(e.target.value);
              clear('reason');
            }}
            data-testid="shop-reason"
          />
        )}
      </Field>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onDone} disabled={busy} data-testid="shop-reason-cancel">
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-danger"
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="shop-reason-confirm"
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          {t(`admin.shop.confirm_${action}`)}
        </button>
      </div>
    </form>
  );
}

/** Approve or reinstate: a question that says what will happen, then the call. */
function OpenDialog({ shop, action, onClose }: { shop: AdminShop; action: 'approve' | 'reinstate' | null; onClose(): void }) {
  const { t, locale } = useSite();
  const name = (locale === 'ar' && shop.name_ar) || shop.name;
  const fetcher = useFetcher<ShopAnswer>();
  const last = useRef<'approve' | 'reinstate'>('approve');
  if (action) last.current = action;
  const shown = action ?? last.current;
  useOnAnswer(fetcher.data, (a) => {
    if (a.ok) toast.success(t(`admin.shop.done_${a.data.action}`, { name }));
    onClose();
  });
  return (
    <ConfirmDialog
      open={action !== null}
      title={t(`admin.shop.${shown}_title`, { name })}
      tone="primary"
      busy={fetcher.state !== 'idle'}
      onClose={onClose}
      testId={`shop-${shown}-dialog`}
      onConfirm={() => {
        if (action) void fetcher.submit({ intent: action }, { method: 'post' });
      }}
    >
      {t(`admin.shop.${shown}_text`)}
    </ConfirmDialog>
  );
}

function ShopPage({ shop }: { shop: AdminShop }) {
  const { t, locale, money } = useSite();
  const [asking, setAsking] = useState<ShopAction | null>(null);
  const name = (locale === 'ar' && shop.name_ar) || shop.name;
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso, locale)}</time> : null);
  const language = shop.owner.locale ? t(`admin.shop.language_${shop.owner.locale}`) : t('admin.shop.language_unknown');
  const actions = actionsFor(shop.status);

  return (
    <>
      <header className="adm-shop__head">
        <ShopLogo logo={shop.logo} name={name} size={72} />
        <div className="adm-shop__title">
          <AccountHeading title={name} />
          <p className="adm-shop__meta">
            <span className="muted">{t('admin.shop.number', { id: shop.id })}</span> <ShopStatus status={shop.status} />
          </p>
        </div>
      </header>

      {shop.status_reason ? (
        <div className="adm-shop__reason" role="note" data-testid="admin-shop-reason">
          <strong>{t('admin.shop.reason')}:</strong> <bdi>{shop.status_reason}</bdi>
          {shop.status_changed_at ? (
            <span className="muted adm-shop__since">
              {' '}
              ({t('admin.shop.changed_at')} {when(shop.status_changed_at)})
            </span>
          ) : null}
        </div>
      ) : null}

      <section className="adm-shop__actions" aria-labelledby="adm-shop-actions">
        <h2 className="sr-only" id="adm-shop-actions">
          {t('admin.shop.actions')}
        </h2>
        {actions.map((a) => (
          <button
            key={a}
            type="button"
            className={`btn ${a === 'approve' || a === 'reinstate' ? 'btn-primary' : 'btn-danger'}`}
            onClick={() => setAsking(a)}
            data-testid={`admin-shop-${a}`}
          >
            {t(`admin.shop.${a}`)}
          </button>
        ))}
        {shop.status === 'active' ? (
          <Link to={`/shops/${shop.id}`} className="btn" data-testid="admin-shop-store">
            {t('admin.shop.view_store')}
          </Link>
        ) : null}
      </section>

      <div className="adm-shop__grid">
        <section className="acc-card" aria-labelledby="adm-shop-application">
          <h2 className="acc-subtitle adm-shop__h" id="adm-shop-application">
            {t('admin.shop.application')}
          </h2>
          <dl className="adm-dl">
            <Row label={t('admin.shop.status')}>
              <ShopStatus status={shop.status} />
            </Row>
            <Row label={t('admin.shop.applied_at')}>{when(shop.applied_at)}</Row>
            <Row label={t('admin.shop.approved_at')}>{when(shop.approved_at)}</Row>
            <Row label={t('admin.shop.created_at')}>{when(shop.created_at)}</Row>
          </dl>
        </section>
        <section className="acc-card" aria-labelledby="adm-shop-owner">
          <h2 className="acc-subtitle adm-shop__h" id="adm-shop-owner">
            {t('admin.shop.owner')}
          </h2>
          <dl className="adm-dl" data-testid="admin-shop-owner">
            <Row label={t('admin.shop.owner_name')}>{shop.owner.name ? <bdi>{shop.owner.name}</bdi> : null}</Row>
            <Row label={t('admin.shop.email')} ltr>
              {shop.owner.email}
            </Row>
            <Row label={t('admin.shop.phone')} ltr>
              {shop.owner.phone}
            </Row>
            <Row label={t('admin.shop.language')}>{language}</Row>
          </dl>
        </section>
        <section className="acc-card" aria-labelledby="adm-shop-profile">
          <h2 className="acc-subtitle adm-shop__h" id="adm-shop-profile">
            {t('admin.shop.profile')}
          </h2>
          <dl className="adm-dl">
            <Row label={t('admin.shop.name_en')}>
              <bdi>{shop.name}</bdi>
            </Row>
            <Row label={t('admin.shop.name_ar')}>{shop.name_ar ? <bdi>{shop.name_ar}</bdi> : null}</Row>
            <Row label={t('admin.shop.phone')} ltr>
              {shop.phone}
            </Row>
            <Row label={t('admin.shop.email')} ltr>
              {shop.email}
            </Row>
            <Row label={t('admin.shop.address')}>{(locale === 'ar' && shop.address_ar) || shop.address}</Row>
            <Row label={t('admin.shop.open')}>{t(shop.is_open ? 'admin.shop.open_yes' : 'admin.shop.open_no')}</Row>
          </dl>
        </section>
        <section className="acc-card" aria-labelledby="adm-shop-figures">
          <h2 className="acc-subtitle adm-shop__h" id="adm-shop-figures">
            {t('admin.shop.figures')}
          </h2>
          <dl className="adm-dl">
            <Row label={t('admin.shop.products')}>{shop.total_products}</Row>
            <Row label={t('admin.shop.orders')}>{shop.total_orders}</Row>
            <Row label={t('admin.shop.sales')}>
              <bdi>{money(shop.total_sales)}</bdi>
            </Row>
            <Row label={t('admin.shop.rating')}>
              {shop.total_reviews ? `${shop.rating.toFixed(1)} (${shop.total_reviews})` : null}
            </Row>
          </dl>
        </section>
      </div>

      <OpenDialog
        shop={shop}
        action={asking === 'approve' || asking === 'reinstate' ? asking : null}
        onClose={() => setAsking(null)}
      />
      <ReasonDialog
        shop={shop}
        action={asking === 'reject' || asking === 'suspend' ? asking : null}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

/** /admin/shops/:id: one shop, its application and owner; approve, reject, suspend or reinstate it. */
export default function AdminShopPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  return (
    <div className="adm-shop" data-testid="admin-shop">
      <Back />
      {loaderData.error !== undefined ? (
        loaderData.status === 404 ? (
          <div className="acc-empty" data-testid="admin-shop-not-found">
            <h1 className="acc-empty__title">{t('admin.shop.not_found')}</h1>
          </div>
        ) : (
          <LoadFailed message={loaderData.error} />
        )
      ) : (
        <ShopPage shop={loaderData.data} />
      )}
    </div>
  );
}
