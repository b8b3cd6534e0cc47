import { describe, expect, it } from 'vitest';
import { fill, placeholdersOf, render, TEMPLATES } from './render';

describe('notification templates', () => {
  it('have the same keys, texts and {placeholders} in Arabic and English', () => {
    const keys = Object.keys(TEMPLATES.en).sort();
    expect(Object.keys(TEMPLATES.ar).sort()).toEqual(keys);
    for (const key of keys) {
      const en = TEMPLATES.en[key as keyof typeof TEMPLATES.en];
      const ar = TEMPLATES.ar[key as keyof typeof TEMPLATES.ar];
      for (const part of ['subject', 'body', 'sms'] as const) {
        expect(ar[part].trim(), `${key}.${part} (ar) is empty`).not.toBe('');
        expect(placeholdersOf(ar[part]).sort(), `${key}.${part}`).toEqual(placeholdersOf(en[part]).sort());
      }
      // Arabic text is Arabic (not an English text left untranslated).
      expect(ar.body, key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('fill every placeholder, and leave none as braces', () => {
    const text = render('order.placed.customer', 'ar', {
      site: 'سوق',
      name: 'سالم',
      order: 'SQ1',
      shop: 'متجر',
      total: '1.500',
      link: 'x',
    });
    expect(text.subject).toBe('سوق: تم تقديم طلبك SQ1');
    expect(text.body).not.toMatch(/[{}]/);
    expect(fill('{a} and {b}', { a: '1' })).toBe('1 and ');
  });
});
