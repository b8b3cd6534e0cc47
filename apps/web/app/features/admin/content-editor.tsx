import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { useId, useState, type FormEvent } from 'react';
import { useSite } from '~/shared/site';
import { editorExtensions } from './content-editor-extensions';

const LINK_ICON = (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
  </svg>
);

/**
 * The console's rich-text editor (decision 040): TipTap (ProseMirror) with only the allow-list's kinds of
 * text. A labelled toolbar of buttons (each with its name and pressed state), the keyboard's own
 * shortcuts (Ctrl/Cmd+B, I, U, Z…), and the text in its language's direction. Its HTML goes with the form
 * in a hidden field named `name`. Loaded only by the console's editor pages (a chunk of its own).
 */
export default function RichTextEditor({
  name,
  label,
  value,
  onChange,
  lang,
  dir,
  error,
  testId,
}: {
  name: string;
  label: string;
  value: string;
  onChange(html: string): void;
  lang: 'ar' | 'en';
  dir: 'rtl' | 'ltr';
  error?: string;
  testId: string;
}) {
  const { t } = useSite();
  const labelId = useId();
  const errorId = `${labelId}-error`;
  const [html, setHtml] = useState(value);
  const [linking, setLinking] = useState<string | null>(null);
  const editor = useEditor({
    extensions: editorExtensions(),
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        lang,
        dir,
        class: 'rich-text ace-editor__content',
        'data-testid': `${testId}-content`,
      },
    },
    onUpdate({ editor: e }) {
      const next = e.isEmpty ? '' : e.getHTML();
      setHtml(next);
      onChange(next);
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            undo: e.can().undo(),
            redo: e.can().redo(),
          }
        : null,
  });

  const chain = () => editor!.chain().focus();
  type Tool = { key: string; glyph: React.ReactNode; label: string; pressed?: boolean; disabled?: boolean; run(): void };
  const tools: Tool[] = editor
    ? [
        {
          key: 'bold',
          glyph: 'B',
          label: t('admin_content.editor.bold'),
          pressed: active?.bold,
          run: () => chain().toggleBold().run(),
        },
        {
          key: 'italic',
          glyph: 'I',
          label: t('admin_content.editor.italic'),
          pressed: active?.italic,
          run: () => chain().toggleItalic().run(),
        },
        {
          key: 'underline',
          glyph: 'U',
          label: t('admin_content.editor.underline'),
          pressed: active?.underline,
          run: () => chain().toggleUnderline().run(),
        },
        {
          key: 'strike',
          glyph: 'S',
          label: t('admin_content.editor.strike'),
          pressed: active?.strike,
          run: () => chain().toggleStrike().run(),
        },
        {
          key: 'h2',
          glyph: 'H2',
          label: t('admin_content.editor.heading', { level: 2 }),
          pressed: active?.h2,
          run: () => chain().toggleHeading({ level: 2 }).run(),
        },
        {
          key: 'h3',
          glyph: 'H3',
          label: t('admin_content.editor.heading', { level: 3 }),
          pressed: active?.h3,
          run: () => chain().toggleHeading({ level: 3 }).run(),
        },
        {
          key: 'bullet',
          glyph: '•',
          label: t('admin_content.editor.bullet_list'),
          pressed: active?.bullet,
          run: () => chain().toggleBulletList().run(),
        },
        {
          key: 'ordered',
          glyph: '1.',
          label: t('admin_content.editor.ordered_list'),
          pressed: active?.ordered,
          run: () => chain().toggleOrderedList().run(),
        },
        {
          key: 'quote',
          glyph: '❝',
          label: t('admin_content.editor.quote'),
          pressed: active?.quote,
          run: () => chain().toggleBlockquote().run(),
        },
        {
          key: 'link',
          glyph: LINK_ICON,
          label: t('admin_content.editor.link'),
          pressed: active?.link,
          run: () => setLinking((editor.getAttributes('link').href as string | undefined) ?? 'https://'),
        },
        {
          key: 'undo',
          glyph: '↶',
          label: t('admin_content.editor.undo'),
          disabled: !active?.undo,
          run: () => chain().undo().run(),
        },
        {
          key: 'redo',
          glyph: '↷',
          label: t('admin_content.editor.redo'),
          disabled: !active?.redo,
          run: () => chain().redo().run(),
        },
      ]
    : [];

  const applyLink = (e: FormEvent | React.MouseEvent) => {
    e.preventDefault();
    const href = (linking ?? '').trim();
    if (!editor) return;
    if (!href || href === 'https://') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href }).run();
    setLinking(null);
  };

  return (
    <div className={`ace-editor${error ? ' ace-editor--invalid' : ''}`} data-testid={testId}>
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <div className="ace-editor__box">
        <div className="ace-editor__toolbar" role="toolbar" aria-label={t('admin_content.editor.toolbar', { label })}>
          {tools.map((tool) => (
            <button
              key={tool.key}
              type="button"
              className="ace-editor__tool"
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
              disabled={tool.disabled}
              onClick={tool.run}
              data-testid={`${testId}-${tool.key}`}
            >
              <span aria-hidden="true" className={`ace-editor__glyph ace-editor__glyph--${tool.key}`}>
                {tool.glyph}
              </span>
            </button>
          ))}
        </div>
        {linking !== null ? (
          <div className="ace-editor__link" role="group" aria-label={t('admin_content.editor.link')}>
            <label className="sr-only" htmlFor={`${labelId}-href`}>
              {t('admin_content.editor.link_address')}
            </label>
            <input
              id={`${labelId}-href`}
              className="input"
              type="url"
              dir="ltr"
              value={linking}
              autoFocus
              placeholder="https://"
              onChange={(e) => setLinking(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') applyLink(e as unknown as FormEvent);
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setLinking(null);
                  editor?.commands.focus();
                }
              }}
              data-testid={`${testId}-href`}
            />
            <button type="button" className="btn btn-primary" onClick={applyLink} data-testid={`${testId}-link-apply`}>
              {t('admin_content.editor.link_apply')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setLinking(null);
                editor?.commands.focus();
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        ) : null}
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          <div className="ace-editor__content ace-editor__content--loading skeleton" />
        )}
      </div>
      {error ? (
        <p className="field__error" id={errorId} data-testid={`${testId}-error`}>
          <bdi>{error}</bdi>
        </p>
      ) : null}
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
