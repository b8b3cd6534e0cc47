import type { ReactNode } from 'react';
import { useLastSeen } from '~/features/auth';
import { Basket, useCartSync } from '~/features/cart';
import { ChatSidebarHost, useChatBootstrap } from '~/features/chat';
import { useFavoritesSync } from '~/shared/wishlist-store';
import { useAuthBootstrap } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { ToastContainer } from '~/shared/ui/toast';
import { BottomBar } from './bottom-bar';
import { FloatingCart } from './floating-cart';
import { SiteFooter } from './footer';
import { MainHeader } from './header';
import type { ChromeCategory } from '~/shared/layout-data';
import { ChromeOverlays } from './overlays';
import { TopBar } from './top-bar';

/** Header, menus, footer, floating cart, dialogs and toasts around every page. */
export function SiteChrome({
  children,
  categories = [],
}: {
  children: ReactNode;
  categories?: ChromeCategory[];
  variant?: 'public' | 'blog' | 'account';
}) {
  const { t } = useSite();
  useAuthBootstrap();
  useLastSeen();
  useFavoritesSync();
  useCartSync();
  useChatBootstrap();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('chrome.skip_to_content')}
      </a>
      <header className="site-header">
        <TopBar />
        <MainHeader />
        <BottomBar categories={categories} />
      </header>
      {/* Focusable by script only: the skip link moves focus here, not just the scroll position. */}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <FloatingCart />
      <ChromeOverlays categories={categories} />
      <Basket />
      <ChatSidebarHost />
      <ToastContainer closeLabel={t('common.close')} />
    </>
  );
}
