import type { SellerCatalogOptions, SellerProductRow } from '@souq/contracts';
import { LOW_STOCK_AT } from '@souq/contracts/constants';
import { useRef, useState } from 'react';
import { Form, Link, useFetcher, useNavigate } from 'react-router';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { useOnAnswer } from '~/shared/ui/form';
import { SearchIcon } from '~/shared/ui/icons';
import { Img } from '~/shared/ui/image';
import { EditIcon, PictureIcon, PlusIcon, TrashIcon } from './product-icons';
import {
  productListHref,
  SELLER_PRODUCTS,
  sellerProductHref,
  type ProductListParams,
  type ProductRowAnswer,
  type StatusFilter,
} from './products-data';

/** How long the search box waits after the last key before it asks for the list. */
const SEARCH_SETTLE_MS = 400;

/**
 * The list's filters: the search (put in the address once typing pauses, at once with Enter), the status
 * and the category. A GET form, so Enter and a page without script work too.
 */
export function ProductFilters({ params, options }: { params: ProductListParams; options: SellerCatalogOptions | null }) {
  const { t } = useSite();
  const navigate = useNavigate();
  const [text, setText] = useState(params.search);
  // The address changed by other means (back, a link, clear filters): the box shows it.
  const [shown, setShown] = useState(params.search);
  if (shown !== params.search) {
    setShown(params.search);
    setText(params.search);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const go = (next: Partial<ProductListParams>) =>
    navigate(productListHref({ ...params, page: 1, ...next }), { replace: true, preventScrollReset: true });

  return (
    <Form method="get" action={SELLER_PRODUCTS} className="sprod-filters" role="search" aria-label={t('sprod.filters')}>
      <div className="sprod-search">
        <SearchIcon size={18} />
        <label htmlFor="sprod-search" className="sr-only">
          {t('sprod.search')}
        </label>
        <input
          id="sprod-search"
          type="search"
          name="search"
          className="field__input"
          value={text}
          maxLength={100}
          placeholder={t('sprod.search_placeholder')}
          onChange={(e) => {
            const value = e.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              if (value.trim() !== params.search.trim()) go({ search: value });
            }, SEARCH_SETTLE_MS);
          }}
          data-testid="sprod-search"
        />
      </div>
      <label className="sprod-filter">
        <span className="field__label">{t('sprod.status')}</span>
        <select
          name="status"
          className="field__input"
          value={params.status}
          onChange={(e) => go({ search: text, status: e.target.value as StatusFilter })}
          data-testid="sprod-status"
        >
          <option value="all">{t('sprod.status_all')}</option>
          <option value="active">{t('sprod.status_active')}</option>
          <option value="inactive">{t('sprod.status_inactive')}</option>
        </select>
      </label>
      <label className="sprod-filter">
        <span className="field__label">{t('sprod.category')}</span>
        <select
          name="category_id"
          className="field__input"
          value={params.categoryId ?? ''}
          onChange={(e) => go({ search: text, categoryId: e.target.value ? Number(e.target.value) : null })}
          data-testid="sprod-category"
        >
          <option value="">{t('sprod.all_categories')}</option>
          {options?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
    </Form>
  );
}

/** Stock at a glance: out of stock and low stock (≤ LOW_STOCK_AT) stand out. */
export function StockBadge({ quantity }: { quantity: number }) {
  const { t } = useSite();
  if (quantity <= 0)
    return (
      <span className="sprod-stock sprod-stock--out" data-testid="sprod-stock" data-level="out">
        {t('sprod.stock_out')}
      </span>
    );
  if (quantity <= LOW_STOCK_AT)
    return (
      <span className="sprod-stock sprod-stock--low" data-testid="sprod-stock" data-level="low">
        {t('sprod.stock_low', { count: quantity })}
      </span>
    );
  return (
    <span className="sprod-stock" data-testid="sprod-stock" data-level="ok">
      {t('sprod.stock_n', { count: quantity })}
    </span>
  );
}

function RowPrice({ row }: { row: SellerProductRow }) {
  const { money } = useSite();
  const discounted = row.discount_price > 0;
  return (
    <span className="sprod-price">
      <span className="sprod-price__now" data-testid="sprod-price">
        {money(discounted ? row.discount_price : row.price)}
      </span>
      {discounted ? <del className="sprod-price__was">{money(row.price)}</del> : null}
    </span>
  );
}

