import type { AdminLegalPage } from '@souq/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import { adminPageEditAction, loadAdminPageEdit, type PageEditAnswer } from '~/features/admin/content-data';
import { ContentPreview, LazyEditor } from '~/features/admin/content-screens';
import { sellerMeta } from '~/features/seller/meta';
import { useSite } from '~/shared/site';
import { SubmitButton, TextField, useSubmission } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/content-page-edit';

export const meta = sellerMeta('page.admin_page_edit');
export const clientLoader = loadAdminPageEdit;
export const clientAction = adminPageEditAction;

export function HydrateFallback() {
  const { t } = useSite();
  return (
    <div className="ace-page">
      <AccountHeading title={t('page.admin_page_edit')} />
      <div className="skeleton ace-skeleton" aria-busy="true" />
    </div>
  );
}

/** The storefront address of a legal page (three have their own; the rest are under /page/). */
const storefrontPath = (slug: string) =>
  ['about-us', 'privacy-policy', 'terms-and-conditions'].includes(slug) ? `/${slug}` : `/page/${slug}`;

/** /admin/pages/:slug: a legal page's titles and text in both languages, with the preview. */
export default function AdminPageEditPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { page, error } = loaderData;
  return (
    <div className="ace-page" data-testid="admin-page-edit-page">
      <p className="ace-back">
        <Link to="/admin/pages">{t('admin_content.pages.back')}</Link>
      </p>
      <AccountHeading title={t('page.admin_page_edit')} />
      {error !== undefined || !page ? <LoadFailed message={error ?? ''} /> : <PageForm key={page.slug} page={page} />}
    </div>
  );
}

function PageForm({ page }: { page: AdminLegalPage }) {
  const { t } = useSite();
  const save = useFetcher<PageEditAnswer>();
  const preview = useFetcher<PageEditAnswer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [description, setDescription] = useState(page.description);
  const [descriptionAr, setDescriptionAr] = useState(page.description_ar ?? '');
  const [titles, setTitles] = useState({ en: page.title, ar: page.title_ar ?? '' });
  const { busy, errors, check, clear } = useSubmission(save, {
    form: formRef,
    onDone: () => toast.success(t('admin_content.saved')),
  });
  const shown = preview.data?.ok && preview.data.data.intent === 'preview' ? preview.data.data.preview : null;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const local = {
      title: String(form.get('title') ?? '').trim() ? undefined : t('admin_content.err.required'),
      description: description.trim() ? undefined : t('admin_content.err.required'),
    };
    if (busy || !check(local)) return;
    void save.submit(form, { method: 'post' });
  };
  return (
    <>
      <p className="muted">
        <code dir="ltr">{storefrontPath(page.slug)}</code>
      </p>
      <form ref={formRef} className="acc-form ace-form" onSubmit={submit} noValidate data-testid="admin-page-form">
        <div className="ace-form__pair">
          <TextField
            id="page-title"
            label={t('admin_content.title_en')}
            name="title"
            defaultValue={page.title}
            maxLength={255}
            dir="ltr"
            lang="en"
            required
            error={errors.title}
            onChange={(e) => {
              setTitles((x) => ({ ...x, en: e.target.value }));
              clear('title');
            }}
            data-testid="admin-page-title"
          />
          <TextField
            id="page-title-ar"
            label={t('admin_content.title_ar')}
            name="title_ar"
            defaultValue={page.title_ar ?? ''}
            maxLength={255}
            dir="rtl"
            lang="ar"
            error={errors.title_ar}
            onChange={(e) => {
              setTitles((x) => ({ ...x, ar: e.target.value }));
              clear('title_ar');
            }}
            data-testid="admin-page-title-ar"
          />
        </div>
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
        <div className="ace-form__actions">
          <button
            type="button"
            className="btn"
            onClick={() =>
              void preview.submit({ intent: 'preview', description, description_ar: descriptionAr }, { method: 'post' })
            }
            disabled={preview.state !== 'idle'}
            aria-busy={preview.state !== 'idle' || undefined}
            data-testid="admin-page-preview"
          >
            {t('admin_content.preview')}
          </button>
          <SubmitButton busy={busy} testId="admin-page-save">
            {t('admin_content.save')}
          </SubmitButton>
          <a className="btn btn-ghost" href={storefrontPath(page.slug)} target="_blank" rel="noopener">
            {t('admin_content.pages.view')}
          </a>
        </div>
      </form>
      {shown ? <ContentPreview preview={shown} title={titles.en} titleAr={titles.ar} /> : null}
    </>
  );
}
