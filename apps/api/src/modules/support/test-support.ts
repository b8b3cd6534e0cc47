import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { issueToken } from '../auth/tokens';
import { type TestCustomer, plainProducts, post } from '../commerce/test-support';

export interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body of text fields and files, as a browser would send it. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----souqtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'attachments'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real photo: a JPEG with EXIF (a camera make and GPS position) that the re-encoding must drop. */
export const jpegWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'SouqCam', Model: 'Test 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 35/1 0/1' } })
    .toBuffer();

export const png = (width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 110, alpha: 1 } } })
    .png()
    .toBuffer();

/** A small but well-formed PDF. */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

/** A Windows executable's first bytes ("MZ" header) with some body. */
export const executable = () => Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), randomBytes(2048)]);

export const svg = () =>
  Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );

/** A seller token of one of the shop's users. */
export async function sellerAuth(app: FastifyInstance, shopId: number) {
  const seller = await app.db.selectFrom('shop_users').select('id').where('shop_id', '=', shopId).executeTakeFirstOrThrow();
  const { token } = await issueToken(app.db, 'seller', seller.id);
  return { authorization: `Bearer ${token}` };
}

/** A cash order of one product of the shop, placed through the API; answers its code. */
export async function placeOrder(app: FastifyInstance, c: TestCustomer, shopId: number): Promise<string> {
  const [p] = await plainProducts(app, { shopId, minStock: 5 });
  const stored = await post(app, '/api/cart/store', c.auth, { product_id: p!.id, quantity: 1 });
  if (stored.statusCode !== 200) throw new Error(stored.body);
  const res = await post(app, '/api/place-order', c.auth, {
    shop_ids: [shopId],
    address_id: c.addressId,
    payment_method: 'cash',
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json() as { data: { orders: Array<{ order_code: string }> } }).data.orders[0]!.order_code;
}
