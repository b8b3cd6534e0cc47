import type { Envelope, Master } from '@souq/contracts';
import { useEffect, useState } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { directionOf, SiteProvider } from './shared/site';
import { api, apiResponse, readAnswer } from './shared/api';
import { heldVersionOf, messagesHref, messagesOf, messagesPath, requestLocale, setMessages, type Messages } from './shared/i18n';
import type { RootData } from './shared/root-data';
import { themeCss } from './shared/theme';
import { reportVitals } from './shared/vitals';
import stylesHref from './styles.css?url';
import arabic400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import arabic700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url';
import latin400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2?url';
import latin700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff2?url';

/**
 * The font files the first screen uses, fetched with the stylesheet: a web font is otherwise requested
 * only when the first layout meets its text, and its arrival lays the whole page out again (decision 009).
 * Arabic pages use bold Latin too (prices, codes): without its preload, that file arrived after the first
 * paint and the whole page was laid out again.
 */
const firstScreenFonts = { rtl: [arabic400, arabic700, latin400, latin700], ltr: [latin400, latin700] } as const;

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const locale = requestLocale(request);
  const [master, messagesVersion] = await Promise.all([
    api<Envelope<Master>>('/master', { locale, context }).then((r) => r.data),
    // The strings render the page here and go to the browser apart, at their version's address
    // (decision 032): the page's data carries only that version.
    // Read again only when their version is not the one held (every render asks, so a new API's strings
    // are taken at once).
    apiResponse(messagesPath(locale), { locale, context }).then(async (res) => {
      const version = res.ok ? (res.headers.get('etag') ?? '').replace(/^W\//, '').replaceAll('"', '') : '';
      if (version && version === heldVersionOf(locale)) await res.body?.cancel();
      else setMessages(locale, await readAnswer<Messages>(res), version);
      return version;
    }),
  ]);
  // Never the host the request names (Host, X-Forwarded-Host): the server passes its configured origin.
  return { master, messagesVersion, origin: context.origin ?? new URL(request.url).origin, locale };
}

// Settings and strings change rarely: keep them across client navigations.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const locale = data?.locale ?? 'ar';
  const dir = data ? directionOf(data.master, locale) : 'rtl';
  const theme = data ? themeCss(data.master.theme_colors) : null;
  return (
    <html lang={locale} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.master.theme_colors.primary ?? '#0f766e'} />
        {/* PNG, not SVG: Chromium draws an SVG favicon as a document on the page's main thread (~50 ms
            at load here); public/favicon.svg is the source of these files (decision 010). */}
        <link rel="icon" href="/favicon-32.png" type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="stylesheet" href={stylesHref} precedence="default" />
        {firstScreenFonts[dir].map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" href={href} crossOrigin="anonymous" />
        ))}
        {/* The page's strings, fetched with the scripts; entry.client hydrates once they are here (decision 032). */}
        {data ? (
          <link
            rel="preload"
            as="fetch"
            href={messagesHref(locale, data.messagesVersion)}
            crossOrigin="anonymous"
            data-messages={locale}
          />
        ) : null}
        {theme ? <style id="theme-colors">{theme}</style> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const rate = loaderData.master.vitals_sample_rate;
  // The route the document was loaded on (vitals reports are about that load).
  const [landing] = useState(useMatches().at(-1)?.id ?? 'root');
  useEffect(() => {
    // Effects run once the tree above them has committed: the whole served page is hydrated and its
    // controls answer. Tests and benches wait for this mark (decision 012).
    document.documentElement.dataset.hydrated = '1';
    reportVitals(rate, landing);
  }, [rate, landing]);
  return (
    <SiteProvider master={loaderData.master} messages={messagesOf(loaderData.locale)} locale={loaderData.locale}>
      <Outlet />
    </SiteProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="fatal-error">
      <h1>{status === 404 ? '404' : 'خطأ / Error'}</h1>
      <p>{status === 404 ? 'الصفحة غير موجودة — Page not found' : 'حدث خطأ غير متوقع — Something went wrong'}</p>
      <a href="/">الرئيسية / Home</a>
    </main>
  );
}
