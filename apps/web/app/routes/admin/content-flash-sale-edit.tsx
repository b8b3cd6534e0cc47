import type { AdminFlashSaleDetail, AdminFlashSaleProduct } from '@souq/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import {
  adminFlashSaleEditAction,
  fromLocalInput,
  loadAdminFlashSaleEdit,
  toLocalInput,
  type FlashSaleEditAnswer,
} from '~/features/admin/content-data';
import { OnOff, ThumbnailField } from '~/features/admin/content-screens';
import { sellerMeta } from '~/features/seller/meta';
import { formatMoney } from '~/shared/money';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { SubmitButton, TextField, useOnAnswer, useSubmission } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/content-flash-sale-edit';

// One screen for a new one and an existing one (two routes), each with a title of its own.
const editMeta = sellerMeta('page.admin_flash_sale_edit');
const newMeta = sellerMeta('page.admin_flash_sale_new');
export const meta = (args: Route.MetaArgs) => (args.params.id ? editMeta : newMeta)(args);
export const clientLoader = loadAdminFlashSaleEdit;
export const clientAction = adminFlashSaleEditAction;

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="ace-page">
      <AccountHeading title={t('page.admin_flash_sale_edit')} />
      <div className="skeleton ace-skeleton" aria-busy="true" />
    </div>
  );
}

/** /admin/flash-sales/new and /admin/flash-sales/:id: a sale's name, picture, dates and switch; its products. */
export default function AdminFlashSaleEditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { sale, error } = loaderData;
  return (
    <div className="ace-page" data-testid="admin-sale-edit-page">
      <p className="ace-back">
        <Link to="/admin/flash-sales">{t('admin_content.sales.back')}</Link>
      </p>
      <AccountHeading title={t(sale ? 'admin_content.sales.edit' : 'admin_content.sales.new')} />
      {error !== undefined ? (
        <LoadFailed message={error} />
      ) : (
        <>
          <SaleForm key={sale?.id ?? 'new'} sale={sale} />
          {sale ? <SaleProducts sale={sale} /> : null}
        </>
      )}
    </div>
  );
}

