import { describe, expect, it } from 'vitest';
import { makeTranslate, normaliseLocale } from './i18n';

describe('makeTranslate', () => {
  const t = makeTranslate({ hello: 'مرحباً {name}', plain: 'Plain' });
  it('fills placeholders and leaves unknown ones', () => {
    expect(t('hello', { name: 'سالم' })).toBe('مرحباً سالم');
    expect(t('hello')).toBe('مرحباً {name}');
  });
  it('shows the key for a missing message', () => {
    expect(t('missing.key')).toBe('missing.key');
  });
});

describe('normaliseLocale', () => {
  it('defaults to Arabic', () => {
    expect(normaliseLocale(undefined)).toBe('ar');
    expect(normaliseLocale('fr')).toBe('ar');
    expect(normaliseLocale('en')).toBe('en');
  });
});
