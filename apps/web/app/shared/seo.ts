import type { Master } from '@souq/contracts';
import type { MetaDescriptor } from 'react-router';
import type { Translate } from './i18n';
import { metaTranslate, pageTitle, rootDataOf } from './page';
import type { RootData } from './root-data';

interface MetaMatch {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export interface SeoInput {
  matches: ReadonlyArray<MetaMatch | undefined>;
  title: string;
  description?: string | null;
  /** Root-relative path of the page, e.g. /products/12/details (query included when it matters). */
  path: string;
  image?: string | null;
  type?: 'website' | 'product' | 'article';
  jsonLd?: object[];
  noindex?: boolean;
}

/** Plain text for a meta description: tags stripped, spaces collapsed, at most ~160 characters. */
export function metaText(html: string | null | undefined, max = 160): string {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export const absolute = (origin: string, path: string | null | undefined) =>
  !path ? undefined : /^https?:\/\//.test(path) ? path : `${origin}${path.startsWith('/') ? '' : '/'}${path}`;

/**
 * The address of a page in a language: Arabic, the default, at the plain URL; English with `?lang=en`
 * (which the server renders in English whatever the visitor's `locale` cookie says).
 */
export function localisedUrl(url: string, locale: string): string {
  const u = new URL(url, 'http://localhost');
  if (locale === 'ar') u.searchParams.delete('lang');
  else u.searchParams.set('lang', locale);
  return /^https?:\/\//.test(url) ? u.toString() : `${u.pathname}${u.search}`;
}

/**
 * Title, description, canonical URL, hreflang alternates, Open Graph and Twitter tags and JSON-LD of a
 * server-rendered page. Each language has its own URL (see `localisedUrl`); the canonical URL is the
 * current language's and x-default is the Arabic one.
 */
export function seoMeta({
  matches,
  title,
  description,
  path,
  image,
  type = 'website',
  jsonLd = [],
  noindex,
}: SeoInput): MetaDescriptor[] {
  const root = rootDataOf(matches);
  const origin = root?.origin ?? '';
  const locale = root?.locale ?? 'ar';
  const url = localisedUrl(`${origin}${path}`, locale);
  const desc = metaText(description);
  const img = absolute(origin, image);
  const out: MetaDescriptor[] = [
    { title: pageTitle(root, title) },
    { tagName: 'link', rel: 'canonical', href: url },
    { tagName: 'link', rel: 'alternate', hrefLang: 'ar', href: localisedUrl(url, 'ar') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: localisedUrl(url, 'en') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: localisedUrl(url, 'ar') },
    { property: 'og:title', content: title },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url },
    { property: 'og:site_name', content: root?.master.app_name ?? '' },
    { property: 'og:locale', content: locale === 'ar' ? 'ar_OM' : 'en_US' },
    { name: 'twitter:card', content: img ? 'summary_large_image' : 'summary' },
  ];
  if (desc) out.push({ name: 'description', content: desc }, { property: 'og:description', content: desc });
  if (img) out.push({ property: 'og:image', content: img });
  if (noindex) out.push({ name: 'robots', content: 'noindex' });
  for (const obj of jsonLd) out.push({ 'script:ld+json': obj });
  return out;
}

export function breadcrumbJsonLd(origin: string, items: Array<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: `${origin}${it.path}` })),
  };
}

export function organizationJsonLd(origin: string, master: Master) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: master.app_name,
    url: `${origin}/`,
    logo: absolute(origin, master.web_logo),
    telephone: master.mobile || undefined,
    address: master.address || undefined,
    sameAs: master.social_links.map((s) => s.link).filter(Boolean),
  };
}

export interface ProductLdInput {
  id: number;
  name: string;
  thumbnail: string | null;
  price: number;
  discount_price: number;
  quantity: number;
  rating: number;
  total_reviews: number;
  brand: string | null;
  short_description?: string | null;
  images?: string[];
}

/** Product with an Offer in the default currency (OMR), availability and the aggregate rating. */
export function productJsonLd(origin: string, p: ProductLdInput, currency = 'OMR') {
  const url = `${origin}/products/${p.id}/details`;
  const images = (p.images?.length ? p.images : [p.thumbnail]).map((i) => absolute(origin, i)).filter(Boolean);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: p.name,
    sku: String(p.id),
    url,
    image: images,
    description: metaText(p.short_description, 500) || undefined,
    brand: p.brand ? { '@type': 'Brand', name: p.brand } : undefined,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: currency,
      price: (p.discount_price > 0 ? p.discount_price : p.price).toFixed(3),
      availability: p.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
    aggregateRating:
      p.total_reviews > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: p.rating.toFixed(2),
            reviewCount: p.total_reviews,
            bestRating: 5,
            worstRating: 1,
          }
        : undefined,
  };
}

export const originOf = (matches: ReadonlyArray<MetaMatch | undefined>) => rootDataOf(matches)?.origin ?? '';

/** A link of a page's breadcrumb trail: its name and root-relative path. */
export interface Crumb {
  name: string;
  path: string;
}

/** What a page's meta function answers: `seoMeta`'s input, and the trail after Home (as JSON-LD). */
export interface PageMeta extends Omit<SeoInput, 'matches'> {
  crumbs?: Crumb[];
}

/** What a page's meta is built from: the page's translation, the site, and the route's loader data. */
export interface PageMetaArgs<D> {
  t: Translate;
  root: RootData | undefined;
  /** The site's name (for descriptions that name it). */
  app: string;
  origin: string;
  data: D | undefined;
}

/**
 * The one way a route writes its meta: `build` answers the page's title, description, path and trail
 * (Home is put first), or null for no tags (a page whose data is missing: its error screen says why).
 */
export function pageMeta<D = unknown>(build: (page: PageMetaArgs<D>) => PageMeta | null) {
  return ({
    data,
    loaderData,
    matches,
  }: {
    data?: unknown;
    loaderData?: unknown;
    matches: ReadonlyArray<MetaMatch | undefined>;
  }) => {
    const root = rootDataOf(matches);
    const t = metaTranslate(root);
    const origin = root?.origin ?? '';
    const page = build({ t, root, app: root?.master.app_name ?? '', origin, data: (loaderData ?? data) as D | undefined });
    if (!page) return [];
    const { crumbs, jsonLd = [], ...seo } = page;
    const trail = crumbs ? [breadcrumbJsonLd(origin, [{ name: t('page.home'), path: '/' }, ...crumbs])] : [];
    return seoMeta({ ...seo, matches, jsonLd: [...jsonLd, ...trail] });
  };
}

/** The meta of a page of the site with a fixed title: translated title and description, one step after Home. */
export const fixedPageMeta = (titleKey: string, descriptionKey: string, path: string) =>
  pageMeta(({ t, app }) => ({
    title: t(titleKey),
    description: t(descriptionKey, { app }),
    path,
    crumbs: [{ name: t(titleKey), path }],
  }));
