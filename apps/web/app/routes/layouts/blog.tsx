import { Outlet } from 'react-router';
import { SiteChrome } from '~/features/chrome/site-chrome';
import { chromeLoader, chromeShouldRevalidate } from '~/shared/layout-data';
import type { Route } from './+types/blog';

export const loader = chromeLoader;
export const shouldRevalidate = chromeShouldRevalidate;

export default function BlogLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteChrome variant="blog" categories={loaderData.categories}>
      <div className="blog-layout">
        <Outlet />
      </div>
    </SiteChrome>
  );
}
