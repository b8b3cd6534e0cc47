import type { Access, Address, Country, Envelope, SocialProvider, User } from '@souq/contracts';
import { api } from '~/shared/api';
import { authStore, setAuth } from '~/shared/auth-store';

export type AuthAnswer = Envelope<{ user: User; access: Access }>;

const post = <T>(path: string, body: unknown, locale: string, token?: string | null) =>
  api<T>(path, { method: 'POST', body, locale, token });

export const authApi = {
  login: (body: { phone: string; password: string }, locale: string) => post<AuthAnswer>('/login', body, locale),
  register: (
    body: { name: string; phone: string; email: string; password: string; country: string; phone_code: string },
    locale: string,
  ) => post<AuthAnswer>('/registration', body, locale),
  /** Signed in (`token`), the code may go to the account's own phone or e-mail before it is verified. */
  sendOtp: (
    body: { phone: string; phone_code?: string | null; forgot_password?: boolean },
    locale: string,
    token?: string | null,
  ) => post<Envelope<{ email_or_phone: string; otp?: string }>>('/send-otp', body, locale, token),
  verifyOtp: (body: { phone: string; phone_code?: string | null; otp: string }, locale: string) =>
    post<Envelope<{ token: string }>>('/verify-otp', body, locale),
  resetPassword: (body: { token: string; password: string; password_confirmation: string }, locale: string) =>
    post<Envelope<unknown>>('/reset-password', body, locale),
  social: (provider: SocialProvider, body: { code: string; data?: Record<string, unknown> | null }, locale: string) =>
    post<AuthAnswer>(`/auth/${provider}/token`, body, locale),
  logout: (token: string, locale: string) => post<unknown>('/logout', {}, locale, token),
  countries: (locale: string) => api<Envelope<{ countries: Country[] }>>('/countries', { locale }),
};

/** Stores the session of a login / registration / social answer. */
export function storeSession(answer: AuthAnswer) {
  const { user, access } = answer.data;
  setAuth({ token: access.token, user, addresses: [], favoriteCount: 0 });
}

/**
 * After sign-in: favourite count (GET /favorite-products → total) and addresses (GET /addresses).
 * Failures are silent; a 401 already cleared the session through onUnauthorized.
 */
export async function loadUserData(locale: string) {
  const token = authStore.get().token;
  if (!token) return;
  const [favorites, addresses] = await Promise.allSettled([
    api<Envelope<{ total: number }>>('/favorite-products', { locale, token, query: { per_page: 1 } }),
    api<Envelope<{ addresses: Address[] }>>('/addresses', { locale, token }),
  ]);
  if (authStore.get().token !== token) return; // logged out meanwhile
  const patch: { favoriteCount?: number; addresses?: Address[] } = {};
  if (favorites.status === 'fulfilled') patch.favoriteCount = favorites.value.data.total;
  if (addresses.status === 'fulfilled') patch.addresses = addresses.value.data.addresses;
  setAuth(patch);
}
