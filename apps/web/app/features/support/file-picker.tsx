import { useId, useRef, useState } from 'react';
import { useSite } from '~/shared/site';
import { CloseIcon } from '~/shared/ui/icons';
import { ACCEPT, checkFiles, formatSize, TICKET_MAX_FILES } from './files';
import { FileIcon, PaperclipIcon } from './icons';

/**
 * Picks up to three attachments: a real file input (keyboard and screen readers work as usual) shown as
 * a button, the chosen files with their size and a remove button, and what was refused (type read from
 * the file's first bytes, size, count) under it. `serverError` is the API's message for the field.
 */
export function FilePicker({
  files,
  onChange,
  serverError,
  disabled = false,
}: {
  files: File[];
  onChange(files: File[]): void;
  serverError?: string;
  disabled?: boolean;
}) {
  const { t } = useSite();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const full = files.length >= TICKET_MAX_FILES;
  const shown = [...errors, ...(serverError ? [serverError] : [])];

  const pick = async (list: FileList | null) => {
    const picked = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (!picked.length) return;
    const checked = await checkFiles(files, picked, t);
    setErrors(checked.errors);
    onChange(checked.files);
  };

  return (
    <div className={`acc-field tk-files${shown.length ? ' has-error' : ''}`}>
      <span className="acc-field__label" id={`${id}-label`}>
        {t('tickets.attachments')}
      </span>
      <div className="tk-files__row">
        <input
          ref={input}
          id={id}
          className="tk-files__input"
          type="file"
          multiple
          accept={ACCEPT}
          disabled={full || disabled}
          aria-describedby={`${id}-hint${shown.length ? ` ${id}-err` : ''}`}
          aria-invalid={shown.length ? true : undefined}
          onChange={(e) => void pick(e.currentTarget.files)}
          data-testid="ticket-files"
        />
        <label className={`btn btn-sm tk-files__pick${full || disabled ? ' is-disabled' : ''}`} htmlFor={id}>
          <PaperclipIcon size={16} />
          {t('tickets.add_files')}
        </label>
        <span className="acc-field__hint" id={`${id}-hint`}>
          {t('tickets.attachments_hint')}
        </span>
      </div>
      {files.length ? (
        <ul className="tk-files__list" aria-labelledby={`${id}-label`} data-testid="ticket-files-chosen">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="tk-files__item">
              <FileIcon size={16} />
              <bdi className="tk-files__name">{f.name}</bdi>
              <span className="muted tk-files__size">{formatSize(f.size, t)}</span>
              <button
                type="button"
                className="icon-btn tk-files__remove"
                aria-label={t('tickets.remove_file', { name: f.name })}
                onClick={() => {
                  setErrors([]);
                  onChange(files.filter((_, j) => j !== i));
                }}
                disabled={disabled}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {shown.length ? (
        <div id={`${id}-err`} role="alert">
          {shown.map((e) => (
            <p className="acc-field__error" key={e} data-testid="field-error">
              <bdi>{e}</bdi>
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
