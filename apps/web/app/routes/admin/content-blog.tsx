import type { AdminBlog, AdminBlogCategory } from '@souq/contracts';
import { ADMIN_CONTENT_PER_PAGE } from '@souq/contracts/constants';
import { useRef, useState, type FormEvent } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { adminBlogListAction, loadAdminBlogList, type BlogListAnswer } from '~/features/admin/content-data';
import { Empty, OnOff } from '~/features/admin/content-screens';
import { sellerMeta } from '~/features/seller/meta';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Dialog } from '~/shared/ui/dialog';
import { SubmitButton, TextField, useOnAnswer, useSubmission } from '~/shared/ui/form';
import { Img } from '~/shared/ui/image';
import { Pagination } from '~/shared/ui/pagination';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/content-blog';

export const meta = sellerMeta('page.admin_blog');
export const clientLoader = loadAdminBlogList;
export const clientAction = adminBlogListAction;

function Page({ children }: { children: React.ReactNode }) {
  const { t } = useSite();
  return (
    <div className="ace-page" data-testid="admin-blog">
      <AccountHeading title={t('page.admin_blog')}>
        <Link to="/admin/blog/new" className="btn btn-primary" data-testid="admin-blog-new">
          {t('admin_content.blog.new')}
        </Link>
      </AccountHeading>
      <p className="muted seller-lead">{t('admin_content.blog.lead')}</p>
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <Page>
      <div className="skeleton ace-skeleton" aria-busy="true" />
    </Page>
  );
}

const blogHref = (page: number, search: string) => {
  const q = new URLSearchParams();
  if (search) q.set('search', search);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return `/admin/blog${s ? `?${s}` : ''}`;
};

