import type { AdminBlog } from '@souq/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { adminBlogEditAction, loadAdminBlogEdit, type BlogEditAnswer } from '~/features/admin/content-data';
import { ContentPreview, LazyEditor, ThumbnailField } from '~/features/admin/content-screens';
import { sellerMeta } from '~/features/seller/meta';
import { useSite } from '~/shared/site';
import { SelectField, SubmitButton, TextField, useOnAnswer, useSubmission } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/content-blog-edit';

// One screen for a new one and an existing one (two routes), each with a title of its own.
const editMeta = sellerMeta('page.admin_blog_edit');
const newMeta = sellerMeta('page.admin_blog_new');
export const meta = (args: Route.MetaArgs) => (args.params.id ? editMeta : newMeta)(args);
export const clientLoader = loadAdminBlogEdit;
export const clientAction = adminBlogEditAction;

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="ace-page">
      <AccountHeading title={t('page.admin_blog_edit')} />
      <div className="skeleton ace-skeleton" aria-busy="true" />
    </div>
  );
}

const FIELDS = ['title', 'title_ar', 'slug', 'category_id', 'description', 'description_ar', 'thumbnail', 'is_active'] as const;

/** /admin/blog/new and /admin/blog/:id: a post's form with the two editors, a preview and publishing. */
export default function AdminBlogEditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { post, categories, loaded } = loaderData;
  return (
    <div className="ace-page" data-testid="admin-blog-edit-page">
      <p className="ace-back">
        <Link to="/admin/blog">{t('admin_content.blog.back')}</Link>
      </p>
      <AccountHeading title={t(post ? 'admin_content.blog.edit' : 'admin_content.blog.new')} />
      {loaded.error !== undefined ? (
        <LoadFailed message={loaded.error} />
      ) : categories.error !== undefined ? (
        <LoadFailed message={categories.error} />
      ) : (
        <PostForm key={post?.id ?? 'new'} post={post} categories={categories.data.blog_categories} />
      )}
    </div>
  );
}

function PostForm({
  post,
  categories,
}: {
  post: AdminBlog | null;
  categories: { id: number; name: string; name_ar: string | null }[];
}) {
  const { t, locale } = useSite();
  const [params] = useSearchParams();
  const save = useFetcher<BlogEditAnswer>();
  const preview = useFetcher<BlogEditAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [description, setDescription] = useState(post?.description ?? '');
  const [descriptionAr, setDescriptionAr] = useState(post?.description_ar ?? '');
  const [titles, setTitles] = useState({ en: post?.title ?? '', ar: post?.title_ar ?? '' });
  const { busy, errors, check, clear } = useSubmission(save, {
    form: formRef,
    onDone() {
      toast.success(t('admin_content.saved'));
    },
  });
  // A new post was saved and this is its page now.
  const [justCreated] = useState(params.get('saved') === '1');
  useOnAnswer(justCreated || undefined, () => toast.success(t('admin_content.saved')));
  const shown = preview.data?.ok && preview.data.data.intent === 'preview' ? preview.data.data.preview : null;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const local = {
      title: String(form.get('title') ?? '').trim() ? undefined : t('admin_content.err.required'),
      category_id: form.get('category_id') ? undefined : t('admin_content.err.required'),
      description: description.trim() ? undefined : t('admin_content.err.required'),
    };
    if (busy || !check(local)) return;
    void save.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };
  const showPreview = () => {
    void preview.submit({ intent: 'preview', description, description_ar: descriptionAr }, { method: 'post' });
  };
  const name = (c: { name: string; name_ar: string | null }) => (locale === 'ar' && c.name_ar ? c.name_ar : c.name);

  return (
    <>
      <form ref={formRef} className="acc-form ace-form" onSubmit={submit} noValidate data-testid="admin-blog-form">
        <div className="ace-form__pair">
          <TextField
            id="post-title"
            label={t('admin_content.title_en')}
            name="title"
            defaultValue={post?.title ?? ''}
            maxLength={255}
            dir="ltr"
            lang="en"
            required
            error={errors.title}
            onChange={(e) => {
              setTitles((x) => ({ ...x, en: e.target.value }));
              clear('title');
            }}
            data-testid="admin-blog-title"
          />
          <TextField
            id="post-title-ar"
            label={t('admin_content.title_ar')}
            name="title_ar"
            defaultValue={post?.title_ar ?? ''}
            maxLength={255}
            dir="rtl"
            lang="ar"
            error={errors.title_ar}
            onChange={(e) => {
              setTitles((x) => ({ ...x, ar: e.target.value }));
              clear('title_ar');
            }}
            data-testid="admin-blog-title-ar"
          />
        </div>
        <div className="ace-form__pair">
          <SelectField
            id="post-category"
            label={t('admin_content.blog.category')}
            name="category_id"
            defaultValue={post?.category.id ?? categories[0]?.id ?? ''}
            required
            error={errors.category_id}
            onChange={() => clear('category_id')}
            data-testid="admin-blog-category"
          >
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {name(c)}
              </option>
            ))}
          </SelectField>
          <TextField
            id="post-slug"
            label={t('admin_content.slug')}
            hint={t('admin_content.slug_hint')}
            name="slug"
            defaultValue={post?.slug ?? ''}
            maxLength={190}
            dir="ltr"
            spellCheck={false}
            autoComplete="off"
            error={errors.slug}
            onChange={() => clear('slug')}
            data-testid="admin-blog-slug"
          />
        </div>
        <ThumbnailField
          current={post?.thumbnail ?? null}
          error={errors.thumbnail}
          label={t('admin_content.thumbnail')}
          hint={t('admin_content.thumbnail_hint')}
        />
        <LazyEditor
          name="description"
          label={t('admin_content.body_en')}
          value={description}
          onChange={(html) => {
            setDescription(html);
            clear('description');
          }}
          lang="en"
          dir="ltr"
          error={errors.description}
          testId="editor-en"
        />
        <LazyEditor
          name="description_ar"
          label={t('admin_content.body_ar')}
          value={descriptionAr}
          onChange={(html) => {
            setDescriptionAr(html);
            clear('description_ar');
          }}
          lang="ar"
          dir="rtl"
          error={errors.description_ar}
          testId="editor-ar"
        />
        <label className="sv-choice">
          <input type="checkbox" name="is_active" defaultChecked={post?.is_active ?? true} data-testid="admin-blog-active" />
          {t('admin_content.blog.published')}
        </label>
        {Object.entries(errors)
          .filter(([k, v]) => v && !(FIELDS as readonly string[]).includes(k))
          .map(([k, v]) => (
            <p key={k} className="field__error" role="alert">
              <bdi>{v}</bdi>
            </p>
          ))}
        <div className="ace-form__actions">
          <button
            type="button"
            className="btn"
            onClick={showPreview}
            disabled={preview.state !== 'idle'}
            aria-busy={preview.state !== 'idle' || undefined}
            data-testid="admin-blog-preview"
          >
            {t('admin_content.preview')}
          </button>
          <SubmitButton busy={busy} testId="admin-blog-save">
            {t('admin_content.save')}
          </SubmitButton>
          {post ? (
            <a className="btn btn-ghost" href={`/blog/${post.slug}`} target="_blank" rel="noopener" data-testid="admin-blog-view">
              {t('admin_content.blog.view')}
            </a>
          ) : null}
        </div>
      </form>
      {shown ? <ContentPreview preview={shown} title={titles.en} titleAr={titles.ar} /> : null}
    </>
  );
}
