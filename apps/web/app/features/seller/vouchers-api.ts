import type {
  SellerFlashSale,
  SellerProductRow,
  SellerVoucher,
  SellerVoucherCreateBody,
  SellerVouchersAnswer,
  SellerVoucherUpdateBody,
} from '@souq/contracts';
import { sellerCall } from './api';

/** The seller centre's voucher and flash-sale calls (BACKOFFICE.md "Seller centre"). */

export async function fetchSellerVouchers(page: number, perPage: number, signal?: AbortSignal): Promise<SellerVouchersAnswer> {
  return (await sellerCall<SellerVouchersAnswer>('/seller/vouchers', { query: { page, per_page: perPage }, signal })).data;
}

export async function createSellerVoucher(body: SellerVoucherCreateBody): Promise<SellerVoucher> {
  return (await sellerCall<{ voucher: SellerVoucher }>('/seller/vouchers', { method: 'POST', body })).data.voucher;
}

export async function updateSellerVoucher(id: number, body: SellerVoucherUpdateBody): Promise<SellerVoucher> {
  return (await sellerCall<{ voucher: SellerVoucher }>(`/seller/vouchers/${id}`, { method: 'PUT', body })).data.voucher;
}

/** Deletes the voucher (null), or answers it switched off when customers have collected or used it. */
export async function deleteSellerVoucher(id: number): Promise<SellerVoucher | null> {
  const res = await sellerCall<{ voucher: SellerVoucher } | undefined>(`/seller/vouchers/${id}`, { method: 'DELETE' });
  return res?.data?.voucher ?? null;
}

export async function fetchSellerFlashSales(signal?: AbortSignal): Promise<SellerFlashSale[]> {
  return (await sellerCall<{ flash_sales: SellerFlashSale[] }>('/seller/flash-sales', { signal })).data.flash_sales;
}

export async function joinFlashSale(saleId: number, body: { product_id: number; price: number }): Promise<SellerFlashSale> {
  return (await sellerCall<{ flash_sale: SellerFlashSale }>(`/seller/flash-sales/${saleId}/products`, { method: 'POST', body })).data
    .flash_sale;
}

export async function leaveFlashSale(saleId: number, productId: number): Promise<void> {
  await sellerCall(`/seller/flash-sales/${saleId}/products/${productId}`, { method: 'DELETE' });
}

/** The shop's products whose name matches (the seller products list, GET /api/seller/products). */
export async function searchSellerProducts(search: string, signal?: AbortSignal): Promise<SellerProductRow[]> {
  const res = await sellerCall<{ total: number; products: SellerProductRow[] }>('/seller/products', {
    query: { search: search || undefined, status: 'active', per_page: 20 },
    signal,
  });
  return res.data.products;
}
