import { describe, expect, it } from 'vitest';
import type { Master } from '@souq/contracts';
import { fixedPageMeta, localisedUrl, pageMeta } from './seo';

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

describe('pageMeta', () => {
  const root = { id: 'root', loaderData: { origin: 'https://souq.om', locale: 'en', master: { app_name: 'Souq' } as Master } };
  const ldOf = (tags: ReturnType<ReturnType<typeof pageMeta>>) =>
    tags
      .filter((tag) => 'script:ld+json' in tag)
      .map((tag) => (tag as { 'script:ld+json': { '@type': string } })['script:ld+json']);

  it("puts Home before the page's trail, after the page's own JSON-LD, and names the site in the title", () => {
    const meta = pageMeta<{ name: string }>(({ data }) => ({
      title: data!.name,
      path: '/things/1',
      jsonLd: [{ '@type': 'Thing' }],
      crumbs: [{ name: data!.name, path: '/things/1' }],
    }));
    const tags = meta({ loaderData: { name: 'Dates' }, matches: [root] });
    expect(tags).toContainEqual({ title: 'Dates | Souq' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://souq.om/things/1?lang=en' });
    const [thing, trail] = ldOf(tags) as Array<{ '@type': string; itemListElement?: Array<{ item: string }> }>;
    expect(thing?.['@type']).toBe('Thing');
    expect(trail?.itemListElement?.map((i) => i.item)).toEqual(['https://souq.om/', 'https://souq.om/things/1']);
  });

  it('answers no tags when the page has no data to describe', () => {
    expect(pageMeta(() => null)({ matches: [root] })).toEqual([]);
  });

  it('builds the fixed pages from their keys', () => {
    const tags = fixedPageMeta('page.shops', 'shop.list_description', '/shops')({ matches: [root] });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://souq.om/shops?lang=en' });
    expect(ldOf(tags)).toHaveLength(1);
  });
});
