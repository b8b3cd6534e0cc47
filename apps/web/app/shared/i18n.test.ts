import { describe, expect, it } from 'vitest';
import { makeTranslate, messagesHref, messagesPath, normaliseLocale } from './i18n';

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

describe('makeTranslate: plural forms', () => {
  const messages = {
    items: '{count, plural, one {# item} other {# items}}',
    cart: 'Cart: {count, plural, one {# item} other {# items}}, {amount}',
    exact: '{count, plural, =0 {nothing yet} one {# item} other {# items}}',
    named: '{count, plural, one {# item for {name}} other {# items for {name}}}',
    ar: '{count, plural, zero {لا منتجات} one {منتج واحد} two {منتجان} few {# منتجات} many {# منتجًا} other {# منتج}}',
    broken: '{count, plural, one {# item}',
  };
  const en = makeTranslate(messages, 'en');
  const ar = makeTranslate(messages, 'ar');

  it('says "1 item" and "N items" in English, never "1 items"', () => {
    expect([0, 1, 2, 11].map((count) => en('items', { count }))).toEqual(['0 items', '1 item', '2 items', '11 items']);
    expect(en('cart', { count: 1, amount: '1.500 OMR' })).toBe('Cart: 1 item, 1.500 OMR');
  });

  it('has the six Arabic forms', () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 101, 103].map((count) => ar('ar', { count }))).toEqual([
      'لا منتجات',
      'منتج واحد',
      'منتجان',
      '3 منتجات',
      '10 منتجات',
      '11 منتجًا',
      '99 منتجًا',
      '100 منتج',
      '101 منتج',
      '103 منتجات',
    ]);
  });

  it('prefers an exact value, fills placeholders inside a branch, and falls back to other', () => {
    expect(en('exact', { count: 0 })).toBe('nothing yet');
    expect(en('named', { count: 1, name: 'Salim' })).toBe('1 item for Salim');
    // Arabic's "two" for a message that has only one and other.
    expect(ar('items', { count: 2 })).toBe('2 items');
    expect(en('items', { count: 'many' })).toBe('many items');
    expect(en('items')).toBe('{count} items');
  });

  it('leaves a malformed plural as it is', () => {
    expect(en('broken', { count: 1 })).toBe('{count, plural, one {# item}');
  });
});

describe('normaliseLocale', () => {
  it('defaults to Arabic', () => {
    expect(normaliseLocale(undefined)).toBe('ar');
    expect(normaliseLocale('fr')).toBe('ar');
    expect(normaliseLocale('en')).toBe('en');
  });
});

describe('the strings address (decisions 024 and 032)', () => {
  it('asks for our strings alone, not the original web client sentence keys, at the pinned version', () => {
    expect(messagesPath('ar')).toBe('/lang/ar?set=ours');
    expect(messagesHref('en', 'a1B2-c3_D4e5F6g7')).toBe('/api/lang/en?set=ours&v=a1B2-c3_D4e5F6g7');
  });
});
