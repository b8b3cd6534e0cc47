import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiForm } from '~/features/account/api';
import { authStore, setAuth } from '~/shared/auth-store';
import { uiStore } from '~/shared/ui-store';
import { dismissToast, toast } from '~/shared/ui/toast';
import { ApiError } from '~/shared/api';
import { FavoriteButton } from './favorite-button';
import { favoriteAction } from './favorite-data';

/** The button on a page, with the favourites' action where the app has it. */
function renderButton() {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <FavoriteButton productId={7} /> },
    { path: '/resources/favorites', action: favoriteAction },
  ]);
  render(<Stub initialEntries={['/']} />);
}

vi.mock('~/shared/site', () => ({
  useSite: () => ({ t: (k: string) => k, locale: 'en' }),
  useT: () => (k: string) => k,
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  authStore.set({ token: null, user: null, favoriteCount: 0, ready: true });
  uiStore.set({ overlay: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.list().forEach((t) => dismissToast(t.id));
});

describe('FavoriteButton', () => {
  it('asks a guest to log in and opens the login dialog without calling the API', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    fireEvent.click(screen.getByRole('button'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(uiStore.get().overlay).toBe('login');
    expect(toast.list().map((t) => [t.kind, t.content])).toEqual([['error', 'account.login_first']]);
  });

  it('toggles the product and keeps the favourite count in step', async () => {
    setAuth({ token: 'tok', favoriteCount: 2 });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(200, { data: { product: { id: 7, is_favorite: true } } }))
      .mockResolvedValueOnce(json(200, { data: { product: { id: 7, is_favorite: false } } }));
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    const button = screen.getByRole('button');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(authStore.get().favoriteCount).toBe(3);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/favorite-add-or-remove');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ product_id: 7 });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(authStore.get().favoriteCount).toBe(2);
  });
});

describe('apiForm', () => {
  it('sends multipart with the usual headers and maps 422 to field errors', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(json(422, { message: 'Invalid', errors: { name: ['The name field is required.'] } }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('name', '');
    const error = await apiForm('/update-profile', form, { locale: 'ar', token: 'tok' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).field('name')).toBe('The name field is required.');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/update-profile');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('ar');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('clears the session on 401', async () => {
    setAuth({ token: 'tok', favoriteCount: 4 });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { message: 'Unauthenticated.' })));
    await expect(apiForm('/update-profile', new FormData(), { locale: 'en', token: 'tok' })).rejects.toMatchObject({
      status: 401,
    });
    expect(authStore.get().token).toBeNull();
    expect(authStore.get().favoriteCount).toBe(0);
  });
});
