import { Link } from 'react-router';
import { useSite } from '~/shared/site';

/** A home or product section's heading, with its "see all" link when there is more to see. */
export function SectionHead({ title, moreHref }: { title: string; moreHref?: string }) {
  const { t } = useSite();
  return (
    <div className="section__head">
      <h2 className="section__title">{title}</h2>
      {moreHref ? (
        <Link to={moreHref} className="section__more">
          {t('catalog.see_all')}
        </Link>
      ) : null}
    </div>
  );
}
