import { Link } from 'react-router';
import { orNotFound } from '~/features/catalog/api';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { fetchBlog } from '~/features/content/api';
import { BlogCard, BlogLinkList, BlogMeta, blogPath, blogsPath } from '~/features/content/blog';
import { sanitizeArticle } from '~/features/content/rich-text.server';
import { articleJsonLd } from '~/features/content/seo';
import { useBlogViews } from '~/features/content/use-blog-view';
import { requestLocale } from '~/shared/i18n';
import { localisedUrl, pageMeta } from '~/shared/seo';
import { useSite } from '~/shared/site';
import { ChevronIcon } from '~/shared/ui/icons';
import { Img } from '~/shared/ui/image';
import type { Route } from './+types/blog-details';
import { Breadcrumbs } from '~/shared/ui/breadcrumbs';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!params.slug || params.slug.length > 255) throw new Response('Not found', { status: 404 });
  const data = await orNotFound(fetchBlog({ locale: requestLocale(request), context }, params.slug));
  // The API sends sanitised HTML; it is cleaned once more here, on the server, before any page shows it.
  return { ...data, blog: { ...data.blog, description: sanitizeArticle(data.blog.description) } };
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ t, root, app, origin, data }) => {
  if (!data) return null;
  const { blog } = data;
  const locale = root?.locale ?? 'ar';
  const path = blogPath(blog.slug);
  return {
    title: blog.title,
    description: blog.excerpt,
    path,
    image: blog.thumbnail,
    type: 'article',
    jsonLd: [
      articleJsonLd(origin, blog, {
        name: app,
        logo: root?.master.web_logo ?? null,
        locale,
        url: localisedUrl(`${origin}${path}`, locale),
      }),
    ],
    crumbs: [
      { name: t('page.blogs'), path: '/blogs' },
      { name: blog.category.name, path: blogsPath(blog.category.id) },
      { name: blog.title, path },
    ],
  };
});

export const ErrorBoundary = RouteErrorBoundary;

export default function BlogDetailsPage({ loaderData }: Route.ComponentProps) {
  const { blog, related_blogs, popular_blogs } = loaderData;
  const { t, locale } = useSite();
  const views = useBlogViews(blog.slug, blog.total_views, locale);

  return (
    <div className="container blog-post" key={blog.id}>
      <Breadcrumbs
        items={[
          { name: t('page.home'), href: '/' },
          { name: t('page.blogs'), href: '/blogs' },
          { name: blog.category.name, href: blogsPath(blog.category.id) },
          { name: blog.title },
        ]}
      />

      <div className="blog-post__layout">
        <article className="blog-article" data-testid="blog-article">
          <header className="blog-article__head">
            <Link to={blogsPath(blog.category.id)} className="blog-article__category">
              {blog.category.name}
            </Link>
            <h1 className="blog-article__title">{blog.title}</h1>
            <BlogMeta blog={blog} views={views} />
          </header>
          <figure className="blog-article__figure">
            <Img src={blog.thumbnail} alt="" width={1200} height={675} priority sizes="(min-width: 1100px) 760px, 94vw" />
          </figure>
          <div
            className="rich-text blog-article__body"
            data-testid="blog-body"
            dangerouslySetInnerHTML={{ __html: blog.description }}
          />
          <Link to="/blogs" className="blog-article__back">
            <ChevronIcon className="blog-article__back-icon" size={16} />
            {t('blog.back')}
          </Link>
        </article>

        {popular_blogs.length ? (
          <aside className="blog-aside" aria-labelledby="popular-title">
            <h2 className="blog-aside__title" id="popular-title">
              {t('blog.popular')}
            </h2>
            <BlogLinkList blogs={popular_blogs} testId="popular-blogs" />
          </aside>
        ) : null}
      </div>

      {related_blogs.length ? (
        <section className="section" aria-labelledby="related-title" data-testid="related-blogs">
          <div className="section__head">
            <h2 className="section__title" id="related-title">
              {t('blog.related')}
            </h2>
            <Link className="section__more" to={blogsPath(blog.category.id)}>
              {t('catalog.see_all')}
            </Link>
          </div>
          <div className="blog-grid grid-cols dim-while-loading">
            {related_blogs.map((b) => (
              <BlogCard key={b.id} blog={b} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
