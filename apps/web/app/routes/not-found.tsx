import { data } from 'react-router';
import { NotFound } from '~/shared/ui/not-found';
import { titleMeta } from '~/shared/page';

export const meta = titleMeta('page.not_found');

/** Any unlisted path: the not-found page inside the site chrome, with HTTP 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  return <NotFound />;
}

export default function NotFoundRoute() {
  return <NotFound />;
}
