import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { WebLoadContext } from '@souq/contracts/load-context';
import { PRODUCT_QUERY_KEYS } from '@souq/contracts/product-query';
import { newNonce, pagePolicy } from './http/csp';

/** What the web app's loaders receive as their load context (one type on both sides). */
export type { WebLoadContext };

/**
 * The URL React Router renders: the configured origin with the request's path and query. The host
 * never comes from the request (Host, X-Forwarded-Host), and leading slashes (or backslashes, which
 * URL parsing treats alike) are collapsed: `new URL('//evil.example/x', origin)` would change the host.
 */
/**
 * The query names the pages' server loaders read (the product lists' filters, a list's page, the blog's
 * category, a category's sub-category, the language). A page asked for with any other name is rendered
 * but not kept: unknown names make no cache entries (issue 41, finding 10).
 */
const PAGE_QUERY_NAMES: ReadonlySet<string> = new Set([...PRODUCT_QUERY_KEYS, 'page', 'category', 'subcategory', 'lang']);

/** Whether a page's cached copy may answer this query: every name one the pages read. */
export function cacheablePageQuery(search: URLSearchParams): boolean {
  for (const name of search.keys()) if (!PAGE_QUERY_NAMES.has(name)) return false;
  return true;
}

export function pageUrl(origin: string, rawUrl: string): URL {
  const url = new URL(origin);
  const q = rawUrl.indexOf('?');
  url.pathname = `/${(q < 0 ? rawUrl : rawUrl.slice(0, q)).replace(/^[/\\]+/, '')}`;
  url.search = q < 0 ? '' : rawUrl.slice(q);
  return url;
}

/**
 * The language a page is rendered in, decided as the web app does (app/shared/i18n.ts requestLocale):
 * `?lang=` wins over the `locale` cookie, and anything but "en" is Arabic. Part of the page cache key.
 */
export function pageLocale(url: URL, cookieHeader: string | undefined): 'ar' | 'en' {
  let value: string | null | undefined = url.searchParams.get('lang');
  if (value === null) {
    for (const part of (cookieHeader ?? '').split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k !== 'locale') continue;
      try {
        value = decodeURIComponent(v.join('='));
      } catch {
        value = undefined;
      }
      break;
    }
  }
  return value === 'en' ? 'en' : 'ar';
}

function toWebRequest(req: FastifyRequest, url: URL, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else headers.set(k, String(v));
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers,
    signal,
    body: hasBody ? (Readable.toWeb(req.raw) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for streamed bodies
    duplex: hasBody ? 'half' : undefined,
  });
}

export async function mountWeb(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const buildDir = config.webBuildDir;
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run "npm run build" first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, config.env === 'development' ? 'development' : 'production');
  // Pages may open a socket to the Pusher-compatible server the API publishes to (PUSHER_HOST).
  const remote = config.realtime.remote;
  const remoteSockets = remote ? [`${remote.tls ? 'wss' : 'ws'}://${remote.wsHost}:${remote.wsPort}`] : [];

  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    // Left to setHeaders: with its own Cache-Control on, send would overwrite it with max-age=0.
    cacheControl: false,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
      reply.header('vary', 'accept-encoding');
    },
  });
  const uploads = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=86400');
    },
  });

  const apiFetch: WebLoadContext['apiFetch'] = async (pathAndQuery, init = {}) => {
    if (config.apiUrl) return fetch(new URL(pathAndQuery, config.apiUrl), init);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: pathAndQuery,
      headers: init.headers,
      payload: init.body,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined || k === 'content-encoding' || k === 'content-length' || k === 'transfer-encoding') continue;
      headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

  /**
   * Renders one page. A page that failed (500) because an API call answered 503 (database unavailable)
   * answers 503 with Retry-After as the API does, and the page cache may then send its last good copy;
   * a page rendered while some call answered 503 is `degraded` and never cached.
   */
  const render = async (req: FastifyRequest, url: URL, signal: AbortSignal) => {
    let retryAfter: string | null = null;
    const nonce = newNonce();
    const context = {
      origin: config.publicUrl,
      nonce,
      apiFetch: async (pathAndQuery, init) => {
        // The page's request id goes with its API calls: their log lines carry the page's reqId.
        const res = await apiFetch(pathAndQuery, { ...init, headers: { ...init?.headers, 'x-request-id': req.id } });
        if (res.status === 503) retryAfter = res.headers.get('retry-after') ?? '5';
        return res;
      },
    } satisfies WebLoadContext;
    const response = await handle(toWebRequest(req, url, signal), context);
    // The policy travels with the page, into the page cache too, which gives every answer of a cached
    // page a nonce of its own in the policy and in the page (decision 016).
    response.headers.set('content-security-policy', pagePolicy(config.publicUrl, nonce, remoteSockets));
    // degraded: some data could not be loaded (the page may have rendered without it); not to be cached.
    if (response.status !== 500 || retryAfter === null) return { response, nonce, degraded: retryAfter !== null };
    const headers = new Headers(response.headers);
    headers.set('retry-after', retryAfter);
    return { response: new Response(response.body, { status: 503, headers }), nonce, degraded: true };
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api') return reply.callNotFound();
      const url = pageUrl(config.publicUrl, req.url);
      // A page is the same for every visitor with the same language (per-user state is loaded in the
      // browser), so guests' GETs share the short-lived response cache, keyed by what the page depends
      // on: its language and its path and query (never the host the request names).
      if (
        req.method === 'GET' &&
        app.responseCache.enabled &&
        !req.headers.authorization &&
        cacheablePageQuery(url.searchParams)
      ) {
        const key = `page|${pageLocale(url, req.headers.cookie)}|${url.pathname}${url.search}`;
        const sent = await app.responseCache.send(req, reply, key, async () => {
          const { response, nonce, degraded } = await render(req, url, new AbortController().signal);
          const headers: Record<string, string | string[]> = {};
          for (const [k, v] of response.headers) {
            if (k !== 'set-cookie' && k !== 'content-length' && k !== 'content-encoding' && k !== 'transfer-encoding')
              headers[k] = v;
          }
          const cookies = response.headers.getSetCookie();
          if (cookies.length) headers['set-cookie'] = cookies;
          return {
            status: response.status,
            type: response.headers.get('content-type') ?? 'text/html; charset=utf-8',
            headers,
            body: Buffer.from(await response.arrayBuffer()),
            noStore: cookies.length > 0 || response.status !== 200 || degraded,
            // A nonce sent twice would be one an attacker could learn and reuse: every answer of the
            // cached page, the first one too, gets a fresh one wherever the render's stood.
            perAnswer: { value: nonce, renew: newNonce },
          };
        });
        if (sent) return reply;
      }
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const { response } = await render(req, url, controller.signal);
      reply.status(response.status);
      for (const [k, v] of response.headers) if (k !== 'set-cookie') reply.header(k, v);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (!response.body || req.method === 'HEAD') return reply.send();
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
    },
  });
}
