import type { SellerDashboard } from '@souq/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageData } from '~/features/account';
import { SellerDashboardScreen } from './dashboard';

vi.mock('~/shared/site', () => ({
  useSite: () => ({
    t: (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k),
    locale: 'en',
    money: (n: number) => `OMR ${n.toFixed(3)}`,
  }),
  useT: () => (k: string) => k,
}));

const zero = { all: 0, pending: 0, confirm: 0, processing: 0, pickup: 0, on_the_way: 0, delivered: 0, cancelled: 0 };
const figures: SellerDashboard = {
  orders: { ...zero, all: 5, pending: 2, delivered: 2, cancelled: 1 },
  sales: { today: 12.75, last_7_days: 20.875, last_30_days: 1234.5 },
  top_products: [{ id: 11, name: 'Frankincense', total_sold: 30 }],
  low_stock: [
    { id: 21, name: 'Dates', quantity: 0 },
    { id: 22, name: 'Honey', quantity: 3 },
  ],
};

async function show(data?: PageData<SellerDashboard>) {
  const Stub = createRoutesStub([{ path: '/seller', Component: () => <SellerDashboardScreen data={data} /> }]);
  render(<Stub initialEntries={['/seller']} />);
  return screen.findByTestId('seller-dashboard');
}

afterEach(cleanup);

describe('SellerDashboardScreen', () => {
  it('shows a skeleton while loading', async () => {
    const page = await show();
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(within(page).getByTestId('dash-loading')).toBeTruthy();
  });

  it('shows the figures, each status and product a link', async () => {
    const page = await show({ data: figures });
    expect(page.hasAttribute('aria-busy')).toBe(false);
    expect(within(page).getByTestId('dash-sales-today').textContent).toContain('OMR 12.750');
    expect(within(page).getByTestId('dash-sales-last_30_days').textContent).toContain('OMR 1234.500');
    const pending = within(page).getByTestId('dash-orders-pending');
    expect(pending.getAttribute('href')).toBe('/seller/orders?status=pending');
    expect(pending.textContent).toBe('2orders.status.pending');
    expect(within(page).getByTestId('dash-all-orders').getAttribute('href')).toBe('/seller/orders');
    expect(within(page).getByText('Frankincense').getAttribute('href')).toBe('/seller/products/11');
    const low = within(page).getAllByTestId('dash-low-product');
    expect(low.map((li) => li.textContent)).toEqual(['Datesseller.dash.out_of_stock', 'Honeyseller.dash.left {"count":3}']);
    expect(within(low[1]!).getByRole('link').getAttribute('href')).toBe('/seller/products/22');
  });

  it('welcomes a shop without orders with a way to add a product', async () => {
    const page = await show({ data: { ...figures, orders: zero, top_products: [], low_stock: [] } });
    expect(within(page).getByTestId('dash-add-product').getAttribute('href')).toBe('/seller/products/new');
    expect(within(page).queryByTestId('dash-sales')).toBeNull();
    expect(within(page).queryByTestId('dash-low-stock')).toBeNull();
  });

  it('says why the figures could not be loaded, with a retry', async () => {
    const page = await show({ error: 'Server error.', status: 500 });
    expect(within(page).getByRole('alert').textContent).toBe('Server error.');
    expect(within(page).getByRole('button', { name: 'account.retry' })).toBeTruthy();
  });
});
