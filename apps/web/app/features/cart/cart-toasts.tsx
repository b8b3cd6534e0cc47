import { useFetcher } from 'react-router';
import { cartStore } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { Img } from '~/shared/ui/image';

/** Where the cart's writes go (routes/resources/cart.ts). */
export const CART_ACTION = '/resources/cart';

interface ToastLine {
  product_id: number;
  color: number | null;
  size: number | null;
  name: string;
  thumbnail: string | null;
}

/** The add toast (SPEC §2): thumbnail, name, 'has been added to cart', View In Cart opening the basket. */
export function AddedToast({ product }: { product: Pick<ToastLine, 'name' | 'thumbnail'> }) {
  const { t } = useSite();
  return (
    <div className="cart-toast" data-testid="cart-toast">
      <Img src={product.thumbnail} alt="" width={48} height={48} />
      <div>
        <strong className="cart-toast__name">{product.name}</strong>
        <span className="cart-toast__text">{t('cart.added')}</span>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => cartStore.set({ open: true })}
          data-testid="view-in-cart"
        >
          {t('cart.view_in_cart')}
        </button>
      </div>
    </div>
  );
}

/** The remove toast: 'Again Add to Cart' adds quantity 1 of the line back (buy now's back to buy now). */
export function RemovedToast({ line, buyNow }: { line: ToastLine; buyNow: boolean }) {
  const { t } = useSite();
  const fetcher = useFetcher();
  const again = () =>
    void fetcher.submit(
      {
        intent: 'add',
        product_id: line.product_id,
        color: line.color ?? '',
        size: line.size ?? '',
        name: line.name,
        thumbnail: line.thumbnail ?? '',
        quantity: 1,
        is_buy_now: buyNow ? '1' : '',
      },
      // Buy now's line comes back to buy now (whose page reads it again), not into the cart.
      { method: 'post', action: CART_ACTION, defaultShouldRevalidate: false },
    );
  return (
    <div className="cart-toast" data-testid="cart-remove-toast">
      <Img src={line.thumbnail} alt="" width={48} height={48} />
      <div>
        <strong className="cart-toast__name">{line.name}</strong>
        <span className="cart-toast__text">{t('cart.removed')}</span>
        <button type="button" className="btn btn-sm btn-primary" onClick={again} disabled={fetcher.state !== 'idle'}>
          {t('cart.add_again')}
        </button>
      </div>
    </div>
  );
}
