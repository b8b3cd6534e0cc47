import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

/**
 * What the web app's loaders receive as their load context: a way to call the API over its HTTP
 * contract. In one process it goes through Fastify's in-process injection (same routing, hooks and
 * serialisation as a socket, without the socket); with API_URL set it goes over the network.
 */
export interface WebLoadContext {
  apiFetch(pathAndQuery: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
}

function toWebRequest(req: FastifyRequest, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else headers.set(k, String(v));
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url, origin), {
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

  await app.register(fastifyStatic, {
    root: path.join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    // Left to setHeaders: with its own Cache-Control on, send would overwrite it with max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'public, max-age=3600');
      res.setHeader('vary', 'accept-encoding');
    },
  });
  const uploads = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.setHeader('cache-control', 'public, max-age=86400');
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

  // Canonical links and the sitemap use PUBLIC_URL when set, else the origin the request came to.
  const originOf = (req: FastifyRequest) =>
    config.publicUrl?.replace(/\/$/, '') ?? `${req.protocol}://${req.host || `localhost:${config.port}`}`;
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: async (req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api') return reply.callNotFound();
      // A page is the same for every visitor with the same language (per-user state is loaded in the
      // browser), so guests' GETs share the short-lived response cache.
      if (req.method === 'GET' && app.responseCache.enabled && !req.headers.authorization) {
        const locale = /(?:^|;\s*)locale=([a-z]{2})/.exec(req.headers.cookie ?? '')?.[1] ?? '';
        const sent = await app.responseCache.send(req, reply, `page|${locale}|${req.url}`, async () => {
          const response = await handle(toWebRequest(req, originOf(req), new AbortController().signal), {
            apiFetch,
          } satisfies WebLoadContext);
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
            noStore: cookies.length > 0 || response.status !== 200,
          };
        });
        if (sent) return reply;
      }
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      const response = await handle(toWebRequest(req, originOf(req), controller.signal), { apiFetch } satisfies WebLoadContext);
      reply.status(response.status);
      for (const [k, v] of response.headers) if (k !== 'set-cookie') reply.header(k, v);
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (!response.body || req.method === 'HEAD') return reply.send();
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
    },
  });
}