/** One product: picture, names, category, price, stock, sold, the active switch, edit and delete. */
function ProductRow({ row }: { row: SellerProductRow }) {
  const { t, locale } = useSite();
  const fetcher = useFetcher<ProductRowAnswer>();
  const [asking, setAsking] = useState(false);
  const primary = locale === 'ar' ? row.name_ar || row.name : row.name;
  const secondary = locale === 'ar' ? row.name : row.name_ar;
  const pending = fetcher.formData;
  const toggling = pending?.get('intent') === 'toggle';
  const deleting = pending?.get('intent') === 'delete';
  const active = toggling ? pending!.get('is_active') === '1' : row.is_active;
  useOnAnswer(fetcher.data, (a) => {
    if (a.intent === 'delete') setAsking(false);
  });

  return (
    <tr className={`sprod-row${active ? '' : ' is-inactive'}`} data-testid="sprod-row" data-product-id={row.id}>
      <td className="sprod-row__media">
        <span className="sprod-thumb">
          {row.thumbnail ? (
            <Img src={row.thumbnail} alt="" width={64} height={64} />
          ) : (
            <span className="sprod-thumb__none" role="img" aria-label={t('sprod.no_picture')}>
              <PictureIcon size={22} />
            </span>
          )}
        </span>
      </td>
      <th scope="row" className="sprod-row__names">
        <Link to={sellerProductHref(row.id)} className="sprod-row__name" data-testid="sprod-name">
          {primary}
        </Link>
        {secondary ? (
          <bdi className="sprod-row__alt" lang={locale === 'ar' ? 'en' : 'ar'} dir={locale === 'ar' ? 'ltr' : 'rtl'}>
            {secondary}
          </bdi>
        ) : null}
        <span className="sprod-row__cat muted">{row.category.name}</span>
      </th>
      <td className="sprod-row__price">
        <RowPrice row={row} />
      </td>
      <td className="sprod-row__stock">
        <StockBadge quantity={row.quantity} />
      </td>
      <td className="sprod-row__sold">
        <span className="muted">{t('sprod.sold_n', { count: row.total_sold })}</span>
      </td>
      <td className="sprod-row__active">
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={active}
            disabled={fetcher.state !== 'idle'}
            aria-label={t('sprod.active_label', { name: primary })}
            onChange={(e) =>
              fetcher.submit(
                { intent: 'toggle', id: String(row.id), name: primary, is_active: e.target.checked ? '1' : '0' },
                { method: 'post', action: SELLER_PRODUCTS },
              )
            }
            data-testid="sprod-active"
          />
          <span className="switch__track" aria-hidden="true" />
        </label>
      </td>
      <td className="sprod-row__actions">
        <Link
          to={sellerProductHref(row.id)}
          className="btn btn-sm"
          aria-label={t('sprod.edit_named', { name: primary })}
          data-testid="sprod-edit"
        >
          <EditIcon size={16} />
          <span className="sprod-row__action-label">{t('sprod.edit')}</span>
        </Link>
        <button
          type="button"
          className="btn btn-sm acc-btn-danger-outline"
          onClick={() => setAsking(true)}
          aria-label={t('sprod.delete_named', { name: primary })}
          data-testid="sprod-delete"
        >
          <TrashIcon size={16} />
          <span className="sprod-row__action-label">{t('sprod.delete')}</span>
        </button>
        <ConfirmDialog
          open={asking}
          title={t('sprod.delete_title')}
          busy={deleting}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            fetcher.submit({ intent: 'delete', id: String(row.id), name: primary }, { method: 'post', action: SELLER_PRODUCTS })
          }
          testId="sprod-delete-dialog"
        >
          {t('sprod.delete_text', { name: primary })}
        </ConfirmDialog>
      </td>
    </tr>
  );
}

/** The products: a table on wide screens; each row a card on narrow ones (CSS). */
export function ProductTable({ rows, busy }: { rows: SellerProductRow[]; busy: boolean }) {
  const { t } = useSite();
  return (
    <div className={`sprod-table-wrap${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <table className="sprod-table" data-testid="sprod-table">
        <caption className="sr-only">{t('sprod.list')}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('sprod.col_product')}</th>
            <th scope="col">{t('sprod.col_price')}</th>
            <th scope="col">{t('sprod.col_stock')}</th>
            <th scope="col">{t('sprod.col_sold')}</th>
            <th scope="col">{t('sprod.col_active')}</th>
            <th scope="col">
              <span className="sr-only">{t('sprod.col_actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ProductRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ProductTableSkeleton() {
  return (
    <div className="sprod-skeleton" aria-hidden="true" data-testid="sprod-skeleton">
      {Array.from({ length: 6 }, (_, i) => (
        <div className="sprod-skeleton__row" key={i}>
          <div className="skeleton sprod-thumb" />
          <div className="sprod-skeleton__lines">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** No product yet (a call to add the first), or none matching the filters (a way to clear them). */
export function ProductsEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useSite();
  return (
    <div className="acc-empty" data-testid="sprod-empty">
      <h2 className="acc-empty__title">{t(filtered ? 'sprod.no_match' : 'sprod.empty')}</h2>
      <p className="muted">{t(filtered ? 'sprod.no_match_text' : 'sprod.empty_text')}</p>
      {filtered ? (
        <Link to={SELLER_PRODUCTS} className="btn">
          {t('sprod.clear_filters')}
        </Link>
      ) : (
        <Link to={`${SELLER_PRODUCTS}/new`} className="btn btn-primary" data-testid="sprod-empty-new">
          <PlusIcon size={18} />
          {t('sprod.new')}
        </Link>
      )}
    </div>
  );
}
