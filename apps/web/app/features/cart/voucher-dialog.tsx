import type { Coupon } from '@souq/contracts';
import { useEffect } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { formatDate } from '~/shared/dates';
import { useSite } from '~/shared/site';
import { Dialog } from '~/shared/ui/dialog';
import { VOUCHERS, vouchersOf, type VoucherList } from './voucher-data';

/** What a coupon takes off: a percentage, or an amount in the selected currency. */
export function couponDiscount(coupon: Pick<Coupon, 'discount_type' | 'discount'>, money: (n: number) => string): string {
  return coupon.discount_type === 'Percentage' ? `${coupon.discount}%` : money(coupon.discount);
}

/**
 * 'Voucher from {shop}' (SPEC §2): the shop's coupons with their discount, Minimum Spend, Validity till
 * and Collect/Collected; none → 'Sorry there is no voucher available'. The list is a fetcher's load of
 * /resources/vouchers, asked when the dialog opens for a shop; a collect is that route's action, after
 * which the list (and the amounts that use the voucher) load again.
 */
export function VoucherDialog({ shop, onClose }: { shop: { id: number; name: string } | null; onClose(): void }) {
  const { t, locale, money } = useSite();
  const list = useFetcher<VoucherList>();
  const collect = useFetcher<{ ok: boolean }>();
  const navigate = useNavigate();
  const shopId = shop?.id ?? null;
  const { load } = list;

  useEffect(() => {
    if (shopId !== null) void load(vouchersOf(shopId));
  }, [shopId, locale, load]);

  // SPEC §8: a 401 here signs out (the shared 401 handler cleared the session) and goes to /.
  const answer = list.data?.shopId === shopId ? list.data : null;
  const unauthorized = answer?.status === 401;
  useEffect(() => {
    if (!unauthorized) return;
    onClose();
    void navigate('/');
  }, [unauthorized, onClose, navigate]);

  const coupons = answer ? answer.coupons : null;
  const collecting = collect.state !== 'idle' ? Number(collect.formData?.get('coupon_id')) : null;

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
                {c.validity_iso ? (
                  <span className="muted">
                    {t('cart.valid_till')}: {formatDate(c.validity_iso, locale)}
                  </span>
                ) : null}
              </div>
              <button
                type="button"
                className={c.is_collected ? 'btn btn-sm btn-ghost' : 'btn btn-sm btn-primary'}
                disabled={c.is_collected || collecting !== null}
                onClick={() =>
                  void collect.submit({ coupon_id: c.id }, { method: 'post', action: VOUCHERS, defaultShouldRevalidate: false })
                }
                data-testid="voucher-collect"
              >
                {collecting === c.id ? <span className="spinner" aria-hidden="true" /> : null}
                {t(c.is_collected ? 'cart.collected' : 'cart.collect')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
