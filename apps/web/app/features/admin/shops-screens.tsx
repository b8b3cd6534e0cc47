import type { AdminShopStatus } from '@souq/contracts';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';

/** A shop's status as a coloured word (the colour is never the only sign: the word is there). */
export function ShopStatus({ status }: { status: AdminShopStatus }) {
  const { t } = useSite();
  return (
    <span className={`adm-status adm-status--${status}`} data-testid="shop-status" data-status={status}>
      {t(`admin.shops.status_${status}`)}
    </span>
  );
}

/** The shop's logo in a fixed box (no layout shift), or its first letter when it has none. */
export function ShopLogo({ logo, name, size }: { logo: string | null; name: string; size: number }) {
  const { t } = useSite();
  return logo ? (
    <Img src={logo} alt={t('admin.shops.logo_of', { name })} width={size} height={size} className="adm-logo" />
  ) : (
    <span className="adm-logo adm-logo--none" style={{ inlineSize: size, blockSize: size }} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}
