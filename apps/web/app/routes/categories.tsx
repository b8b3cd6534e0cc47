import { Link, useNavigation } from 'react-router';
import { fetchCategories } from '~/features/catalog/api';
import { Breadcrumbs } from '~/shared/ui/breadcrumbs';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { useSite } from '~/shared/site';
import { requestLocale } from '~/shared/i18n';
import { fixedPageMeta } from '~/shared/seo';
import { Img } from '~/shared/ui/image';
import type { Route } from './+types/categories';

export async function loader({ request, context }: Route.LoaderArgs) {
  return fetchCategories({ locale: requestLocale(request), context }, { per_page: 100 });
}

export const meta = fixedPageMeta('page.categories', 'catalog.categories_description', '/categories');

export const ErrorBoundary = RouteErrorBoundary;

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useSite();
  const { categories } = loaderData;
  const loading = useNavigation().state === 'loading';
  return (
    <div className="container categories-page" aria-busy={loading}>
      <Breadcrumbs items={[{ name: t('page.home'), href: '/' }, { name: t('page.categories') }]} />
      <h1 className="page-title">{t('page.categories')}</h1>
      {categories.length === 0 ? (
        <div className="plist__empty" data-testid="empty-state">
          <h2>{t('catalog.no_categories')}</h2>
        </div>
      ) : (
        <ul className="category-grid" data-testid="category-grid">
          {categories.map((c, i) => (
            <li key={c.id}>
              <Link to={`/categories/${c.slug}`} className="category-tile" prefetch="intent" data-testid="category-tile">
                <span className="category-tile__media">
                  <Img src={c.thumbnail} alt="" width={96} height={96} priority={i < 4} />
                </span>
                <span className="category-tile__text">
                  <span className="category-tile__name">{c.name}</span>
                  {c.sub_categories.length ? (
                    <span className="category-tile__subs muted">{c.sub_categories.map((s) => s.name).join(' · ')}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
