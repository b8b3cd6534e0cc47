import { BLOGS_PER_PAGE } from '@souq/contracts/constants';
import { useNavigation } from 'react-router';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { fetchBlogs } from '~/features/content/api';
import { BlogCard, BlogCategories, blogPath, blogsPath } from '~/features/content/blog';
import { requestLocale } from '~/shared/i18n';
import { pageMeta } from '~/shared/seo';
import { useSite } from '~/shared/site';
import { Pagination } from '~/shared/ui/pagination';
import type { Route } from './+types/blogs';

const positive = (v: string | null) => (v && /^\d{1,6}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = positive(url.searchParams.get('category'));
  const page = positive(url.searchParams.get('page')) ?? 1;
  const data = await fetchBlogs(
    { locale: requestLocale(request), context },
    { category_id: category ?? undefined, page, per_page: BLOGS_PER_PAGE },
  );
  // A category that does not exist (or a page past the end) is no page of the blog.
  if (category !== null && !data.categories.some((c) => c.id === category)) throw new Response('Not found', { status: 404 });
  if (page > 1 && data.blogs.length === 0) throw new Response('Not found', { status: 404 });
  return { ...data, category, page };
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ t, app, origin, data }) => {
  const category = data?.categories.find((c) => c.id === data.category);
  return {
    title: category ? `${category.name} | ${t('page.blogs')}` : t('page.blogs'),
    description: t('blog.description', { app }),
    path: blogsPath(data?.category ?? null, data?.page ?? 1),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: `${t('page.blogs')} | ${app}`,
        url: `${origin}/blogs`,
        blogPost: (data?.blogs ?? []).map((b) => ({
          '@type': 'BlogPosting',
          headline: b.title,
          url: `${origin}${blogPath(b.slug)}`,
          datePublished: b.created_at_iso,
          author: { '@type': 'Person', name: b.post_by.name },
        })),
      },
    ],
    crumbs: [{ name: t('page.blogs'), path: '/blogs' }],
  };
});

export const ErrorBoundary = RouteErrorBoundary;

export default function BlogsPage({ loaderData }: Route.ComponentProps) {
  const { blogs, categories, total, page, category } = loaderData;
  const { t } = useSite();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/blogs';
  return (
    <div className="container blog-page">
      <header className="blog-hero">
        <h1 className="page-title">{t('page.blogs')}</h1>
        <p className="blog-hero__intro">{t('blog.intro')}</p>
      </header>
      <BlogCategories categories={categories} current={category} total={total} />
      <p className="sr-only" role="status">
        {loading ? t('blog.loading') : t('blog.posts_n', { count: total })}
      </p>
      {blogs.length === 0 ? (
        <div className="empty-state" data-testid="empty-state">
          <p className="empty-state__title">{t('blog.empty')}</p>
          <p>{t('blog.empty_text')}</p>
        </div>
      ) : (
        <div
          className={`blog-grid grid-cols dim-while-loading${loading ? ' is-loading' : ''}`}
          aria-busy={loading}
          data-testid="blog-grid"
        >
          {blogs.map((b, i) => (
            <BlogCard key={b.id} blog={b} priority={i < 1} />
          ))}
        </div>
      )}
      <Pagination page={page} total={total} perPage={BLOGS_PER_PAGE} hrefFor={(n) => blogsPath(category, n)} />
    </div>
  );
}
