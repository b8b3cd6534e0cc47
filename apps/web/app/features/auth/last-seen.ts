import { useEffect } from 'react';
import { useSite } from '~/shared/site';
import { api } from '~/shared/api';
import { useAuth } from '~/shared/auth-store';

export const LAST_SEEN_INTERVAL_MS = 10 * 60_000;

/** POST /update-last-seen with an empty JSON body (Content-Type and Accept application/json). */
export function updateLastSeen(token: string, locale: string) {
  return api('/update-last-seen', { method: 'POST', body: {}, token, locale }).catch((error: unknown) => {
    console.warn('last-seen update failed', error);
  });
}

/** SPEC §4: sent at once when a token appears and every 10 minutes; stops when the token is lost. */
export function useLastSeen() {
  const token = useAuth((s) => s.token);
  const { locale } = useSite();
  useEffect(() => {
    if (!token) return;
    // eslint-disable-next-line souq/no-api-in-effect -- beacon: fire and forget, nothing on the page reads its answer
    void updateLastSeen(token, locale);
    // eslint-disable-next-line souq/no-api-in-effect -- beacon: the same, every 10 minutes
    const timer = setInterval(() => void updateLastSeen(token, locale), LAST_SEEN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [token, locale]);
}
