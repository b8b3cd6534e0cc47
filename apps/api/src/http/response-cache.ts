import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Entry {
  at: number;
  status: number;
  type: string;
  headers: Record<string, string | string[]>;
  body: Buffer;
  br?: Promise<Buffer>;
  gz?: Promise<Buffer>;
}

export interface CachedBody {
  status?: number;
  type: string;
  body: string | Buffer;
  headers?: Record<string, string | string[]>;
  /** Send it, but do not keep it (e.g. it sets a cookie). */
  noStore?: boolean;
}

/**
 * A micro-cache of whole public answers (JSON of the catalogue, server-rendered pages): the bytes and
 * their brotli and gzip forms are kept for a few seconds, so a burst of identical guest requests costs
 * one computation and one compression. Only answers that are the same for every guest may go in:
 * callers skip it for requests that carry credentials.
 */
export interface ResponseCache {
  /** Sends the cached answer for `key`, computing (and caching) it on a miss. */
  send(req: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<CachedBody | null>): Promise<boolean>;
  clear(): void;
  readonly enabled: boolean;
}

/** A failure of the producer that is the server's (database down, a bug), not an answer to the request (404, 422). */
const serverFailure = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return !(typeof status === 'number' && status < 500);
};

/**
 * `staleMs`: how long after expiry an entry may still be sent when producing its replacement fails
 * (throws a server error or answers 5xx), so guests keep seeing the catalogue while the database is down.
 */
export function createResponseCache(ttlMs: number, staleMs = 0, maxEntries = 1000): ResponseCache {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();

  async function entryFor(key: string, produce: () => Promise<CachedBody | null>): Promise<Entry | null> {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit;
    const stale = hit && Date.now() - hit.at < ttlMs + staleMs ? hit : undefined;
    let wait = pending.get(key);
    if (!wait) {
      wait = (async () => {
        let made: CachedBody | null;
        try {
          made = await produce();
        } catch (error) {
          if (stale && serverFailure(error)) return stale;
          throw error;
        }
        if (stale && made && (made.status ?? 200) >= 500) return stale;
        if (!made) return null;
        const entry: Entry = {
          at: Date.now(),
          status: made.status ?? 200,
          type: made.type,
          headers: made.headers ?? {},
          body: Buffer.isBuffer(made.body) ? made.body : Buffer.from(made.body),
        };
        if (entry.status === 200 && !made.noStore) {
          entries.delete(key);
          entries.set(key, entry);
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        }
        return entry;
      })().finally(() => pending.delete(key));
      pending.set(key, wait);
    }
    return wait;
  }

  return {
    enabled: ttlMs > 0,
    async send(req, reply, key, produce) {
      const cached = entries.get(key);
      const fresh = !!cached && Date.now() - cached.at < ttlMs;
      const entry = await entryFor(key, produce);
      if (!entry) return false;
      const accept = String(req.headers['accept-encoding'] ?? '');
      let body: Buffer = entry.body;
      let encoding: string | undefined;
      if (entry.body.length >= 1024) {
        if (/\bbr\b/.test(accept)) {
          entry.br ??= brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
          body = await entry.br;
          encoding = 'br';
        } else if (/\bgzip\b/.test(accept)) {
          entry.gz ??= gzip(entry.body, { level: 6 });
          body = await entry.gz;
          encoding = 'gzip';
        }
      }
      reply.status(entry.status).type(entry.type).header('vary', 'accept-encoding, accept-language, cookie');
      for (const [k, v] of Object.entries(entry.headers)) reply.header(k, v);
      if (encoding) reply.header('content-encoding', encoding);
      // stale: an expired entry sent because its replacement could not be made.
      reply.header('x-cache', entry !== cached ? 'miss' : fresh ? 'hit' : 'stale');
      reply.send(body);
      return true;
    },
    clear() {
      entries.clear();
    },
  };
}

/** JSON answers compressed in one call by `compressJsonAnswers` (larger ones go through @fastify/compress). */
const ONE_CALL_MAX = 64 * 1024;

/**
 * Compresses JSON answers of 1–64 KB (every uncached catalogue answer, signed-in ones included) in one
 * synchronous call (brotli quality 1, else gzip) instead of @fastify/compress's per-answer stream, whose
 * machinery cost more CPU than the compression itself (decision 015). Quality 1: these answers are
 * compressed once per request, and on a 14 KB catalogue page quality 1 takes 45 µs, 2 61 µs and 4
 * 102 µs, for 2.46, 2.23 and 2.07 KB (gzip level 3: 51 µs, 2.34 KB). Runs before that plugin's hook,
 * which leaves an answer that already has a content-encoding alone; streams, pages and files still go
 * through the plugin.
 */
export function compressJsonAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || req.headers['x-no-compression'] !== undefined) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < 1024 || size > ONE_CALL_MAX) return payload;
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (!encoding) return payload;
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : zlib.gzipSync(payload, { level: 3 });
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}
