import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTrx } from '../../db';
import { catalogueRevision } from '../catalog';
import * as repo from './sitemap.repository';

/** Sitemaps hold at most 50,000 URLs; above this many the sitemap becomes an index of several files. */
export const SITEMAP_MAX_URLS = 45_000;
const PAGE = 5_000;
const CACHE_MS = 60_000;

/** Paths robots should not crawl: personal pages, checkout and the API. */
export const DISALLOWED = [
  '/dashboard',
  '/order-history',
  '/profile',
  '/manage-address',
  '/change-password',
  '/wishlist',
  '/checkout',
  '/buynow',
  '/massages',
  '/support-ticket',
  '/api/',
];

const STATIC_PATHS = ['/', '/shops', '/products', '/categories', '/most-popular', '/best-deal', '/blogs'];
/** Legal pages with a route of their own; any other page is at /page/{slug}. */
const NAMED_PAGES = new Set(['about-us', 'terms-and-conditions', 'privacy-policy']);

interface Entry {
  loc: string;
  lastmod?: string | null;
}

const xmlEscape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function urlset(origin: string, entries: Iterable<Entry>): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
  for (const e of entries) {
    out.push(`<url><loc>${xmlEscape(origin + e.loc)}</loc>`);
    if (e.lastmod) out.push(`<lastmod>${xmlEscape(e.lastmod)}</lastmod>`);
    out.push('</url>\n');
  }
  out.push('</urlset>\n');
  return out.join('');
}

/**
 * The URLs that are not products: fixed pages, categories, shops (active: never a pending one), running
 * and upcoming flash sales, blog posts and legal pages.
 */
async function otherEntries(db: DbOrTrx, now: string): Promise<Entry[]> {
  const [categories, shops, sales, posts, pages] = await repo.listedPages(db, now);
  return [
    ...STATIC_PATHS.map((loc) => ({ loc })),
    ...categories.map((c) => ({ loc: `/categories/${encodeURIComponent(c.slug)}` })),
    ...shops.map((s) => ({ loc: `/shops/${s.id}` })),
    ...sales.map((s) => ({ loc: `/flash-sale/${s.id}` })),
    ...posts.map((p) => ({ loc: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.created_at })),
    ...pages.map((p) => ({
      loc: NAMED_PAGES.has(p.slug) ? `/${p.slug}` : `/page/${encodeURIComponent(p.slug)}`,
      lastmod: p.updated_at,
    })),
  ];
}

/** Active products with id > after, in id order (keyset paging, so 100,000 products stay cheap). */
async function productEntries(db: DbOrTrx, after: number, limit: number): Promise<Entry[]> {
  const out: Entry[] = [];
  let last = after;
  while (out.length < limit) {
    const rows = await repo.listedProductsAfter(db, last, Math.min(PAGE, limit - out.length));
    for (const r of rows) out.push({ loc: `/products/${r.id}/details`, lastmod: r.updated_at });
    if (rows.length < PAGE) break;
    last = rows[rows.length - 1]!.id;
  }
  return out;
}

/** The id before the `skip`-th active product (0 when skip is 0), via the (is_active, id) index. */
async function idBefore(db: DbOrTrx, skip: number): Promise<number | null> {
  if (skip === 0) return 0;
  const row = await repo.listedProductAt(db, skip);
  return row ? row.id : null;
}

/**
 * One sitemap document. With at most `maxUrls` URLs, `sitemap.xml` (part null) lists them all. Above, it
 * is an index: part 1 holds the pages that are not products, parts 2 … the products, `maxUrls` each.
 * null: no such part.
 */
export async function sitemapDocument(
  db: DbOrTrx,
  origin: string,
  part: number | null,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const now = new Date().toISOString();
  const [others, products] = await Promise.all([otherEntries(db, now), repo.countListedProducts(db)]);
  const split = others.length + products > maxUrls;
  if (part === null) {
    if (!split) return urlset(origin, [...others, ...(await productEntries(db, 0, products + 1))]);
    const files = 1 + Math.ceil(products / maxUrls);
    const items = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
  }
  if (!split || part < 1) return null;
  if (part === 1) return urlset(origin, others);
  const after = await idBefore(db, (part - 2) * maxUrls);
  if (after === null) return null;
  const entries = await productEntries(db, after, maxUrls);
  return entries.length ? urlset(origin, entries) : null;
}

export async function sitemapRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const cache = new Map<string, { at: number; revision: number; body: string | null }>();
  // Absolute URLs name the configured public origin, never the host a request claims (Host, X-Forwarded-Host).
  const origin = config.publicUrl;
  /**
   * Sitemaps are reused for a minute (when the catalogue cache is on): a crawler fetches them in bursts.
   * Not past a move of the catalogue's revision (a product added, switched off or archived by its seller:
   * decision 037), read first, so that a change shows at once.
   */
  const cached = async (part: number | null): Promise<string | null> => {
    const key = String(part);
    const hit = cache.get(key);
    const revision = config.catalogCacheTtlMs > 0 ? await catalogueRevision(db) : 0;
    if (config.catalogCacheTtlMs > 0 && hit && hit.revision === revision && Date.now() - hit.at < CACHE_MS) return hit.body;
    const body = await sitemapDocument(db, origin, part);
    if (config.catalogCacheTtlMs > 0) {
      if (cache.size > 50) cache.clear();
      cache.set(key, { at: Date.now(), revision, body });
    }
    return body;
  };
  const XML = 'application/xml; charset=utf-8';

  app.get('/sitemap.xml', async (_req, reply) => {
    const body = (await cached(null)) ?? '';
    return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/sitemap-:n.xml', async (req: FastifyRequest<{ Params: { n: string } }>, reply) => {
    const n = /^[1-9]\d{0,4}$/.test(req.params.n) ? Number(req.params.n) : 0;
    const body = n > 0 ? await cached(n) : null;
    if (body === null) return reply.status(404).type('text/plain').send('Not found');
    return reply.type(XML).header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/robots.txt', async (_req, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });
}
