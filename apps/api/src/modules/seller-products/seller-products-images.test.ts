import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRODUCT_IMAGES_MAX, sellerProductImagesResponseSchema } from '@souq/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { sellerAuth } from '../commerce/test-support';
import { PRODUCT_IMAGE_SIDE } from './product-image';

/** A product's pictures (BACKOFFICE.md "Seller centre"): upload, limits, order, removal, memory and time under a burst. */
const app = await createTestApp();
const SHOP = 2;
const seller = await sellerAuth(app, SHOP);
const otherSeller = await sellerAuth(app, 5);
const category = await app.db
  .selectFrom('categories')
  .select('id')
  .where('is_active', '=', 1)
  .orderBy('id')
  .executeTakeFirstOrThrow();
const uploads = path.join(app.config.dataDir, 'uploads');

function multipart(file: { name?: string; filename: string; type: string; data: Buffer }) {
  const boundary = `----souq${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (id: number, file: Parameters<typeof multipart>[0], auth = seller) => {
  const { payload, headers } = multipart(file);
  return app.inject({ method: 'POST', url: `/api/seller/products/${id}/images`, headers: { ...auth, ...headers }, payload });
};

async function product() {
  const res = await app.inject({
    method: 'POST',
    url: '/api/seller/products',
    headers: seller,
    payload: { name: 'Picture Pot', name_ar: 'قدر الصور', category_id: category.id, price: 4, quantity: 3 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product.id as number;
}

/** A JPEG of `width`×`height` with a picture's worth of detail, and an EXIF block with a GPS position. */
async function photo(width: number, height: number, quality = 85) {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (x * 255) / width;
    raw[i + 1] = (y * 255) / height;
    raw[i + 2] = (seed >> 16) & 255;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: 'SouqCam', Copyright: 'secret owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 35/1 17/1', GPSLongitudeRef: 'E', GPSLongitude: '58/1 24/1 0/1' },
    })
    .toBuffer();
}

/** A PNG whose header says `width`×`height` and whose data is a few bytes: what a decompression bomb looks like before decoding. */
function pngHeaderOnly(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c08040' } })
  .png()
  .toBuffer();
const fileOf = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));
const thumbnailOf = async (id: number) =>
  (await app.db.selectFrom('products').select('thumbnail').where('id', '=', id).executeTakeFirstOrThrow()).thumbnail;

describe('adding pictures', () => {
  it('stores a JPEG resized as WebP without its EXIF (no GPS), serves it, and makes the first the thumbnail', async () => {
    const id = await product();
    const jpeg = await photo(2400, 1800);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(id, { filename: 'IMG_0001.JPG', type: 'image/jpeg', data: jpeg });
    expect(res.statusCode, res.body).toBe(200);
    const { images } = sellerProductImagesResponseSchema.parse(res.json()).data;
    expect(images).toHaveLength(1);
    expect(images[0]!.url).toMatch(new RegExp(`^/uploads/products/${id}-[0-9a-f]{24}\\.webp$`));
    const stored = fs.readFileSync(fileOf(images[0]!.url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PRODUCT_IMAGE_SIDE, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('secret owner'))).toBe(false);
    expect(stored.includes(Buffer.from('SouqCam'))).toBe(false);
    expect(await thumbnailOf(id)).toBe(images[0]!.url);
    // The storefront serves it, resized too.
    const served = await app.inject({ url: `/img/256${images[0]!.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // A second picture goes after the first; the thumbnail stays.
    const png = await upload(id, { filename: 'b.png', type: 'image/png', data: small });
    expect(png.json().data.images).toHaveLength(2);
    expect(await thumbnailOf(id)).toBe(images[0]!.url);
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('target_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.image.add', 'product.image.add']);
    // The seller view lists them.
    const view = (await app.inject({ url: `/api/seller/products/${id}`, headers: seller })).json().data.product;
    expect(view.images).toEqual(png.json().data.images);
    expect(view.thumbnail).toBe(images[0]!.url);
  });

  it('refuses by content, size, pixel count and number, each with a 422 on image (413 beyond the parts)', async () => {
    const id = await product();
    const expect422 = async (file: Parameters<typeof multipart>[0], what: string) => {
      const res = await upload(id, file);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), what).toEqual(['image']);
    };
    await expect422(
      { filename: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not a picture\n'.repeat(20)) },
      'text named .jpg',
    );
    await expect422(
      { filename: 'a.gif', type: 'image/gif', data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary') },
      'a GIF',
    );
    await expect422({ filename: 'bomb.png', type: 'image/png', data: pngHeaderOnly(8000, 6000) }, '48 megapixels by header');
    await expect422({ filename: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(5 * 1024 * 1024 + 10, 0xff) }, 'over 5 MB');
    await expect422({ name: 'photo', filename: 'a.png', type: 'image/png', data: small }, 'no image field');
    const json = await app.inject({ method: 'POST', url: `/api/seller/products/${id}/images`, headers: seller, payload: {} });
    expect(json.statusCode).toBe(422);
    expect(await thumbnailOf(id)).toBeNull();

    for (let i = 0; i < PRODUCT_IMAGES_MAX; i++)
      expect((await upload(id, { filename: 'a.png', type: 'image/png', data: small })).statusCode).toBe(200);
    await expect422({ filename: 'a.png', type: 'image/png', data: small }, 'the eleventh');
    const rows = await app.db.selectFrom('product_images').select('id').where('product_id', '=', id).execute();
    expect(rows).toHaveLength(PRODUCT_IMAGES_MAX);
    const files = fs.readdirSync(path.join(uploads, 'products')).filter((f) => f.startsWith(`${id}-`));
    expect(files).toHaveLength(PRODUCT_IMAGES_MAX);
    // Another shop's product: 404, nothing stored.
    expect((await upload(id, { filename: 'a.png', type: 'image/png', data: small }, otherSeller)).statusCode).toBe(404);
  });
});

