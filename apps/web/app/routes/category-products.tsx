import { Link, redirect, useLocation } from 'react-router';
import { fetchCategory, orNotFound } from '~/features/catalog/api';
import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { Breadcrumbs } from '~/shared/ui/breadcrumbs';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';
import { requestLocale } from '~/shared/i18n';
import { pageMeta } from '~/shared/seo';
import type { Route } from './+types/category-products';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = await orNotFound(
    fetchCategory({ locale: requestLocale(request), context }, params.slug),
  );
  const url = new URL(request.url);
  // `/categories/{id}` (the shop's earlier web client built its links so, and they are shared) answers a
  // permanent redirect to the slug address with the same query, rather than a second copy of the page:
  // one address per page for search engines (the canonical link names the slug address anyway), and a
  // visitor's old link keeps working. The browser follows it on the server answer and on client
  // navigation alike.
  if (category.slug !== params.slug) throw redirect(`/categories/${encodeURIComponent(category.slug)}${url.search}`, 301);
  const subParam = url.searchParams.get('subcategory');
  const sub = category.sub_categories.find((s) => String(s.id) === subParam) ?? null;
  const list = await loadProductList(request, context, {
    category_id: category.id,
    sub_category_id: sub?.id,
  });
  return { ...list, category, sub };
}

export const meta = pageMeta<Route.ComponentProps['loaderData']>(({ t, app, data }) => {
  if (!data) return null;
  const { category, sub } = data;
  const path = `/categories/${category.slug}`;
  const crumbs = [
    { name: t('page.categories'), path: '/categories' },
    { name: category.name, path },
  ];
  if (sub) crumbs.push({ name: sub.name, path: `${path}?subcategory=${sub.id}` });
  return {
    title: sub ? `${sub.name} - ${category.name}` : category.name,
    description: t('catalog.category_description', { name: sub?.name ?? category.name, app }),
    path: sub ? `${path}?subcategory=${sub.id}` : path,
    image: category.thumbnail,
    crumbs,
  };
});

export const ErrorBoundary = RouteErrorBoundary;

function SubCategoryChips({
  category,
  current,
}: {
  category: Route.ComponentProps['loaderData']['category'];
  current: number | null;
}) {
  const { t } = useSite();
  const { search } = useLocation();
  if (category.sub_categories.length === 0) return null;
  // Keep the sort and search; a sub-category change drops the other filters' page.
  const href = (id: number | null) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    if (id) next.set('subcategory', String(id));
    else next.delete('subcategory');
    const qs = next.toString();
    return `/categories/${category.slug}${qs ? `?${qs}` : ''}`;
  };
  return (
    <nav className="sub-chips" aria-label={t('catalog.sub_categories')} data-testid="sub-category-chips">
      <Link
        to={href(null)}
        className={current ? 'sub-chip' : 'sub-chip is-active'}
        aria-current={current ? undefined : 'page'}
        preventScrollReset
      >
        {t('catalog.all')}
      </Link>
      {category.sub_categories.map((s) => (
        <Link
          key={s.id}
          to={href(s.id)}
          className={current === s.id ? 'sub-chip is-active' : 'sub-chip'}
          aria-current={current === s.id ? 'page' : undefined}
          preventScrollReset
        >
          {s.name}
        </Link>
      ))}
    </nav>
  );
}

export default function CategoryProductsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { category, sub } = loaderData;
  const crumbs = [
    { name: t('page.home'), href: '/' },
    { name: t('page.categories'), href: '/categories' },
    sub ? { name: category.name, href: `/categories/${category.slug}` } : { name: category.name },
    ...(sub ? [{ name: sub.name }] : []),
  ];
  return (
    <ProductListScreen
      data={loaderData}
      title={sub ? sub.name : category.name}
      before={<Breadcrumbs items={crumbs} />}
      after={<SubCategoryChips category={category} current={sub?.id ?? null} />}
      hide={['category']}
      testId="category-products"
    />
  );
}
