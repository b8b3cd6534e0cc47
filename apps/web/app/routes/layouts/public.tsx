import { Outlet } from 'react-router';
import { SiteChrome } from '~/features/chrome/site-chrome';
import { chromeLoader, chromeShouldRevalidate } from '~/shared/layout-data';
import type { Route } from './+types/public';

export const loader = chromeLoader;
export const shouldRevalidate = chromeShouldRevalidate;

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteChrome categories={loaderData.categories}>
      <Outlet />
    </SiteChrome>
  );
}
