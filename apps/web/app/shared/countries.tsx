import type { Country, Envelope } from '@souq/contracts';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { api } from '~/shared/api';
import { documentLocale } from '~/shared/i18n';
import { useSite } from '~/shared/site';
import { SelectField } from '~/shared/ui/form';

export interface CountryOption {
  id: number;
  /** Shown in the active language. */
  label: string;
  /** The English name: a value that does not change with the language. */
  name: string;
  phone_code: string;
}

const cache = new Map<string, Promise<CountryOption[]>>();

/** GET /countries in `locale`, with the English names beside (asked once per page load and language). */
export function countries(locale: string): Promise<CountryOption[]> {
  let list = cache.get(locale);
  if (!list) {
    const get = (l: string) => api<Envelope<{ countries: Country[] }>>('/countries', { locale: l });
    list = Promise.all([get(locale), locale === 'en' ? null : get('en')])
      .then(([shown, english]) => {
        const en = new Map((english ?? shown).data.countries.map((c) => [c.id, c.name]));
        return shown.data.countries.map((c) => ({
          id: c.id,
          label: c.name,
          name: en.get(c.id) ?? c.name,
          phone_code: c.phone_code,
        }));
      })
      .catch((error: unknown) => {
        cache.delete(locale);
        console.warn('countries could not be loaded', error);
        return [];
      });
    cache.set(locale, list);
  }
  return list;
}

/** Where the countries are loaded (routes/resources/countries.ts): the page's language's list. */
export const COUNTRIES = '/resources/countries';
export const loadCountries = () => countries(documentLocale());

/**
 * The countries, first asked for when a form that needs them is shown (`needed`), not on every page:
 * one fetcher shared by every form (its key), loading /resources/countries.
 */
export function useCountries(needed = true): CountryOption[] {
  const { locale } = useSite();
  const { load, data } = useFetcher<CountryOption[]>({ key: `countries-${locale}` });
  const loaded = data !== undefined;
  useEffect(() => {
    if (needed && !loaded) void load(COUNTRIES);
  }, [needed, loaded, load]);
  return data ?? [];
}

/** The option of a stored country: by either name, else by its calling code. */
export function findCountry(list: CountryOption[], country: string, phoneCode: string): CountryOption | undefined {
  return (
    list.find((c) => c.name === country || c.label === country) ??
    (phoneCode ? list.find((c) => c.phone_code === phoneCode) : undefined)
  );
}

/**
 * A country with its calling code. `value` is the chosen option's id; `stored` is shown as chosen when
 * the stored country is in no option.
 */
export function CountryField({
  id,
  name = 'country',
  value,
  stored,
  onChange,
  error,
  countries: list,
}: {
  id?: string;
  /** The select's name in the form data (its value is the option's id). */
  name?: string;
  value: CountryOption | undefined;
  stored?: string;
  onChange(country: CountryOption | null): void;
  error?: string;
  countries: CountryOption[];
}) {
  const { t } = useSite();
  const unlisted = !value && stored;
  return (
    <SelectField
      id={id}
      label={t('auth.country')}
      error={error}
      name={name}
      autoComplete="country-name"
      value={value ? String(value.id) : unlisted ? 'stored' : ''}
      onChange={(e) => {
        if (e.target.value !== 'stored') onChange(list.find((c) => String(c.id) === e.target.value) ?? null);
      }}
      data-testid="country-select"
    >
      <option value="">{t('auth.choose_country')}</option>
      {unlisted ? <option value="stored">{stored}</option> : null}
      {list.map((c) => (
        <option key={c.id} value={c.id}>
          {`${c.label} (\u2066${c.phone_code}\u2069)`}
        </option>
      ))}
    </SelectField>
  );
}