describe('order and removal', () => {
  it("reorders with exactly the product's ids (else 422), the first becoming the thumbnail; removes a picture and its file", async () => {
    const id = await product();
    let images: Array<{ id: number; url: string }> = [];
    for (let i = 0; i < 3; i++)
      images = (await upload(id, { filename: 'a.png', type: 'image/png', data: small })).json().data.images;
    const ids = images.map((i) => i.id);
    const reorder = (body: unknown) =>
      app.inject({ method: 'PUT', url: `/api/seller/products/${id}/images`, headers: seller, payload: body as object });
    for (const bad of [[ids[0], ids[1]], [...ids, ids[0]], [ids[0], ids[1], 999999], [ids[0], ids[0], ids[1]], 'x', [1.5]]) {
      const res = await reorder({ ids: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^ids/);
    }
    const reversed = [...ids].reverse();
    const res = await reorder({ ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images.map((i: { id: number }) => i.id)).toEqual(reversed);
    expect(await thumbnailOf(id)).toBe(images[2]!.url);

    const file = fileOf(images[2]!.url);
    expect(fs.existsSync(file)).toBe(true);
    const del = await app.inject({ method: 'DELETE', url: `/api/seller/products/${id}/images/${ids[2]}`, headers: seller });
    expect(del.statusCode).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect(await thumbnailOf(id)).toBe(images[1]!.url);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/seller/products/${id}/images/${ids[2]}`, headers: seller })).statusCode,
    ).toBe(404);
    for (const i of [ids[1], ids[0]])
      await app.inject({ method: 'DELETE', url: `/api/seller/products/${id}/images/${i}`, headers: seller });
    expect(await thumbnailOf(id)).toBeNull();
    const actions = (
      await app.db.selectFrom('audit_log').select('action').where('target_id', '=', id).orderBy('id').execute()
    ).map((a) => a.action);
    expect(actions.filter((a) => a === 'product.image.reorder')).toHaveLength(1);
    expect(actions.filter((a) => a === 'product.image.remove')).toHaveLength(3);
  });

  it('deleting a product removes its uploaded files', async () => {
    const id = await product();
    const { images } = (await upload(id, { filename: 'a.png', type: 'image/png', data: small })).json().data;
    expect(fs.existsSync(fileOf(images[0].url))).toBe(true);
    expect((await app.inject({ method: 'DELETE', url: `/api/seller/products/${id}`, headers: seller })).statusCode).toBe(204);
    expect(fs.existsSync(fileOf(images[0].url))).toBe(false);
  });
});

describe('a burst of large uploads', () => {
  it('8 uploads of 12 megapixels at once are queued: every one answers, memory grows by less than 150 MB', async () => {
    const jpeg = await photo(4000, 3000, 80);
    expect(jpeg.length).toBeLessThan(5 * 1024 * 1024);
    const ids = await Promise.all(Array.from({ length: 8 }, () => product()));
    // One request body for all (built before measuring: the test's own buffers are not the server's).
    const body = multipart({ filename: 'p.jpg', type: 'image/jpeg', data: jpeg });
    const send = (id: number) =>
      app.inject({
        method: 'POST',
        url: `/api/seller/products/${id}/images`,
        headers: { ...seller, ...body.headers },
        payload: body.payload,
      });
    // Warm: the first decodings load libvips' code and its memory pools; then one upload alone, timed.
    await Promise.all([send(ids[0]!), send(ids[1]!)]);
    const alone = performance.now();
    await send(ids[2]!);
    const before = performance.now() - alone;
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    const times = await Promise.all(
      ids.map(async (id) => {
        const res = await send(id);
        expect(res.statusCode, res.body).toBe(200);
        return performance.now() - started;
      }),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = (peak - rss0) / 1024 / 1024;
    // One alone again: on a shared machine the neighbours' load changes during the burst, and the bound
    // follows the slower of the two solo times.
    const again = performance.now();
    await send(ids[2]!);
    const single = Math.max(before, performance.now() - again);
    console.log(
      `8 × 12 MP (${(jpeg.length / 1024).toFixed(0)} KB) at once: answers in ${times.map((t) => t.toFixed(0)).join(', ')} ms (one alone: ${single.toFixed(0)} ms); RSS growth ${growth.toFixed(0)} MB`,
    );
    // Two at a time: the eighth answers after four turns (about 1.3 s on a quiet machine, one alone about
    // 0.3 s). The 2 s budget is measured by the benchmark (bench/seller.mjs --only picture), not here: on a
    // machine shared with other work a burst is slower than its solo times tell (6.5 and 14 × one alone
    // were seen). What this test holds is the shape: a queue, never all eight decoded at once (the memory
    // below), and every answer comes (the bound only catches a stall, not a slow machine).
    expect(Math.max(...times)).toBeLessThan(Math.max(5000, 40 * single));
    expect(growth).toBeLessThan(150);
  });
});
