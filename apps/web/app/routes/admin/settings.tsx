import type { AdminSetting, AdminSettings, SettingGroup } from '@souq/contracts';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useFetcher } from 'react-router';
import { AccountHeading } from '~/features/account/heading';
import { LoadFailed } from '~/features/account/load-failed';
import {
  adminSettingsAction,
  changedSettings,
  loadAdminSettings,
  settingsErrors,
  settingsFormOf,
  type FormValue,
  type SettingsForm,
} from '~/features/admin/settings-data';
import { sellerMeta } from '~/features/seller/meta';
import { useSite, useT } from '~/shared/site';
import { ConfirmDialog } from '~/shared/ui/confirm-dialog';
import { Field, SelectField, SubmitButton, TextField, useSubmission, type ActionResult } from '~/shared/ui/form';
import { toast } from '~/shared/ui/toast';
import type { Route } from './+types/settings';

export const meta = sellerMeta('page.admin_settings');

export const clientLoader = loadAdminSettings;
export const clientAction = adminSettingsAction;

export function HydrateFallback() {
  const t = useT();
  return (
    <div className="admin-settings" data-testid="admin-settings">
      <AccountHeading title={t('admin.settings.title')} />
      <div className="skeleton admin-settings__skeleton" aria-busy="true" />
    </div>
  );
}

/** /admin/settings: every setting of /api/master, one section per group of the contract's table. */
export default function AdminSettingsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.error !== undefined)
    return (
      <div className="admin-settings" data-testid="admin-settings">
        <AccountHeading title={t('admin.settings.title')} />
        <LoadFailed message={loaderData.error} />
      </div>
    );
  return <SettingsScreen settings={loaderData.data} />;
}

const sectionId = (g: SettingGroup) => `settings-${g}`;
const fieldId = (key: string) => `setting-${key.replace(/\./g, '-')}`;

