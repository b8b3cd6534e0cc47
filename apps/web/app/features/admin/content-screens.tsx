import type { AdminRichTextPreview } from '@souq/contracts';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';

/**
 * The pieces the console's Blog, Pages and Flash sales screens share: the rich-text editor (its own chunk,
 * loaded by these pages only), the preview of what the storefront will show, the thumbnail field and the
 * on/off badge.
 */

const RichTextEditor = lazy(() => import('./content-editor'));

type EditorProps = Parameters<typeof RichTextEditor>[0];

/** The editor, its chunk loaded on first use; meanwhile a box of its size. */
export function LazyEditor(props: EditorProps) {
  return (
    <Suspense
      fallback={
        <div className="ace-editor" aria-busy="true">
          <span className="field__label">{props.label}</span>
          <div className="ace-editor__box">
            <div className="ace-editor__toolbar" />
            <div className="ace-editor__content ace-editor__content--loading skeleton" />
          </div>
          <input type="hidden" name={props.name} value={props.value} />
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/** Both languages' text after the allow-list, laid out as the storefront's article body shows it. */
export function ContentPreview({ preview, title, titleAr }: { preview: AdminRichTextPreview; title: string; titleAr: string }) {
  const { t } = useSite();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [preview]);
  const panes: Array<{ lang: 'ar' | 'en'; title: string; html: string }> = [
    { lang: 'ar', title: titleAr || title, html: preview.description_ar || preview.description },
    { lang: 'en', title, html: preview.description },
  ];
  return (
    <section className="ace-preview" aria-labelledby="ace-preview-title" tabIndex={-1} ref={ref} data-testid="content-preview">
      <h2 id="ace-preview-title" className="ace-preview__title">
        {t('admin_content.preview_title')}
      </h2>
      <p className="muted">{t('admin_content.preview_lead')}</p>
      <div className="ace-preview__panes">
        {panes.map((p) => (
          <article
            key={p.lang}
            className="ace-preview__pane"
            lang={p.lang}
            dir={p.lang === 'ar' ? 'rtl' : 'ltr'}
            data-testid={`content-preview-${p.lang}`}
          >
            <h3 className="ace-preview__heading">{p.title}</h3>
            {/* The API's allow-list has kept only the listed tags and attributes (decision 022). */}
            <div className="rich-text blog-article__body" dangerouslySetInnerHTML={{ __html: p.html }} />
          </article>
        ))}
      </div>
    </section>
  );
}

/** A picture field: the current thumbnail (sized, no layout shift) and a file input named `thumbnail`. */
export function ThumbnailField({
  current,
  error,
  label,
  hint,
}: {
  current: string | null;
  error?: string;
  label: string;
  hint: string;
}) {
  return (
    <div className={`field ace-thumb${error ? ' field--invalid' : ''}`}>
      <label htmlFor="content-thumbnail" className="field__label">
        {label}
      </label>
      <div className="ace-thumb__row">
        {current ? (
          <Img src={current} alt="" width={160} height={100} className="ace-thumb__img" />
        ) : (
          <span className="ace-thumb__img ace-thumb__img--none" aria-hidden="true" />
        )}
        <input
          id="content-thumbnail"
          name="thumbnail"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="input ace-thumb__input"
          aria-describedby={`content-thumbnail-hint${error ? ' content-thumbnail-error' : ''}`}
          aria-invalid={error ? true : undefined}
          data-testid="content-thumbnail"
        />
      </div>
      <p className="field__hint" id="content-thumbnail-hint">
        {hint}
      </p>
      {error ? (
        <p className="field__error" id="content-thumbnail-error" data-testid="content-thumbnail-error">
          <bdi>{error}</bdi>
        </p>
      ) : null}
    </div>
  );
}

export function OnOff({ on, children }: { on: boolean; children?: ReactNode }) {
  const { t } = useSite();
  return (
    <span className={`ace-badge${on ? ' ace-badge--on' : ''}`}>
      {children ?? t(on ? 'admin_content.on' : 'admin_content.off')}
    </span>
  );
}

/** A console list's empty state. */
export function Empty({ title, text, children, testId }: { title: string; text?: string; children?: ReactNode; testId: string }) {
  return (
    <div className="acc-empty" data-testid={testId}>
      <h2 className="acc-empty__title">{title}</h2>
      {text ? <p className="muted">{text}</p> : null}
      {children}
    </div>
  );
}
