import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const deflateRaw = promisify(zlib.deflateRaw);

interface Entry {
  at: number;
  status: number;
  type: string;
  headers: Record<string, string | string[]>;
  body: Buffer;
  br?: Promise<Buffer>;
  gz?: Promise<Buffer>;
  /** Set when every answer must carry a value of its own (see CachedBody.perAnswer). */
  renewable?: Renewable;
}

/** A cached answer whose `value` is replaced in every answer: its body cut where the value stood. */
interface Renewable {
  value: string;
  renew(): string;
  /** The body between the occurrences of the value (one more than there are occurrences). */
  parts: Buffer[];
  /** Each part as raw deflate blocks that end on a byte (a sync flush): made once, on the first gzip answer. */
  deflated?: Promise<Buffer[]>;
}

export interface CachedBody {
  status?: number;
  type: string;
  body: string | Buffer;
  headers?: Record<string, string | string[]>;
  /** Send it, but do not keep it (e.g. it sets a cookie). */
  noStore?: boolean;
  /**
   * A value of the body and headers that must differ in every answer (a page's CSP nonce): every answer,
   * the first one too, carries `renew()` wherever `value` stood. Such an answer is sent gzip-compressed
   * (spliced from pieces compressed once, see gzipWith) or as it is, never brotli, whose stream cannot be
   * pieced together.
   */
  perAnswer?: { value: string; renew(): string };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A last, empty stored block: ends the deflate stream. */
const LAST_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** `data` (under 64 KB) as one stored (uncompressed) deflate block, not the last; it starts and ends on a byte. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** Cuts `body` at every occurrence of `value`. */
function cut(body: Buffer, value: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(value); at >= 0; at = body.indexOf(value, from)) {
    parts.push(body.subarray(from, at));
    from = at + value.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * The gzip form of a renewable answer with `value` in place, without compressing the page again: each
 * part was compressed on its own into deflate blocks ending on a byte (a part's back-references stay
 * inside it, so the pieces may follow one another), and the value goes between them as a stored block.
 * Only the CRC-32 runs over the whole page (~0.1 ms for 170 KB), not the compressor (~3 ms).
 */
async function gzipWith(r: Renewable, value: Buffer): Promise<Buffer> {
  r.deflated ??= Promise.all(r.parts.map((p) => deflateRaw(p, { level: 6, finishFlush: zlib.constants.Z_SYNC_FLUSH })));
  const deflated = await r.deflated;
  const between = storedBlock(value);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  r.parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(between);
      crc = zlib.crc32(value, crc);
      size += value.length;
    }
    chunks.push(deflated[i]!);
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(LAST_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** The entry's headers with the renewed value in place of the old. */
function renewHeaders(headers: Record<string, string | string[]>, from: string, to: string) {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers))
    out[k] = Array.isArray(v) ? v.map((x) => x.replaceAll(from, to)) : v.replaceAll(from, to);
  return out;
}

/**
 * A micro-cache of whole public answers (JSON of the catalogue, server-rendered pages): the bytes and
 * their brotli and gzip forms are kept for a few seconds, so a burst of identical guest requests costs
 * one computation and one compression. Only answers that are the same for every guest may go in:
 * callers skip it for requests that carry credentials. A page is the same but for its CSP nonce, which
 * every answer renews (CachedBody.perAnswer; decision 016).
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
  // Moved by clear(): an answer produced across a clear may hold what was cleared, so it is not kept.
  let generation = 0;

  async function entryFor(key: string, produce: () => Promise<CachedBody | null>): Promise<Entry | null> {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit;
    const stale = hit && Date.now() - hit.at < ttlMs + staleMs ? hit : undefined;
    let wait = pending.get(key);
    if (!wait) {
      const started = generation;
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
        const body = Buffer.isBuffer(made.body) ? made.body : Buffer.from(made.body);
        const entry: Entry = {
          at: Date.now(),
          status: made.status ?? 200,
          type: made.type,
          headers: made.headers ?? {},
          body,
        };
        const per = made.perAnswer;
        if (per?.value) entry.renewable = { ...per, parts: cut(body, Buffer.from(per.value)) };
        if (entry.status === 200 && !made.noStore && started === generation) {
          entries.delete(key);
          entries.set(key, entry);
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        }
        return entry;
      })().finally(() => {
        if (pending.get(key) === wait) pending.delete(key);
      });
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
      let headers = entry.headers;
      let encoding: string | undefined;
      const r = entry.renewable;
      if (r) {
        // This answer's own value (a fresh nonce), in the headers and wherever the body had the old one.
        const value = r.renew();
        const bytes = Buffer.from(value);
        headers = renewHeaders(entry.headers, r.value, value);
        if (entry.body.length >= 1024 && /\bgzip\b/.test(accept)) {
          body = await gzipWith(r, bytes);
          encoding = 'gzip';
        } else {
          body = Buffer.concat(r.parts.flatMap((part, i) => (i ? [bytes, part] : [part])));
        }
      } else if (entry.body.length >= 1024) {
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
      for (const [k, v] of Object.entries(headers)) reply.header(k, v);
      if (encoding) reply.header('content-encoding', encoding);
      // stale: an expired entry sent because its replacement could not be made.
      reply.header('x-cache', entry !== cached ? 'miss' : fresh ? 'hit' : 'stale');
      reply.send(body);
      return true;
    },
    clear() {
      generation++;
      entries.clear();
      pending.clear();
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
