import type { TaxonomyItem, TaxonomyKind } from '@souq/contracts';
import { TAXONOMY, TAXONOMY_KINDS, TAXONOMY_PER_PAGE } from '@souq/contracts/admin-taxonomy-constants';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { catalogueAction, catalogueHref, loadCatalogue, type CatalogueParams } from '~/features/admin/taxonomy-data';
import { DeleteQuestion, EntryDialog, ShownSwitch } from '~/features/admin/taxonomy-screens';
import { sellerMeta } from '~/features/seller/meta';
import { useSite } from '~/shared/site';
import { SelectField, TextField } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/taxonomy-catalogue';

export const meta = sellerMeta('page.admin_catalogue');

export const clientLoader = loadCatalogue;
export const clientAction = catalogueAction;

/** The kinds as tabs: links, so that each kind has its address and the browser's back goes between them. */
function Kinds({ current }: { current: TaxonomyKind }) {
  const { t } = useSite();
  return (
    <nav className="tax-kinds" aria-label={t('admin.tax.kinds')} data-testid="tax-kinds">
      <ul>
        {TAXONOMY_KINDS.map((k) => (
          <li key={k}>
            <Link
              to={catalogueHref({ kind: k })}
              aria-current={k === current ? 'page' : undefined}
              className={`tax-kinds__link${k === current ? ' is-active' : ''}`}
              data-testid={`tax-kind-${k}`}
            >
              {t(`admin.tax.kind.${k}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Page({ kind, children, onNew }: { kind: TaxonomyKind; children: React.ReactNode; onNew?: () => void }) {
  const { t } = useSite();
  return (
    <div className="tax-page" data-testid="admin-catalogue">
      <AccountHeading title={t('page.admin_catalogue')}>
        {onNew ? (
          <button type="button" className="btn btn-primary" onClick={onNew} data-testid="tax-new">
            {t(`admin.tax.new.${kind}`)}
          </button>
        ) : null}
      </AccountHeading>
      <p className="muted tax-lead">{t('admin.tax.lead')}</p>
      <Kinds current={kind} />
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page kind="categories">
      <div className="skeleton tax-skeleton" aria-busy="true" />
    </Page>
  );
}

/** Search by words (and, for sub-categories, by category): a GET form, so the address holds it. */
function Filters({ p, categories }: { p: CatalogueParams; categories: TaxonomyItem[] }) {
  const { t, locale } = useSite();
  return (
    <Form method="get" className="tax-filters" role="search" data-testid="tax-filters">
      {p.kind !== 'categories' ? <input type="hidden" name="kind" value={p.kind} /> : null}
      <TextField
        id="tax-search"
        name="search"
        type="search"
        label={t('admin.tax.search')}
        defaultValue={p.search ?? ''}
        fieldClassName="tax-filters__field"
        maxLength={100}
      />
      {p.kind === 'sub-categories' ? (
        <SelectField
          id="tax-filter-category"
          name="category"
          label={t('admin.tax.category')}
          defaultValue={p.category ?? ''}
          fieldClassName="tax-filters__field"
        >
          <option value="">{t('admin.tax.all_categories')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {locale === 'ar' && c.name_ar ? c.name_ar : c.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <button type="submit" className="btn">
        {t('admin.tax.search_button')}
      </button>
      {p.search || p.category ? (
        <Link to={catalogueHref({ kind: p.kind })} className="btn btn-ghost">
          {t('admin.tax.clear')}
        </Link>
      ) : null}
    </Form>
  );
}

/** One entry's row: picture or swatch, both names, slug, use, order, the switch and its actions. */
function Row({ kind, item, onEdit, onDelete }: { kind: TaxonomyKind; item: TaxonomyItem; onEdit(): void; onDelete(): void }) {
  const { t, locale } = useSite();
  const spec = TAXONOMY[kind];
  const shown = locale === 'ar' && item.name_ar ? item.name_ar : item.name;
  return (
    <tr data-testid="tax-row" data-slug={item.slug}>
      {spec.thumbnail || spec.colorCode ? (
        <td className="tax-table__picture">
          {spec.colorCode ? (
            <span
              className="tax-swatch"
              style={{ background: item.color_code }}
              role="img"
              aria-label={item.color_code}
              data-testid="tax-swatch"
            />
          ) : item.thumbnail ? (
            <Img src={item.thumbnail} alt="" width={48} height={48} className="tax-thumb" />
          ) : (
            <span className="tax-thumb tax-thumb--none muted">—</span>
          )}
        </td>
      ) : null}
      <th scope="row" className="tax-table__name">
        <bdi>{shown}</bdi>
        <span className="muted tax-table__other" dir="auto">
          {locale === 'ar' ? item.name : item.name_ar}
        </span>
      </th>
      <td dir="ltr" className="tax-table__slug">
        <code>{item.slug}</code>
        {spec.colorCode ? <code className="muted"> {item.color_code}</code> : null}
      </td>
      {spec.parent ? <td>{item.category_name}</td> : null}
      <td>
        {t('admin.tax.products', { count: item.products_count })}
        {kind === 'categories' ? (
          <>
            <br />
            <Link to={catalogueHref({ kind: 'sub-categories', category: item.id })} data-testid="tax-subs-link">
              {t('admin.tax.subs_link', { count: item.sub_categories_count ?? 0 })}
            </Link>
          </>
        ) : null}
      </td>
      <td dir="ltr">{item.sort}</td>
      <td>
        <ShownSwitch target={{ kind }} id={item.id} name={shown} on={item.is_active} />
      </td>
      <td className="tax-table__actions">
        <button
          type="button"
          className="btn btn-sm"
          onClick={onEdit}
          aria-label={t('admin.tax.edit_named', { name: shown })}
          data-testid="tax-edit"
        >
          {t('admin.tax.edit')}
        </button>
        <button
          type="button"
          className="btn btn-sm sv-danger"
          onClick={onDelete}
          aria-label={t('admin.tax.delete_named', { name: shown })}
          data-testid="tax-delete"
        >
          {t('admin.tax.delete')}
        </button>
      </td>
    </tr>
  );
}

/** /admin/catalogue?kind=&search=&category=&page=: categories and their sub-categories, brands, colours, sizes, units. */
export default function AdminCataloguePage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { list, categories, ...p } = loaderData;
  const spec = TAXONOMY[p.kind];
  const [editing, setEditing] = useState<{ item: TaxonomyItem | null } | null>(null);
  const [deleting, setDeleting] = useState<TaxonomyItem | null>(null);
  const openNew = () => setEditing({ item: null });
  const nameOf = (i: TaxonomyItem) => (locale === 'ar' && i.name_ar ? i.name_ar : i.name);
  return (
    <Page kind={p.kind} onNew={list.data ? openNew : undefined}>
      <Filters p={p} categories={categories} />
      {list.error !== undefined ? (
        <LoadFailed message={`${t('admin.tax.load_failed')} ${list.error}`} />
      ) : list.data.total === 0 ? (
        <div className="acc-empty" data-testid="tax-empty">
          <h2 className="acc-empty__title">{p.search ? t('admin.tax.no_match', { search: p.search }) : t('admin.tax.empty')}</h2>
          {p.search ? null : <p className="muted">{t('admin.tax.empty_text')}</p>}
          <button type="button" className="btn btn-primary" onClick={openNew}>
            {t(`admin.tax.new.${p.kind}`)}
          </button>
        </div>
      ) : (
        <div>
          <h2 id="tax-count" className="tax-count">
            {t('admin.tax.count', { count: list.data.total })}
          </h2>
          <div className="admin-audit__scroll" tabIndex={0} role="region" aria-labelledby="tax-count">
            <table className="admin-audit__table tax-table" data-testid="tax-table">
              <thead>
                <tr>
                  {spec.thumbnail || spec.colorCode ? (
                    <th scope="col">{t(spec.colorCode ? 'admin.tax.color_code' : 'admin.tax.col.picture')}</th>
                  ) : null}
                  <th scope="col">{t('admin.tax.col.name')}</th>
                  <th scope="col">{t('admin.tax.col.slug')}</th>
                  {spec.parent ? <th scope="col">{t('admin.tax.col.category')}</th> : null}
                  <th scope="col">{t('admin.tax.col.used')}</th>
                  <th scope="col">{t('admin.tax.col.sort')}</th>
                  <th scope="col">{t('admin.tax.col.status')}</th>
                  <th scope="col">{t('admin.tax.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <Row
                    key={item.id}
                    kind={p.kind}
                    item={item}
                    onEdit={() => setEditing({ item })}
                    onDelete={() => setDeleting(item)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={p.page}
            total={list.data.total}
            perPage={TAXONOMY_PER_PAGE}
            hrefFor={(n) => catalogueHref({ ...p, page: n })}
          />
        </div>
      )}
      <EntryDialog
        kind={p.kind}
        open={!!editing}
        item={editing?.item ?? null}
        categories={categories}
        category={p.category}
        onClose={() => setEditing(null)}
      />
      <DeleteQuestion
        target={{ kind: p.kind }}
        entry={deleting ? { id: deleting.id, name: nameOf(deleting), is_active: deleting.is_active } : null}
        text={
          <>
            {t('admin.tax.delete_text')} {p.kind === 'categories' ? t('admin.tax.delete_text_subs') : null}
          </>
        }
        onClose={() => setDeleting(null)}
      />
    </Page>
  );
}
