import { describe, expect, it } from 'vitest';
import { finish, keepFile, newPage } from './browser';
import { call, deliveredOrder, open, signedIn } from './orders-api';

/**
 * Invoices (issue 39): the customer opens a delivered order's invoice from its page, the shop from its
 * order panel; both show the order's lines, VAT and payable total; the print style leaves the invoice
 * alone on the page. Another customer's order is "not found".
 */
type Order = {
  data: {
    order: { order_code: string; payable_amount: number; taxes: Array<{ amount: number }>; shop: { address: string | null } };
  };
};

describe.each([
  ['ar', 1280, 3],
  ['en', 390, 2],
] as const)('invoice (%s, %i px)', (locale, width, shopId) => {
  it('the customer and the shop print an order’s tax invoice', async () => {
    const { customer, sellerSession, orderId } = await deliveredOrder(shopId);
    // In the page's language: the shop's address is the one the invoice prints.
    const order = (await call<Order>(`/order-details?order_id=${orderId}`, { token: customer.token, locale })).data.order;
    const page = await signedIn(customer, locale, width);
    await open(page, `/order-history/${orderId}`);
    await page.getByTestId('order-invoice').click();
    const invoice = page.getByTestId('invoice');
    await invoice.waitFor();
    const text = (await invoice.textContent()) ?? '';
    expect(text).toContain(order.order_code);
    expect(text).toContain(order.payable_amount.toFixed(3));
    expect(order.shop.address).toBeTruthy();
    expect(text).toContain(order.shop.address);
    // The payment in our words (read from payment_method_code/payment_state; the details' payment_method is
    // the original client's "Cash Payment", decision 024): a delivered cash order is paid.
    expect(text).toContain(locale === 'ar' ? 'الدفع عند الاستلام' : 'Cash on delivery');
    expect(text).toContain(locale === 'ar' ? 'مدفوع' : 'Paid');
    expect(text).not.toContain('Cash Payment');
    expect(await page.getByTestId('invoice-line').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('invoice-vat').count()).toBe(order.taxes.length);
    expect(await page.locator('.site-header').count()).toBe(0);
    // On paper: the print button goes, the invoice stays.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('invoice-print').isVisible()).toBe(false);
    expect(await invoice.isVisible()).toBe(true);
    // Chromium's print to PDF (A4, the page's own @page rule): one page for an order of a few lines.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    keepFile(`invoice-${locale}-${width}.pdf`, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });
    await finish(page, `invoice-${locale}-${width}`);

    // Someone else's order: not found, nothing of it shown.
    const stranger = await deliveredOrder(shopId);
    const other = await signedIn(stranger.customer, locale, width);
    await open(other, `/order-history/${orderId}/invoice`);
    await other.getByTestId('invoice-missing').waitFor();
    expect(await other.getByTestId('invoice').count()).toBe(0);
    await finish(other, `invoice-not-found-${locale}-${width}`);

    // The shop's copy, from the seller centre (signed in as the shop's seller).
    const shop = await newPage({ locale, width, height: 900 });
    await shop.context().addInitScript((session: string) => {
      if (!localStorage.getItem('seller_auth')) localStorage.setItem('seller_auth', session);
    }, JSON.stringify(sellerSession));
    await open(shop, `/seller/orders/${orderId}/invoice`);
    await shop.getByTestId('invoice').waitFor();
    expect(await shop.getByTestId('invoice').textContent()).toContain(order.order_code);
    await finish(shop, `invoice-seller-${locale}-${width}`);
  });
});