/** /admin/blog?search=&page=: every post (on and off) and the blog's categories. */
export default function AdminBlogPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useSite();
  const { page, search, list, categories } = loaderData;
  const [deleting, setDeleting] = useState<AdminBlog | null>(null);
  return (
    <Page>
      <Form method="get" action="/admin/blog" role="search" className="ace-search" aria-label={t('admin_content.blog.search')}>
        <TextField
          label={t('admin_content.blog.search')}
          name="search"
          defaultValue={search}
          type="search"
          fieldClassName="ace-search__field"
        />
        <button type="submit" className="btn">
          {t('admin_content.search')}
        </button>
      </Form>
      {list.error !== undefined ? (
        <LoadFailed message={list.error} />
      ) : list.data.total === 0 ? (
        <Empty title={t(search ? 'admin_content.blog.none_found' : 'admin_content.blog.empty')} testId="admin-blog-empty" />
      ) : (
        <section aria-labelledby="ace-posts-title">
          <h2 id="ace-posts-title" className="ace-count">
            {t('admin_content.blog.count', { count: list.data.total })}
          </h2>
          <ul className="ace-list" data-testid="admin-blog-list">
            {list.data.blogs.map((b) => (
              <li key={b.id} className="ace-row" data-testid="admin-blog-row" data-slug={b.slug}>
                <Img src={b.thumbnail} alt="" width={96} height={60} className="ace-row__img" />
                <div className="ace-row__main">
                  <Link to={`/admin/blog/${b.id}`} className="ace-row__title" data-testid="admin-blog-edit">
                    <bdi>{locale === 'ar' && b.title_ar ? b.title_ar : b.title}</bdi>
                  </Link>
                  <p className="ace-row__meta muted">
                    <bdi>{locale === 'ar' && b.category.name_ar ? b.category.name_ar : b.category.name}</bdi> ·{' '}
                    <time dateTime={b.created_at}>{formatDate(b.created_at, locale)}</time> · <OnOff on={b.is_active} />
                  </p>
                </div>
                <div className="ace-row__actions">
                  <Link to={`/admin/blog/${b.id}`} className="btn">
                    {t('admin_content.edit')}
                  </Link>
                  <button
                    type="button"
                    className="btn btn-danger-outline"
                    onClick={() => setDeleting(b)}
                    data-testid="admin-blog-delete"
                  >
                    {t('admin_content.delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} total={list.data.total} perPage={ADMIN_CONTENT_PER_PAGE} hrefFor={(p) => blogHref(p, search)} />
        </section>
      )}
      <DeletePost post={deleting} onClose={() => setDeleting(null)} />
      {categories.error !== undefined ? (
        <LoadFailed message={categories.error} />
      ) : (
        <Categories categories={categories.data.blog_categories} />
      )}
    </Page>
  );
}

function DeletePost({ post, onClose }: { post: AdminBlog | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<BlogListAnswer>();
  useOnAnswer(fetcher.data, (a) => {
    // A failure was told already (actionResult's toast).
    if (a.ok) toast.success(t('admin_content.blog.deleted'));
    onClose();
  });
  return (
    <ConfirmDialog
      open={!!post}
      title={t('admin_content.blog.delete_title')}
      busy={fetcher.state !== 'idle'}
      onClose={onClose}
      onConfirm={() => post && void fetcher.submit({ intent: 'delete-post', id: String(post.id) }, { method: 'post' })}
      testId="admin-blog-delete-dialog"
    >
      {t('admin_content.blog.delete_text', { title: post?.title ?? '' })}
    </ConfirmDialog>
  );
}

// --- Categories ----------------------------------------------------------------------------------------

function Categories({ categories }: { categories: AdminBlogCategory[] }) {
  const { t, locale } = useSite();
  const [editing, setEditing] = useState<{ category: AdminBlogCategory | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminBlogCategory | null>(null);
  return (
    <section className="ace-cats" aria-labelledby="ace-cats-title" data-testid="admin-blog-categories">
      <div className="ace-cats__head">
        <h2 id="ace-cats-title" className="ace-cats__title">
          {t('admin_content.cat.title')}
        </h2>
        <button type="button" className="btn" onClick={() => setEditing({ category: null })} data-testid="admin-cat-new">
          {t('admin_content.cat.new')}
        </button>
      </div>
      {categories.length === 0 ? (
        <p className="muted">{t('admin_content.cat.empty')}</p>
      ) : (
        <ul className="ace-list">
          {categories.map((c) => (
            <li key={c.id} className="ace-row" data-testid="admin-cat-row">
              <div className="ace-row__main">
                <span className="ace-row__title">
                  <bdi>{locale === 'ar' && c.name_ar ? c.name_ar : c.name}</bdi>
                </span>
                <p className="ace-row__meta muted">
                  {t('admin_content.cat.posts', { count: c.total_blogs })} · <OnOff on={c.is_active} />
                </p>
              </div>
              <div className="ace-row__actions">
                <button type="button" className="btn" onClick={() => setEditing({ category: c })}>
                  {t('admin_content.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-danger-outline"
                  onClick={() => setDeleting(c)}
                  data-testid="admin-cat-delete"
                >
                  {t('admin_content.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={!!editing}
        onClose={() => setEditing(null)}
        title={t(editing?.category ? 'admin_content.cat.edit' : 'admin_content.cat.new')}
        testId="admin-cat-dialog"
      >
        {editing ? (
          <CategoryForm key={editing.category?.id ?? 'new'} category={editing.category} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <DeleteCategory category={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function CategoryForm({ category, onDone }: { category: AdminBlogCategory | null; onDone(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<BlogListAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone() {
      toast.success(t('admin_content.saved'));
      onDone();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (busy || !check({ name: String(form.get('name') ?? '').trim() ? undefined : t('admin_content.err.required') })) return;
    void fetcher.submit(form, { method: 'post' });
  };
  return (
    <form ref={formRef} className="acc-form" onSubmit={submit} noValidate data-testid="admin-cat-form">
      <input type="hidden" name="intent" value="save-category" />
      <input type="hidden" name="id" value={category?.id ?? ''} />
      <TextField
        label={t('admin_content.name_en')}
        name="name"
        defaultValue={category?.name ?? ''}
        maxLength={150}
        dir="ltr"
        lang="en"
        required
        error={errors.name}
        onChange={() => clear('name')}
        data-testid="admin-cat-name"
      />
      <TextField
        label={t('admin_content.name_ar')}
        name="name_ar"
        defaultValue={category?.name_ar ?? ''}
        maxLength={150}
        dir="rtl"
        lang="ar"
        error={errors.name_ar}
        onChange={() => clear('name_ar')}
      />
      <label className="sv-choice">
        <input type="checkbox" name="is_active" defaultChecked={category?.is_active ?? true} />
        {t('admin_content.cat.active')}
      </label>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <SubmitButton busy={busy} testId="admin-cat-save">
          {t('admin_content.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

function DeleteCategory({ category, onClose }: { category: AdminBlogCategory | null; onClose(): void }) {
  const { t } = useSite();
  const fetcher = useFetcher<BlogListAnswer>();
  useOnAnswer(fetcher.data, (a) => {
    // A 409 (it has posts) was told with the API's message, which says to switch it off instead.
    if (a.ok) toast.success(t('admin_content.cat.deleted'));
    onClose();
  });
  return (
    <ConfirmDialog
      open={!!category}
      title={t('admin_content.cat.delete_title')}
      busy={fetcher.state !== 'idle'}
      onClose={onClose}
      onConfirm={() =>
        category && void fetcher.submit({ intent: 'delete-category', id: String(category.id) }, { method: 'post' })
      }
      testId="admin-cat-delete-dialog"
    >
      {category && category.total_blogs > 0
        ? t('admin_content.cat.delete_in_use', { count: category.total_blogs })
        : t('admin_content.cat.delete_text', { name: category?.name ?? '' })}
    </ConfirmDialog>
  );
}
