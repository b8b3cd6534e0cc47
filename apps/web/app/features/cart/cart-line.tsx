import type { CartProduct } from '@souq/contracts';
import { Link, useFetcher } from 'react-router';
import { unitPrice } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { CloseIcon } from '~/shared/ui/icons';
import { Img } from '~/shared/ui/image';
import type { LineChange } from './api';
import { lineFields } from './cart-data';
import { CART_ACTION } from './cart-toasts';

/** One cart line: thumbnail, name, colour and size, unit price, quantity stepper and remove. */
export function CartLine({ line, isBuyNow = false, onLink }: { line: CartProduct; isBuyNow?: boolean; onLink?(): void }) {
  const { t, money } = useSite();
  // The line's own fetcher: its buttons wait for their answer (the cart action stores it; checkout and
  // buy now load again after it).
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  const run = (intent: LineChange) => {
    if (busy) return;
    void fetcher.submit(
      { ...lineFields(line), intent, is_buy_now: isBuyNow ? '1' : '' },
      { method: 'post', action: CART_ACTION, defaultShouldRevalidate: false },
    );
  };
  const variant = [line.color?.name, line.size?.name].filter(Boolean).join(' · ');
  return (
    <li className="cart-line" data-testid="cart-line" data-product-id={line.id}>
      <Img src={line.thumbnail} alt="" width={64} height={64} className="cart-line__img" />
      <div className="cart-line__info">
        <Link to={`/products/${line.id}/details`} className="cart-line__name" onClick={onLink}>
          {line.name}
        </Link>
        {variant ? <span className="muted cart-line__variant">{variant}</span> : null}
        <span className="cart-line__price">
          {money(unitPrice(line))}
          {line.discount_price > 0 ? <del className="muted">{money(line.price)}</del> : null}
        </span>
        <div className="qty qty--sm" role="group" aria-label={t('product.quantity')}>
          <button
            type="button"
            onClick={() => run('decrement')}
            disabled={busy}
            aria-label={t('product.decrease')}
            data-testid="line-decrement"
          >
            −
          </button>
          <output aria-live="polite" data-testid="line-quantity">
            {line.quantity}
          </output>
          <button
            type="button"
            onClick={() => run('increment')}
            disabled={busy || line.quantity >= line.stock}
            aria-label={t('product.increase')}
            data-testid="line-increment"
          >
            +
          </button>
        </div>
      </div>
      <button
        type="button"
        className="icon-btn cart-line__remove"
        onClick={() => run('delete')}
        disabled={busy}
        aria-label={t('cart.remove_item', { name: line.name })}
        data-testid="line-delete"
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}
