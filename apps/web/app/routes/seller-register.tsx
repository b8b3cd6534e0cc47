import type { Envelope, Master } from '@souq/contracts';
import { RouteErrorBoundary } from '~/features/catalog/route-error';
import { SellerApplication, SellerPitch } from '~/features/content/seller-application';
import { api } from '~/shared/api';
import { requestLocale } from '~/shared/i18n';
import { rootDataOf, metaTranslate } from '~/shared/page';
import { seoMeta } from '~/shared/seo';
import { useSite } from '~/shared/site';
import type { Route } from './+types/seller-register';

/** Become a Seller exists in multi-vendor mode only (SPEC §1); otherwise the path is not found. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const master = await api<Envelope<Master>>('/master', { locale: requestLocale(request), context });
  if (!master.data.multi_vendor) throw new Response('Not found', { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (error) return [];
  const root = rootDataOf(matches);
  const t = metaTranslate(root);
  return seoMeta({
    matches,
    title: t('page.seller_register'),
    description: t('apply.intro', { app: root?.master.app_name ?? '' }),
    path: '/shop/register',
  });
};

export const ErrorBoundary = RouteErrorBoundary;

export default function SellerRegisterPage() {
  const { t } = useSite();
  return (
    <div className="container apply-page">
      <div className="apply-page__layout">
        <header className="apply-page__head">
          <h1 className="page-title">{t('page.seller_register')}</h1>
          <SellerPitch />
        </header>
        <section className="apply-page__card" aria-labelledby="apply-form-title">
          <h2 className="apply-page__form-title" id="apply-form-title">
            {t('apply.form_title')}
          </h2>
          <SellerApplication />
        </section>
      </div>
    </div>
  );
}
