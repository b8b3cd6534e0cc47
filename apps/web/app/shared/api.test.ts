import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiMultipart } from './api';
import { onUnauthorized } from './unauthorized';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let customerSignedOut = 0;
let stopListening: () => void;
beforeEach(() => {
  customerSignedOut = 0;
  stopListening = onUnauthorized(() => customerSignedOut++);
});
afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

describe('apiMultipart', () => {
  it('sends multipart with the usual headers and maps 422 to field errors', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValue(json(422, { message: 'Invalid', errors: { name: ['The name field is required.'] } }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('name', '');
    const error = await apiMultipart('/update-profile', form, { locale: 'ar', token: 'tok' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).field('name')).toBe('The name field is required.');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/update-profile');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    const headers = init.headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('ar');
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.Authorization).toBe('Bearer tok');
    // The browser writes the multipart type with its boundary.
    expect(headers['Content-Type']).toBeUndefined();
  });

  it("ends the customer's session on a 401, or only the caller's own when it says so", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockImplementation(() => Promise.resolve(json(401, { message: 'Unauthenticated.' }))),
    );
    await expect(apiMultipart('/update-profile', new FormData(), { locale: 'en', token: 'tok' })).rejects.toMatchObject({
      status: 401,
    });
    expect(customerSignedOut).toBe(1);
    const sellerSignedOut = vi.fn();
    await expect(
      apiMultipart('/seller/x', new FormData(), { locale: 'en', token: 'seller', onUnauthorized: sellerSignedOut }),
    ).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(sellerSignedOut).toHaveBeenCalledOnce();
    expect(customerSignedOut).toBe(1);
  });
});