function SaleForm({ sale }: { sale: AdminFlashSaleDetail | null }) {
  const { t } = useSite();
  const [params] = useSearchParams();
  const save = useFetcher<FlashSaleEditAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, check, clear } = useSubmission(save, {
    form: formRef,
    onDone: () => toast.success(t('admin_content.saved')),
  });
  const [justCreated] = useState(params.get('saved') === '1');
  useOnAnswer(justCreated || undefined, () => toast.success(t('admin_content.saved')));
  const [start] = useState(() =>
    toLocalInput(sale?.starts_at ?? new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString()),
  );
  const [end] = useState(() =>
    toLocalInput(sale?.ends_at ?? new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000).toISOString()),
  );

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const starts = fromLocalInput(String(form.get('starts_at') ?? ''));
    const ends = fromLocalInput(String(form.get('ends_at') ?? ''));
    const local = {
      name: String(form.get('name') ?? '').trim() ? undefined : t('admin_content.err.required'),
      starts_at: starts ? undefined : t('admin_content.err.date'),
      ends_at: !ends ? t('admin_content.err.date') : starts && ends <= starts ? t('admin_content.err.ends_after') : undefined,
    };
    if (busy || !check(local)) return;
    void save.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };
  return (
    <form ref={formRef} className="acc-form ace-form" onSubmit={submit} noValidate data-testid="admin-sale-form">
      <input type="hidden" name="intent" value="save" />
      <div className="ace-form__pair">
        <TextField
          id="sale-name"
          label={t('admin_content.name_en')}
          name="name"
          defaultValue={sale?.name ?? ''}
          maxLength={150}
          dir="ltr"
          lang="en"
          required
          error={errors.name}
          onChange={() => clear('name')}
          data-testid="admin-sale-name"
        />
        <TextField
          id="sale-name-ar"
          label={t('admin_content.name_ar')}
          name="name_ar"
          defaultValue={sale?.name_ar ?? ''}
          maxLength={150}
          dir="rtl"
          lang="ar"
          error={errors.name_ar}
          onChange={() => clear('name_ar')}
          data-testid="admin-sale-name-ar"
        />
      </div>
      <div className="ace-form__pair">
        <TextField
          id="sale-starts"
          type="datetime-local"
          label={t('admin_content.sales.starts')}
          hint={t('admin_content.sales.time_hint')}
          name="starts_at"
          defaultValue={start}
          required
          error={errors.starts_at}
          onChange={() => clear('starts_at')}
          data-testid="admin-sale-starts"
        />
        <TextField
          id="sale-ends"
          type="datetime-local"
          label={t('admin_content.sales.ends')}
          hint={t('admin_content.sales.time_hint')}
          name="ends_at"
          defaultValue={end}
          required
          error={errors.ends_at}
          onChange={() => clear('ends_at')}
          data-testid="admin-sale-ends"
        />
      </div>
      <ThumbnailField
        current={sale?.thumbnail ?? null}
        error={errors.thumbnail}
        label={t('admin_content.thumbnail')}
        hint={t('admin_content.thumbnail_hint')}
      />
      <label className="sv-choice">
        <input type="checkbox" name="is_active" defaultChecked={sale?.is_active ?? true} data-testid="admin-sale-active" />
        {t('admin_content.sales.active')}
      </label>
      <div className="ace-form__actions">
        <SubmitButton busy={busy} testId="admin-sale-save">
          {t('admin_content.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

function SaleProducts({ sale }: { sale: AdminFlashSaleDetail }) {
  const { t, locale, master } = useSite();
  const [removing, setRemoving] = useState<AdminFlashSaleProduct | null>(null);
  const fetcher = useFetcher<FlashSaleEditAnswer>();
  useOnAnswer(fetcher.data, (a) => {
    if (a.ok) toast.success(t('admin_content.sales.removed'));
    setRemoving(null);
  });
  const money = (v: number) => formatMoney(v, master.currency, locale);
  return (
    <section className="ace-cats" aria-labelledby="ace-sale-products" data-testid="admin-sale-products">
      <h2 id="ace-sale-products" className="ace-cats__title">
        {t('admin_content.sales.products_title')}{' '}
        <OnOff on={sale.status === 'running'}>{t(`admin_content.sales.status_${sale.status}`)}</OnOff>
      </h2>
      <p className="muted">{t('admin_content.sales.products_lead')}</p>
      {sale.products.length === 0 ? (
        <p className="muted" data-testid="admin-sale-products-empty">
          {t('admin_content.sales.products_empty')}
        </p>
      ) : (
        <ul className="ace-list">
          {sale.products.map((p) => (
            <li key={p.id} className="ace-row" data-testid="admin-sale-product">
              <Img src={p.thumbnail} alt="" width={60} height={60} className="ace-row__img ace-row__img--square" />
              <div className="ace-row__main">
                <span className="ace-row__title">
                  <bdi>{locale === 'ar' && p.name_ar ? p.name_ar : p.name}</bdi>
                </span>
                <p className="ace-row__meta muted">
                  <bdi>{p.shop.name}</bdi> · <del>{money(p.price)}</del> <strong>{money(p.sale_price)}</strong>
                </p>
              </div>
              <div className="ace-row__actions">
                <button
                  type="button"
                  className="btn btn-danger-outline"
                  onClick={() => setRemoving(p)}
                  data-testid="admin-sale-product-remove"
                >
                  {t('admin_content.sales.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('admin_content.sales.remove_title')}
        busy={fetcher.state !== 'idle'}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing && void fetcher.submit({ intent: 'remove-product', product_id: String(removing.id) }, { method: 'post' })
        }
        testId="admin-sale-remove-dialog"
      >
        {t('admin_content.sales.remove_text', { product: removing?.name ?? '', shop: removing?.shop.name ?? '' })}
      </ConfirmDialog>
    </section>
  );
}
