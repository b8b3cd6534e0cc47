import { type ReactNode, useEffect } from 'react';
import { Form, Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguagePicker } from '~/features/chrome/top-bar';
import { useSite } from '~/shared/site';
import { LogoutIcon } from '~/shared/ui/icons';

/**
 * The frame of a back-office area (the seller centre, the operator console), not the shopper's header: a
 * bar with the brand (back to the store), who is signed in, the language and sign out (the sign-in page's
 * action, `intent=logout`); the sections' navigation beside the page on wide screens or above it; the page.
 *
 * The pages' loaders send a visitor without a session to the sign-in; here, a session that ends while a
 * page is open (a 401, another tab) does the same, and one that begins on the sign-in page (another tab)
 * opens the page asked for (`?next=`) or the area's first page. The frame and its navigation show from the
 * server's render on, so that the page does not move when the session has been read; they go once it is
 * known that there is none. `area` names the test ids (`<area>-bar`, `<area>-logout`).
 */
export function BackOfficeFrame(props: {
  area: string;
  barClassName?: string;
  ready: boolean;
  signedIn: boolean;
  loginPath: string;
  loginHref: (returnTo: string) => string;
  returnTo: (next: string | null) => string;
  brandTitle: string;
  areaIcon: ReactNode;
  /** Who is signed in (a name), or null before the session is read / without one. */
  who: ReactNode | null;
  areaLabel: string;
  signedInAs?: string;
  signOutLabel: string;
  nav: ReactNode;
  after?: ReactNode;
}) {
  const { master } = useSite();
  const { ready, signedIn, loginPath, loginHref, returnTo } = props;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const onLogin = pathname.replace(/\/$/, '') === loginPath;

  useEffect(() => {
    if (!ready) return;
    if (!signedIn && !onLogin) navigate(loginHref(pathname + search), { replace: true });
    else if (signedIn && onLogin) navigate(returnTo(new URLSearchParams(search).get('next')), { replace: true });
  }, [ready, signedIn, onLogin, navigate, pathname, search, loginHref, returnTo]);
  const framed = !onLogin && (!ready || signedIn);

  return (
    <>
      <header className={`seller-bar${props.barClassName ? ` ${props.barClassName}` : ''}`} data-testid={`${props.area}-bar`}>
        <div className="container seller-bar__inner">
          <Link to="/" className="seller-bar__brand" title={props.brandTitle}>
            {master.app_name}
          </Link>
          <span className="seller-bar__area">
            {props.areaIcon}
            {signedIn && props.who ? props.who : props.areaLabel}
          </span>
          <span className="seller-bar__end">
            <LanguagePicker />
            {signedIn ? (
              <Form method="post" action={loginPath}>
                <button
                  type="submit"
                  name="intent"
                  value="logout"
                  className="btn btn-sm"
                  data-testid={`${props.area}-logout`}
                  title={props.signedInAs}
                >
                  <LogoutIcon size={16} />
                  <span className="seller-bar__label">{props.signOutLabel}</span>
                </button>
              </Form>
            ) : null}
          </span>
        </div>
      </header>
      <main id="main" className="site-main seller-main">
        <div className={`container seller-frame${framed ? ' seller-frame--nav' : ''}`}>
          {framed ? props.nav : null}
          <div className="seller-frame__page">
            {/* Before the session is read (the server's render, hydration) the page shows its own fallback. */}
            {!ready || (signedIn ? !onLogin : onLogin) ? (
              <Outlet />
            ) : (
              <div className="skeleton seller-skeleton" aria-busy="true" />
            )}
          </div>
        </div>
      </main>
      {props.after}
    </>
  );
}