function SettingsScreen({ settings }: { settings: AdminSettings }) {
  const t = useT();
  const fetcher = useFetcher<ActionResult<AdminSettings>>();
  const formRef = useRef<HTMLFormElement>(null);
  const saved = useMemo(() => settingsFormOf(settings), [settings]);
  const [base, setBase] = useState<SettingsForm>(saved);
  const [form, setForm] = useState<SettingsForm>(saved);
  const changes = changedSettings(base, form);
  const count = Object.keys(changes).length;
  const dirty = count > 0;
  const { busy, errors, check, clear } = useSubmission(fetcher, {
    form: formRef,
    onDone(next) {
      const now = settingsFormOf(next);
      setBase(now);
      setForm(now);
      toast.success(t('admin.settings.saved'));
    },
  });

  // Leaving with unsaved changes asks first (a link inside the app), or the browser does (closing the tab).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !busy && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = (key: string, value: FormValue) => {
    setForm((f) => ({ ...f, [key]: value }));
    clear(key);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!dirty) {
      toast.info(t('admin.settings.nothing_changed'));
      return;
    }
    if (!check(settingsErrors(changes, form, t))) return;
    void fetcher.submit({ changes: JSON.stringify(changes) }, { method: 'post' });
  };

  return (
    <div className="admin-settings" data-testid="admin-settings">
      <AccountHeading title={t('admin.settings.title')} />
      <p className="muted seller-lead">{t('admin.settings.lead')}</p>
      <nav className="admin-settings__toc" aria-label={t('admin.settings.sections')}>
        <ul>
          {settings.groups.map((g) => (
            <li key={g.key}>
              <a href={`#${sectionId(g.key)}`}>{t(`admin.settings.group.${g.key}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <form ref={formRef} className="admin-settings__form" onSubmit={onSubmit} noValidate data-testid="admin-settings-form">
        {settings.groups.map((g) => (
          <section
            key={g.key}
            id={sectionId(g.key)}
            className={`acc-card admin-settings__section admin-settings__section--${g.key}`}
            aria-labelledby={`${sectionId(g.key)}-title`}
            data-testid={`settings-group-${g.key}`}
          >
            <h2 className="admin-settings__section-title" id={`${sectionId(g.key)}-title`}>
              {t(`admin.settings.group.${g.key}`)}
            </h2>
            <div className="admin-settings__fields">
              {g.settings.map((s) => (
                <SettingField key={s.key} setting={s} value={form[s.key]} error={errors[s.key]} onChange={(v) => set(s.key, v)} />
              ))}
            </div>
          </section>
        ))}
        <div className={`admin-settings__bar${dirty ? ' is-dirty' : ''}`} data-testid="admin-settings-bar">
          <p className="admin-settings__bar-text" aria-live="polite" data-testid="admin-settings-unsaved">
            {dirty ? t('admin.settings.unsaved', { count }) : t('admin.settings.nothing_changed')}
          </p>
          <button
            type="button"
            className="btn"
            disabled={!dirty || busy}
            onClick={() => setForm(base)}
            data-testid="admin-settings-discard"
          >
            {t('admin.settings.discard')}
          </button>
          <SubmitButton busy={busy} testId="admin-settings-save">
            {t('admin.settings.save')}
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('admin.settings.leave_title')}
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
        testId="admin-settings-leave-dialog"
      >
        {t('admin.settings.leave_text')}
      </ConfirmDialog>
    </div>
  );
}

/** One setting's control, drawn from its type: a switch, a number, a choice, a colour, texts in both languages… */
function SettingField({
  setting: s,
  value,
  error,
  onChange,
}: {
  setting: AdminSetting;
  value: FormValue | undefined;
  error?: string;
  onChange(v: FormValue): void;
}) {
  const { t } = useSite();
  const id = fieldId(s.key);
  const label = t(`admin.settings.label.${s.key}`);
  const hint = s.hint ? t(`admin.settings.hint.${s.key}`) : undefined;
  const testId = `setting-${s.key}`;

  if (s.type === 'secret')
    return (
      <div className="field admin-settings__secret" data-testid={testId}>
        <span className="field__label">{label}</span>
        <p className="admin-settings__secret-state">
          <span className={`admin-settings__badge${s.is_set ? ' is-set' : ''}`}>
            {t(s.is_set ? 'admin.settings.secret_set' : 'admin.settings.secret_unset')}
          </span>
        </p>
        <p className="field__hint">{t('admin.settings.secret_hint', { env: s.env })}</p>
      </div>
    );

  if (s.type === 'boolean')
    return (
      <div className={`field admin-settings__switch-field${error ? ' field--invalid' : ''}`}>
        <label className="admin-settings__switch" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
            data-testid={testId}
          />
          <span>{label}</span>
        </label>
        {hint ? (
          <p className="field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p className="field__error" id={`${id}-error`} data-testid={`${id}-error`}>
            <bdi>{error}</bdi>
          </p>
        ) : null}
      </div>
    );

  if (s.type === 'localized' || s.type === 'localized_list') {
    const v = (value ?? { en: '', ar: '' }) as { en: string; ar: string };
    const multiline = s.type === 'localized_list' || (s.type === 'localized' && s.multiline);
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    const control = (lang: 'en' | 'ar') => {
      const props = {
        id: `${id}-${lang}`,
        className: 'field__input',
        dir: lang === 'ar' ? 'rtl' : 'ltr',
        lang,
        value: v[lang],
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'data-testid': `${testId}-${lang}`,
      } as const;
      return multiline ? (
        <textarea
          {...props}
          rows={s.type === 'localized_list' ? 4 : 3}
          onChange={(e) => onChange({ ...v, [lang]: e.target.value })}
        />
      ) : (
        <input {...props} type="text" onChange={(e) => onChange({ ...v, [lang]: e.target.value })} />
      );
    };
    return (
      <fieldset className={`field admin-settings__pair${error ? ' field--invalid' : ''}`} data-testid={testId}>
        <legend className="field__label">{label}</legend>
        <div className="admin-settings__langs">
          {(['ar', 'en'] as const).map((lang) => (
            <div key={lang} className="admin-settings__lang">
              <label className="admin-settings__lang-label" htmlFor={`${id}-${lang}`}>
                {t(lang === 'ar' ? 'admin.settings.arabic' : 'admin.settings.english')}
              </label>
              {control(lang)}
            </div>
          ))}
        </div>
        {hint ? (
          <p className="field__hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p className="field__error" id={`${id}-error`} data-testid={`${id}-error`}>
            <bdi>{error}</bdi>
          </p>
        ) : null}
      </fieldset>
    );
  }

  const text = String(value ?? '');
  if (s.type === 'enum')
    return (
      <SelectField
        label={label}
        hint={hint}
        error={error}
        id={id}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {s.options.map((o) => (
          <option key={o} value={o}>
            {t(`admin.settings.option.${o}`)}
          </option>
        ))}
      </SelectField>
    );

  if (s.type === 'color') {
    const valid = /^#[0-9a-fA-F]{6}$/.test(text);
    return (
      <Field label={label} hint={hint} error={error} id={id} className="admin-settings__color">
        {(control) => (
          <div className="admin-settings__color-row">
            <input
              type="color"
              className="admin-settings__swatch"
              value={valid ? text.toLowerCase() : '#000000'}
              onChange={(e) => onChange(e.target.value)}
              aria-label={label}
              data-testid={`${testId}-picker`}
            />
            <input
              {...control}
              className="field__input"
              type="text"
              dir="ltr"
              spellCheck={false}
              maxLength={7}
              value={text}
              onChange={(e) => onChange(e.target.value)}
              aria-label={`${label} — ${t('admin.settings.color_hex')}`}
              data-testid={testId}
            />
          </div>
        )}
      </Field>
    );
  }

  const inputType =
    s.type === 'integer'
      ? 'number'
      : s.type === 'email'
        ? 'email'
        : s.type === 'url'
          ? 'url'
          : s.type === 'phone'
            ? 'tel'
            : 'text';
  const ltr = s.type !== 'text';
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      id={id}
      type={inputType}
      inputMode={s.type === 'integer' ? 'numeric' : undefined}
      min={s.type === 'integer' ? s.min : undefined}
      max={s.type === 'integer' ? s.max : undefined}
      maxLength={s.type === 'text' ? s.max : undefined}
      dir={ltr ? 'ltr' : 'auto'}
      value={text}
      required={!s.nullable}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
    />
  );
}
