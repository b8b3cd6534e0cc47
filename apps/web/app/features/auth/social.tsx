import type { Master, SocialProvider } from '@souq/contracts';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useSite } from '~/shared/site';
import { useSubmission, type ActionResult } from '~/shared/ui/form';
import { AUTH_SUBMIT, type AuthDone } from './auth-data';

type SocialConfig = Master['social_auths']['google'];
interface SocialGrant {
  code: string;
  data?: Record<string, unknown> | null;
}

const scripts = new Map<string, Promise<void>>();
/** Loads a provider SDK once, on first use. */
function loadScript(src: string): Promise<void> {
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => {
        scripts.delete(src);
        el.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(el);
    });
    scripts.set(src, p);
  }
  return p;
}

interface GoogleCodeClient {
  requestCode(): void;
}
interface GoogleGlobal {
  accounts: {
    oauth2: {
      initCodeClient(config: {
        client_id: string;
        scope: string;
        ux_mode: 'popup' | 'redirect';
        redirect_uri?: string;
        callback(response: { code?: string; error?: string }): void;
        error_callback?(error: { type?: string }): void;
      }): GoogleCodeClient;
    };
  };
}
interface FacebookGlobal {
  init(config: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(cb: (r: { authResponse?: { accessToken: string } | null }) => void, options: { scope: string }): void;
  api(path: string, params: { fields: string }, cb: (r: { name?: string; email?: string; error?: unknown }) => void): void;
}
interface AppleGlobal {
  auth: {
    init(config: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<{ authorization: { code?: string; id_token?: string; state?: string }; user?: unknown }>;
  };
}
type SdkWindow = Window & { google?: GoogleGlobal; FB?: FacebookGlobal; AppleID?: AppleGlobal };
const sdkWindow = () => window as SdkWindow;

/** Decodes a JWT payload (not verified: the server verifies it). */
function claimsOf(jwt: string): Record<string, unknown> {
  try {
    const part = jwt.split('.')[1] ?? '';
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Google: the OAuth authorization-code flow in a popup (or a redirect when redirect_url is set). */
async function googleGrant(cfg: SocialConfig): Promise<SocialGrant | null> {
  await loadScript('https://accounts.google.com/gsi/client');
  const google = sdkWindow().google;
  if (!google || !cfg.client_id) throw new Error('Google SDK unavailable');
  return new Promise((resolve, reject) => {
    const client = google.accounts.oauth2.initCodeClient({
      client_id: cfg.client_id!,
      scope: 'openid email profile',
      ux_mode: cfg.redirect_url ? 'redirect' : 'popup',
      redirect_uri: cfg.redirect_url ?? undefined,
      callback: (r) => (r.code ? resolve({ code: r.code }) : r.error ? reject(new Error(r.error)) : resolve(null)),
      error_callback: (e) => (e.type === 'popup_closed' ? resolve(null) : reject(new Error(e.type ?? 'google error'))),
    });
    client.requestCode();
  });
}

/** Facebook: its access token plus the profile (name, email). */
async function facebookGrant(cfg: SocialConfig, locale: string): Promise<SocialGrant | null> {
  await loadScript(`https://connect.facebook.net/${locale === 'ar' ? 'ar_AR' : 'en_US'}/sdk.js`);
  const FB = sdkWindow().FB;
  if (!FB || !cfg.client_id) throw new Error('Facebook SDK unavailable');
  FB.init({ appId: cfg.client_id, version: 'v19.0', cookie: false, xfbml: false });
  const token = await new Promise<string | null>((resolve) =>
    FB.login((r) => resolve(r.authResponse?.accessToken ?? null), { scope: 'public_profile,email' }),
  );
  if (!token) return null;
  const profile = await new Promise<{ name?: string; email?: string }>((resolve) =>
    FB.api('/me', { fields: 'name,email' }, (r) => resolve(r && !r.error ? r : {})),
  );
  return { code: token, data: { name: profile.name ?? null, email: profile.email ?? null } };
}

/** Apple: the identity token (as code) plus its decoded claims and the first-sign-in name. */
async function appleGrant(cfg: SocialConfig, locale: string): Promise<SocialGrant | null> {
  await loadScript(
    `https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/${locale === 'ar' ? 'ar_SA' : 'en_US'}/appleid.auth.js`,
  );
  const AppleID = sdkWindow().AppleID;
  if (!AppleID || !cfg.client_id) throw new Error('Apple SDK unavailable');
  AppleID.auth.init({
    clientId: cfg.client_id,
    scope: 'name email',
    redirectURI: cfg.redirect_url ?? window.location.origin,
    usePopup: true,
  });
  const r = await AppleID.auth.signIn();
  const idToken = r.authorization.id_token;
  if (!idToken) return null;
  return {
    code: idToken,
    data: { ...claimsOf(idToken), id_token: idToken, authorization: r.authorization, user: r.user ?? null },
  };
}

const LABEL: Record<SocialProvider, string> = {
  google: 'auth.with_google',
  facebook: 'auth.with_facebook',
  apple: 'auth.with_apple',
};

/** Social sign-in buttons, only for active providers (SPEC §6). */
export function SocialButtons({ onSignedIn }: { onSignedIn(): void }) {
  const { master, t, locale } = useSite();
  // Getting the provider's grant (its SDK's own window), then the sign-in's action with it.
  const [granting, setGranting] = useState<SocialProvider | null>(null);
  const fetcher = useFetcher<ActionResult<AuthDone>>();
  useSubmission(fetcher, { onDone: onSignedIn });
  const sending = fetcher.state !== 'idle' ? (fetcher.formData?.get('provider') as SocialProvider) : null;
  const busy = granting ?? sending;
  const active = (['google', 'facebook', 'apple'] as const).filter((p) => master.social_auths[p]?.is_active);
  if (!active.length) return null;

  const start = async (provider: SocialProvider) => {
    const cfg = master.social_auths[provider];
    setGranting(provider);
    let grant: SocialGrant | null = null;
    try {
      grant =
        provider === 'google'
          ? await googleGrant(cfg)
          : provider === 'facebook'
            ? await facebookGrant(cfg, locale)
            : await appleGrant(cfg, locale);
    } catch (error) {
      // SPEC §8: social SDK failures are only logged.
      console.warn(`${provider} sign-in unavailable`, error);
    }
    setGranting(null);
    if (grant) void fetcher.submit({ intent: 'social', provider, grant: JSON.stringify(grant) }, AUTH_SUBMIT);
  };

  return (
    <div className="auth-social">
      <p className="auth-divider">
        <span>{t('auth.or_continue_with')}</span>
      </p>
      <div className="auth-social__buttons">
        {active.map((p) => (
          <button
            key={p}
            type="button"
            className={`btn auth-social__btn auth-social__btn--${p}`}
            onClick={() => void start(p)}
            disabled={busy !== null}
            aria-busy={busy === p || undefined}
            data-testid={`social-${p}`}
          >
            {busy === p ? <span className="spinner" aria-hidden="true" /> : <ProviderIcon provider={p} />}
            <span>{t(LABEL[p])}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

function ProviderIcon({ provider }: { provider: SocialProvider }) {
  if (provider === 'google')
    return (
      <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
        />
      </svg>
    );
  if (provider === 'facebook')
    return (
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="#1877F2"
          d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
        />
      </svg>
    );
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.3 0 1.7-.8 3.3-.8 1.5 0 1.9.8 3.3.8 1.4 0 2.2-1.3 3-2.5 1-1.4 1.3-2.7 1.4-2.8-.1 0-2.4-.9-2.4-4.1zM13.9 5c.7-.8 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z"
      />
    </svg>
  );
}
