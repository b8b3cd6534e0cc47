import type { CartProduct } from '@souq/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { unitPrice } from '~/shared/cart-store';
import { useSite } from '~/shared/site';
import { CloseIcon } from '~/shared/ui/icons';
import { Img } from '~/shared/ui/image';
import { useLineChange } from './actions';
import type { LineChange } from './api';

/** One cart line: thumbnail, name, colour and size, unit price, quantity stepper and remove. */
export function CartLine({
  line,
  isBuyNow = false,
  onLink,
  onChanged,
}: {
  line: CartProduct;
  isBuyNow?: boolean;
  onLink?(): void;
  /** Called after the server answered the change (buy now: the page reads its product again). */
  onChanged?(): void;
}) {
  const { t, money } = useSite();
  const change = useLineChange(isBuyNow);
  const [busy, setBusy] = useState(false);
  const run = async (what: LineChange) => {
    if (busy) return;
    setBusy(true);
    const answer = await change(line, what);
    setBusy(false);
    if (answer) onChanged?.();
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
            onClick={() => void run('decrement')}
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
            onClick={() => void run('increment')}
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
        onClick={() => void run('delete')}
        disabled={busy}
        aria-label={t('cart.remove_item', { name: line.name })}
        data-testid="line-delete"
      >
        <CloseIcon size={16} />
      </button>
    </li>
  );
}
