import { useEffect, useRef, useState } from 'react';
import { useAuth } from '~/shared/auth-store';
import { recordBlogView } from './api';

/**
 * Reports this visit of a post once the page is in the browser (with the customer's token when signed
 * in) and answers the views to show: the server-rendered count until the API's answer arrives. The API
 * counts a visitor once a day (decision 022); a failed report changes nothing on the page.
 */
export function useBlogViews(slug: string, initial: number, locale: string): number {
  const [views, setViews] = useState(initial);
  const ready = useAuth((s) => s.ready);
  const token = useAuth((s) => s.token);
  const reported = useRef<string | null>(null);

  useEffect(() => setViews(initial), [slug, initial]);

  useEffect(() => {
    if (!ready || reported.current === slug) return;
    reported.current = slug;
    // eslint-disable-next-line souq/no-api-in-effect -- beacon: counts the visit once a day; its answer only refreshes the count shown
    recordBlogView({ locale, token }, slug)
      .then((r) => {
        // Still on this post (a quick move to another one keeps that one's count).
        if (reported.current === slug) setViews(r.total_views);
      })
      .catch(() => undefined);
  }, [ready, token, slug, locale]);

  return views;
}
