import type { BlogDetail } from '@souq/contracts';
import { absolute } from '~/shared/seo';

/** schema.org Article of a blog post: headline, image, dates, author, publisher, section and language. */
export function articleJsonLd(
  origin: string,
  blog: BlogDetail,
  site: { name: string; logo: string | null; locale: string; url: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    '@id': `${site.url}#article`,
    mainEntityOfPage: site.url,
    url: site.url,
    headline: blog.title.slice(0, 110),
    description: blog.excerpt || undefined,
    image: blog.thumbnail ? [absolute(origin, blog.thumbnail)] : undefined,
    // `created_at` is the original web client's display date (decision 024, issue 42): the instant is the twin.
    datePublished: blog.created_at_iso,
    dateModified: blog.created_at_iso,
    inLanguage: site.locale,
    articleSection: blog.category.name,
    author: { '@type': 'Person', name: blog.post_by.name },
    publisher: {
      '@type': 'Organization',
      name: site.name,
      logo: site.logo ? { '@type': 'ImageObject', url: absolute(origin, site.logo) } : undefined,
    },
  };
}
