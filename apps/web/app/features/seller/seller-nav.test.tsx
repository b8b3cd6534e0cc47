import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELLER_NAV } from './nav';
import { SellerNav } from './seller-nav';

vi.mock('~/shared/site', () => ({
  useSite: () => ({ t: (k: string, v?: Record<string, unknown>) => (v ? `${k} ${JSON.stringify(v)}` : k), locale: 'en' }),
  useT: () => (k: string) => k,
}));

/** The nine sections in BACKOFFICE.md's order: the navigation keeps to it as sections join. */
const ORDER = [
  '/seller',
  '/seller/products',
  '/seller/orders',
  '/seller/vouchers',
  '/seller/flash-sales',
  '/seller/reviews',
  '/seller/messages',
  '/seller/support-tickets',
  '/seller/shop',
];

async function renderAt(entry: string, unread = 0) {
  const page = () => <SellerNav unread={unread} />;
  const Stub = createRoutesStub(
    ['/seller', '/seller/orders', '/seller/messages', '/seller/support-tickets', '/seller/support-tickets/:n'].map((path) => ({
      path,
      Component: page,
    })),
  );
  render(<Stub initialEntries={[entry]} />);
  return screen.findByRole('navigation', { name: 'seller.nav' });
}

const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((a) => a.getAttribute('aria-current') === 'page')
    .map((a) => a.getAttribute('href'));

afterEach(cleanup);

describe('SellerNav', () => {
  it('lists the sections in their order, as links in a named navigation landmark', async () => {
    const nav = await renderAt('/seller');
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(SELLER_NAV.map((l) => l.to));
    expect(hrefs).toEqual(ORDER.filter((to) => hrefs.includes(to)));
    expect(hrefs).toEqual(expect.arrayContaining(['/seller', '/seller/orders', '/seller/messages', '/seller/support-tickets']));
    expect(within(nav).getAllByRole('listitem')).toHaveLength(SELLER_NAV.length);
  });

  it('marks the dashboard current on /seller only, and a section on its pages below it', async () => {
    expect(current(await renderAt('/seller'))).toEqual(['/seller']);
    cleanup();
    expect(current(await renderAt('/seller/orders?status=pending&order=3'))).toEqual(['/seller/orders']);
    cleanup();
    const nav = await renderAt('/seller/support-tickets/104233');
    expect(current(nav)).toEqual(['/seller/support-tickets']);
    expect(within(nav).getByText('seller.nav_tickets').closest('a')!.className).toContain('is-active');
    expect(within(nav).getByText('seller.nav_dashboard').closest('a')!.hasAttribute('aria-current')).toBe(false);
  });

  it('moves the current mark with the page when a section is followed', async () => {
    const nav = await renderAt('/seller');
    await act(async () => fireEvent.click(within(nav).getByText('seller.nav_orders')));
    await waitFor(() => expect(current(screen.getByRole('navigation', { name: 'seller.nav' }))).toEqual(['/seller/orders']));
  });

  it('shows the unread messages beside Messages, named for screen readers', async () => {
    const nav = await renderAt('/seller', 4);
    const badge = within(nav).getByTestId('seller-unread-badge');
    expect(badge.textContent).toBe('4');
    expect(badge.getAttribute('aria-label')).toBe('account.unread {"count":4}');
    expect(badge.closest('a')!.getAttribute('href')).toBe('/seller/messages');
    cleanup();
    expect(within(await renderAt('/seller', 0)).queryByTestId('seller-unread-badge')).toBeNull();
  });
});
