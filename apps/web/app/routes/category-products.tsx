import { Link, useLocation } from 'react-router';
import { fetchCategories } from '~/features/catalog/api';
import { ProductListScreen, loadProductList } from '~/features/catalog/product-list';
import { Breadcrumbs } from '~/shared/ui/breadcrumbs';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';
import type { ApiContext } from '~/shared/api';
import { requestLocale } from '~/shared/i18n';
import { rootDataOf, metaTranslate } from '~/shared/page';
import { breadcrumbJsonLd, originOf, seoMeta } from '~/shared/seo';
import type { Route } from './+types/category-products';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { categories } = await fetchCategories(
    { locale: requestLocale(request), context: context as ApiContext },
    { per_page: 100 },
  );
  const category = categories.find((c) => c.slug === params.slug);
  if (!category) throw new Response('Not found', { status: 404 });
  const subParam = new URL(request.url).searchParams.get('subcategory');
  const sub = category.sub_categories.find((s) => String(s.id) === subParam) ?? null;
  const list = await loadProductList(request, context, {
    category_id: category.id,
    sub_category_id: sub?.id,
  });
  return { ...list, category, sub };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [];
  const root = rootDataOf(matches);
  const t = metaTranslate(root);
  const { category, sub } = data;
  const path = `/categories/${category.slug}`;
  const crumbs = [
    { name: t('page.home'), path: '/' },
    { name: t('page.categories'), path: '/categories' },
    { name: category.name, path },
  ];
  if (sub) crumbs.push({ name: sub.name, path: `${path}?subcategory=${sub.id}` });
  return seoMeta({
    matches,
    title: sub ? `${sub.name} - ${category.name}` : category.name,
    description: t('catalog.category_description', { name: sub?.name ?? category.name, app: root?.master.app_name ?? '' }),
    path: sub ? `${path}?subcategory=${sub.id}` : path,
    image: category.thumbnail,
    jsonLd: [breadcrumbJsonLd(originOf(matches), crumbs)],
  });
};

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
