import { describe, expect, it } from 'vitest';
import { localisedUrl } from './seo';

describe('localisedUrl', () => {
  it('keeps Arabic at the plain address and puts English at ?lang=en', () => {
    expect(localisedUrl('https://souq.om/products/5/details', 'ar')).toBe('https://souq.om/products/5/details');
    expect(localisedUrl('https://souq.om/products/5/details', 'en')).toBe('https://souq.om/products/5/details?lang=en');
  });

  it('keeps the other query parameters and replaces a language already there', () => {
    expect(localisedUrl('https://souq.om/categories/dates?subcategory=3', 'en')).toBe(
      'https://souq.om/categories/dates?subcategory=3&lang=en',
    );
    expect(localisedUrl('https://souq.om/categories/dates?lang=en&subcategory=3', 'ar')).toBe(
      'https://souq.om/categories/dates?subcategory=3',
    );
    expect(localisedUrl('/shops?lang=ar', 'en')).toBe('/shops?lang=en');
  });
});
