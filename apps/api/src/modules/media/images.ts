import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { createSemaphore, SemaphoreBusyError } from '../../shared/semaphore';

/** The widths the storefront asks for (srcset steps); any other width is a 404. */
export const IMAGE_WIDTHS = [64, 128, 192, 256, 384, 512, 768, 1024, 1280] as const;
const WIDTHS = new Set<number>(IMAGE_WIDTHS);
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const QUALITY = 78;
/** SVG sources are rasterised at most at this density (dpi) so that a small viewBox still fills the width. */
const MAX_SVG_DENSITY = 72 * 8;

// One thread per resize, and few resizes at once (IMAGE_RESIZE_CONCURRENCY, 2): each holds one of the four
// threads of Node's pool, which also reads files and compresses pages; a page's first visit with twenty
// pictures to resize must not hold the next page's answer back (with four at once it waited behind them).
// Results are cached on disk, so a resize is paid once per picture and width.
sharp.concurrency(1);
sharp.cache(false);
const RESIZE_WAIT_MS = 30_000;

/**
 * The part of the raw URL after `/img/<w>/`, decoded once, when it is a safe relative path under
 * uploads/: no '..' or '.' segments, no NUL, no backslash, no encoded slash, not absolute. Else null.
 */
export function safeUploadPath(rawRest: string): string | null {
  if (/%2f|%5c|%00/i.test(rawRest)) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(rawRest);
  } catch {
    return null;
  }
  if (!rel || rel.includes('\0') || rel.includes('\\') || rel.startsWith('/') || path.isAbsolute(rel)) return null;
  const segments = rel.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  if (segments[0] !== 'uploads' || segments.length < 2) return null;
  return rel;
}

/** Resolves `rel` under dataDir and checks that it (and its real path) stays inside dataDir/uploads. */
async function resolveSource(dataDir: string, rel: string): Promise<{ file: string; size: number; mtimeMs: number } | null> {
  const root = path.resolve(dataDir, 'uploads');
  const file = path.resolve(dataDir, rel);
  if (!file.startsWith(root + path.sep)) return null;
  try {
    const [real, realRoot] = await Promise.all([fs.realpath(file), fs.realpath(root)]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(real);
    if (!stat.isFile()) return null;
    return { file: real, size: stat.size, mtimeMs: stat.mtimeMs };
  } catch {
    return null;
  }
}

async function render(source: string, width: number): Promise<Buffer> {
  const input = await fs.readFile(source);
  let density: number | undefined;
  if (source.toLowerCase().endsWith('.svg')) {
    // A vector has no natural pixel size: rasterise at a density that reaches the asked width.
    const meta = await sharp(input).metadata();
    if (meta.width && meta.width < width) density = Math.min(MAX_SVG_DENSITY, Math.ceil((72 * width) / meta.width));
  }
  return sharp(input, { density, limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: QUALITY })
    .toBuffer();
}

export async function imageRoutes(app: FastifyInstance) {
  const { dataDir } = app.config;
  const cacheRoot = path.resolve(dataDir, 'cache', 'img');
  /** Cache file → the render in progress, so that concurrent identical requests resize once. */
  const inFlight = new Map<string, Promise<void>>();
  const resizes = createSemaphore(app.config.imageResize.concurrency, app.config.imageResize.queueLimit, RESIZE_WAIT_MS);

  async function ensureCached(source: string, sourceMtimeMs: number, width: number, target: string): Promise<void> {
    try {
      const stat = await fs.stat(target);
      if (stat.mtimeMs >= sourceMtimeMs) return;
    } catch {
      // not cached yet
    }
    let job = inFlight.get(target);
    if (!job) {
      job = (async () => {
        const data = await resizes.run(() => render(source, width));
        await fs.mkdir(path.dirname(target), { recursive: true });
        const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, target);
      })().finally(() => inFlight.delete(target));
      inFlight.set(target, job);
    }
    await job;
  }

  const notFound = (reply: FastifyReply) => reply.status(404).type('text/plain').send('Not found');

  app.get('/img/:w/*', async (req: FastifyRequest<{ Params: { w: string } }>, reply) => {
    const raw = req.url.split('?')[0]!;
    const match = /^\/img\/(\d{2,4})\/(.+)$/.exec(raw);
    const width = match ? Number(match[1]) : NaN;
    if (!match || !WIDTHS.has(width) || String(width) !== match[1]) return notFound(reply);
    const rel = safeUploadPath(match[2]!);
    if (!rel) return notFound(reply);
    const source = await resolveSource(dataDir, rel);
    if (!source || source.size > MAX_SOURCE_BYTES) return notFound(reply);

    const etag = `"${createHash('sha1').update(`${width}\0${rel}\0${source.size}\0${source.mtimeMs}`).digest('base64url').slice(0, 22)}"`;
    const cacheHeaders = { 'cache-control': 'public, max-age=31536000, immutable', etag };
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return reply.status(304).headers(cacheHeaders).send();
    }

    const target = path.join(cacheRoot, String(width), `${rel}.webp`);
    if (!target.startsWith(cacheRoot + path.sep)) return notFound(reply);
    try {
      await ensureCached(source.file, source.mtimeMs, width, target);
    } catch (error) {
      // Too many resizes waiting: the picture exists, it is only not ready; the browser may ask again.
      if (error instanceof SemaphoreBusyError)
        return reply.status(503).header('retry-after', '5').type('text/plain').send('Busy resizing images');
      req.log.warn({ err: error, rel }, 'image resize failed');
      return notFound(reply);
    }
    const data = await fs.readFile(target);
    return reply.headers(cacheHeaders).type('image/webp').send(data);
  });
}
