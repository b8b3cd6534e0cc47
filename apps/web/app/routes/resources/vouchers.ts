import { afterVoucherCollect, collectAction, loadVouchers } from '~/features/cart/voucher-data';

/** /resources/vouchers?shop_id=: a shop's vouchers (loader) and collecting one (action), for the voucher dialog's fetchers. */
export const clientLoader = loadVouchers;
export const clientAction = collectAction;
export const shouldRevalidate = afterVoucherCollect;
