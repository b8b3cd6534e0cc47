import type { Blog, BlogCategory } from '@souq/contracts';
import { Link } from 'react-router';
import { formatDate } from '~/shared/dates';
import { formatNumber } from '~/shared/money';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';
import { CalendarIcon, EyeIcon, PenIcon } from './icons';

export const blogPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;
/** The blog list of a category (`null`: every post), on a page. */
export const blogsPath = (categoryId: number | null, page = 1) => {
  const q = new URLSearchParams();
  if (categoryId) q.set('category', String(categoryId));
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/blogs?${s}` : '/blogs';
};

/** Author, date and views of a post. */
export function BlogMeta({ blog, views, className = '' }: { blog: Blog; views?: number; className?: string }) {
  const { t, locale } = useSite();
  return (
    <ul className={`blog-meta ${className}`}>
      <li>
        <PenIcon size={15} />
        <span>{t('blog.by', { name: blog.post_by.name })}</span>
      </li>
      <li>
        <CalendarIcon size={15} />
        <time dateTime={blog.created_at_iso}>{formatDate(blog.created_at_iso, locale)}</time>
      </li>
      <li data-testid="blog-views">
        <EyeIcon size={15} />
        <span>{t('blog.views_n', { count: formatNumber(views ?? blog.total_views, 0) })}</span>
      </li>
    </ul>
  );
}

/**
 * A post's card: thumbnail, category, title, opening lines, author, date and views. The title's link
 * covers the whole card (one stop for the keyboard and a reader).
 */
export function BlogCard({ blog, priority = false, headingLevel = 2 }: { blog: Blog; priority?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="tile blog-card" data-testid="blog-card">
      <div className="blog-card__media">
        <Img
          src={blog.thumbnail}
          alt=""
          width={400}
          height={225}
          priority={priority}
          sizes="(min-width: 1100px) 360px, (min-width: 640px) 46vw, 92vw"
        />
        <span className="blog-card__category">{blog.category.name}</span>
      </div>
      <div className="blog-card__body">
        <Heading className="blog-card__title">
          <Link to={blogPath(blog.slug)} className="blog-card__link">
            {blog.title}
          </Link>
        </Heading>
        <p className="blog-card__excerpt">{blog.description}</p>
        <BlogMeta blog={blog} className="blog-card__meta" />
      </div>
    </article>
  );
}

/** The category filter: every category with its count, as links (crawlable, work before hydration). */
export function BlogCategories({
  categories,
  current,
  total,
}: {
  categories: BlogCategory[];
  current: number | null;
  total: number;
}) {
  const { t } = useSite();
  const all = categories.reduce((n, c) => n + c.total_blogs, 0) || total;
  return (
    <nav className="blog-filter" aria-label={t('blog.categories')} data-testid="blog-categories">
      <ul className="chips blog-filter__list">
        <li>
          <Link
            to={blogsPath(null)}
            className={current === null ? 'chip is-active' : 'chip'}
            aria-current={current === null ? 'page' : undefined}
          >
            {t('blog.all')} <span className="muted">{formatNumber(all, 0)}</span>
          </Link>
        </li>
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to={blogsPath(c.id)}
              className={current === c.id ? 'chip is-active' : 'chip'}
              aria-current={current === c.id ? 'page' : undefined}
              data-testid="blog-category"
            >
              {c.name} <span className="muted">{formatNumber(c.total_blogs, 0)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A short list of posts with small thumbnails (the article's "popular posts"). */
export function BlogLinkList({ blogs, testId }: { blogs: Blog[]; testId?: string }) {
  const { t, locale } = useSite();
  return (
    <ol className="blog-links" data-testid={testId}>
      {blogs.map((b) => (
        <li key={b.id} className="blog-links__item">
          <Img src={b.thumbnail} alt="" width={96} height={64} className="blog-links__thumb" />
          <div className="blog-links__text">
            <Link to={blogPath(b.slug)} className="blog-links__title">
              {b.title}
            </Link>
            <span className="muted blog-links__meta">
              <time dateTime={b.created_at_iso}>{formatDate(b.created_at_iso, locale)}</time>
              {' · '}
              {t('blog.views_n', { count: formatNumber(b.total_views, 0) })}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
