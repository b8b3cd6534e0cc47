import type { Coupon } from '@souq/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '~/shared/api';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { toast } from '~/shared/ui/toast';
import { collectVoucher, fetchVouchers } from './api';

/** What a coupon takes off: a percentage, or an amount in the selected currency. */
export function couponDiscount(coupon: Pick<Coupon, 'discount_type' | 'discount'>, money: (n: number) => string): string {
  return coupon.discount_type === 'Percentage' ? `${coupon.discount}%` : money(coupon.discount);
}

/**
 * 'Voucher from {shop}' (SPEC §2): the shop's coupons with their discount, Minimum Spend, Validity till
 * and Collect/Collected; none → 'Sorry there is no voucher available'.
 */
export function VoucherDialog({
  shop,
  onClose,
  onCollected,
}: {
  shop: { id: number; name: string } | null;
  onClose(): void;
  onCollected?(coupon: Coupon): void;
}) {
  const { t, locale, money } = useSite();
  const [coupons, setCoupons] = useState<Coupon[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const navigate = useNavigate();
  const shopId = shop?.id ?? null;

  useEffect(() => {
    setCoupons(null);
    if (shopId === null) return;
    let live = true;
    fetchVouchers(locale, shopId)
      .then((res) => live && setCoupons(res.data.coupons))
      .catch((e: unknown) => {
        if (!live) return;
        setCoupons([]);
        // SPEC §8: a 401 here signs out (the shared 401 handler clears the session) and goes to /.
        if (e instanceof ApiError && e.status === 401) {
          onClose();
          void navigate('/');
        } else toast.error(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, [shopId, locale, onClose, navigate]);

  const collect = useCallback(
    async (coupon: Coupon) => {
      setBusy(coupon.id);
      try {
        await collectVoucher(locale, coupon.id);
        setCoupons((list) => list?.map((c) => (c.id === coupon.id ? { ...c, is_collected: true } : c)) ?? null);
        toast.success(t('cart.voucher_collected'));
        onCollected?.(coupon);
      } catch (e) {
        if (e instanceof ApiError && e.status === 409)
          setCoupons((list) => list?.map((c) => (c.id === coupon.id ? { ...c, is_collected: true } : c)) ?? null);
        if (!(e instanceof ApiError && e.status === 401)) toast.error(e instanceof Error ? e.message : String(e));
      } finally {
        setBusy(null);
      }
    },
    [locale, onCollected, t],
  );

  return (
    <Dialog
      open={shop !== null}
      onClose={onClose}
      title={t('cart.voucher_from', { shop: shop?.name ?? '' })}
      testId="voucher-dialog"
      className="voucher-dialog"
    >
      {coupons === null ? (
        <div className="cart-loading" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : coupons.length === 0 ? (
        <p className="muted" data-testid="no-vouchers">
          {t('cart.no_voucher')}
        </p>
      ) : (
        <ul className="stack-list">
          {coupons.map((c) => (
            <li key={c.id} className="voucher" data-testid="voucher">
              <div className="voucher__amount">{couponDiscount(c, money)}</div>
              <div className="voucher__info">
                <strong className="voucher__code">
                  <bdi>{c.code}</bdi>
                </strong>
                <span>
                  {t('cart.min_spend')}: {money(c.min_order_amount)}
                </span>
                {c.validity ? (
                  <span className="muted">
                    {t('cart.valid_till')}: {formatDate(c.validity, locale)}
                  </span>
                ) : null}
              </div>
              <button
                type="button"
                className={c.is_collected ? 'btn btn-sm btn-ghost' : 'btn btn-sm btn-primary'}
                disabled={c.is_collected || busy !== null}
                onClick={() => void collect(c)}
                data-testid="voucher-collect"
              >
                {busy === c.id ? <span className="spinner" aria-hidden="true" /> : null}
                {t(c.is_collected ? 'cart.collected' : 'cart.collect')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
