import { describe, expect, it } from 'vitest';
import { loadSellerDashboard } from './dashboard-data';
import { sellerLoginHref, sellerReturnTo } from './data';

describe('the sign-in and back', () => {
  it('returns to the seller page that was asked for', () => {
    expect(sellerLoginHref('/seller/orders?order=12')).toBe('/seller/login?next=%2Fseller%2Forders%3Forder%3D12');
    expect(sellerReturnTo('/seller/orders?order=12')).toBe('/seller/orders?order=12');
    expect(sellerReturnTo('/seller/support-tickets/104233')).toBe('/seller/support-tickets/104233');
  });

  it('goes to the dashboard for anything else', () => {
    expect(sellerLoginHref('/seller')).toBe('/seller/login');
    expect(sellerLoginHref()).toBe('/seller/login');
    for (const next of [
      null,
      '',
      '/seller/login',
      '/seller/login?next=/seller',
      '//evil.example/seller',
      'https://evil.example/seller',
      '/sellers',
      '/checkout',
      '/seller\\@evil',
      '/seller/ x',
    ])
      expect(sellerReturnTo(next)).toBe('/seller');
  });
});

describe('/seller’s loader', () => {
  const thrown = async (url: string) => {
    try {
      await loadSellerDashboard({ request: new Request(`http://localhost${url}`) });
    } catch (e) {
      return e as Response;
    }
    throw new Error('no redirect');
  };

  it('sends an orders address from before the dashboard on to /seller/orders, query and all', async () => {
    expect((await thrown('/seller?order=12')).headers.get('Location')).toBe('/seller/orders?order=12');
    expect((await thrown('/seller?status=pending&page=2')).headers.get('Location')).toBe('/seller/orders?status=pending&page=2');
  });

  it('sends a signed-out seller to the sign-in', async () => {
    expect((await thrown('/seller')).headers.get('Location')).toBe('/seller/login');
  });
});
