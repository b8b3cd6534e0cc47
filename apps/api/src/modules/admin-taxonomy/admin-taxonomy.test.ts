import fs from 'node:fs';
import path from 'node:path';
import {
  adminBannerResponseSchema,
  adminBannersResponseSchema,
  TAXONOMY,
  TAXONOMY_KINDS,
  taxonomyItemResponse,
  taxonomyListResponse,
  type TaxonomyKind,
} from '@souq/contracts';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { makeCustomer, sellerAuth } from '../commerce/test-support';
import { operatorAuth } from './test-support';

const app = await createTestApp();
const OPERATOR = await operatorAuth(app, 'taxonomy@souq.om', 'Tariq Ops');

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = OPERATOR,
) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) } as InjectOptions);

/** A multipart body of text fields and one file. */
function multipart(fields: Record<string, string>, file?: { field: string; data: Buffer; name?: string; type?: string }) {
  const boundary = `----souq${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name ?? 'a.png'}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const send = (method: 'POST' | 'PUT', url: string, form: ReturnType<typeof multipart>) =>
  app.inject({ method, url, payload: form.payload, headers: { ...OPERATOR, ...form.headers } });

const png = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();

/** The fields every create of a kind needs. */
async function required(kind: TaxonomyKind, name: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { name, name_ar: `${name} بالعربية` };
  if (TAXONOMY[kind].parent)
    out.category_id = (await app.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  if (TAXONOMY[kind].colorCode) out.color_code = '#A1B2C3';
  return out;
}
const itemOf = (kind: TaxonomyKind, body: unknown) =>
  taxonomyItemResponse(kind).parse(body).data[TAXONOMY[kind].singular] as Record<string, unknown> & { id: number };
const lastAudit = () => app.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('who may call the console taxonomy and banners', () => {
  it('refuses no token (401), a customer and a seller (403), on every kind and the banners', async () => {
    const customer = (await makeCustomer(app)).auth;
    const seller = await sellerAuth(app, 1);
    for (const kind of [...TAXONOMY_KINDS, 'banners']) {
      for (const [method, url] of [
        ['GET', `/api/admin/${kind}`],
        ['POST', `/api/admin/${kind}`],
        ['PUT', `/api/admin/${kind}/1`],
        ['DELETE', `/api/admin/${kind}/1`],
      ] as const) {
        expect((await call(method, url, {}, {})).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(method, url, {}, customer)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(method, url, {}, seller)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

for (const kind of TAXONOMY_KINDS) {
  const spec = TAXONOMY[kind];
  describe(`/api/admin/${kind}`, () => {
    const url = `/api/admin/${kind}`;

    it('creates (201) with a slug made from the name, lists it, and audits the write', async () => {
      const body = await required(kind, `Zeta ${kind} One`);
      const res = await call('POST', url, body);
      expect(res.statusCode, res.body).toBe(201);
      const item = itemOf(kind, res.json());
      expect(item).toMatchObject({
        name: body.name,
        name_ar: body.name_ar,
        slug: `zeta-${kind}-one`,
        is_active: true,
        sort: 0,
        products_count: 0,
      });
      if (spec.colorCode) expect(item.color_code).toBe('#a1b2c3');
      if (spec.parent) expect(item.category_id).toBe(body.category_id);
      const audit = await lastAudit();
      expect(audit).toMatchObject({
        action: `${spec.singular}.create`,
        target_type: spec.singular,
        target_id: item.id,
        actor_role: 'operator',
        actor_name: 'Tariq Ops',
      });
      expect(JSON.parse(audit.changes).name).toEqual([null, body.name]);

      // The same name again: another slug; the list finds both by name, in either language, and by slug.
      const again = itemOf(kind, (await call('POST', url, await required(kind, `Zeta ${kind} One`))).json());
      expect(again.slug).toBe(`zeta-${kind}-one-2`);
      const list = taxonomyListResponse(kind).parse((await call('GET', `${url}?search=zeta%20${kind}`)).json()).data as Record<
        string,
        unknown
      >;
      expect(list.total).toBe(2);
      expect((list[spec.plural] as Array<{ id: number }>).map((r) => r.id)).toEqual([item.id, again.id]);
      expect(
        (await call('GET', `${url}?search=${encodeURIComponent('بالعربية')}&per_page=1`)).json().data.total,
      ).toBeGreaterThanOrEqual(2);
      expect((await call('GET', `${url}?search=zeta-${kind}-one-2`)).json().data.total).toBe(1);
      const page2 = (await call('GET', `${url}?search=zeta%20${kind}&per_page=1&page=2`)).json().data;
      expect(page2[spec.plural].map((r: { id: number }) => r.id)).toEqual([again.id]);
    });

    it('a PUT changes only the fields sent (the slug stays on a rename), and is audited with old and new', async () => {
      const created = itemOf(kind, (await call('POST', url, { ...(await required(kind, `Keep ${kind}`)), sort: 7 })).json());
      const res = await call('PUT', `${url}/${created.id}`, { name: `Renamed ${kind}` });
      expect(res.statusCode, res.body).toBe(200);
      const after = itemOf(kind, res.json());
      expect(after).toEqual({ ...created, name: `Renamed ${kind}` });
      const audit = await lastAudit();
      expect(audit.action).toBe(`${spec.singular}.update`);
      expect(JSON.parse(audit.changes)).toEqual({ name: [`Keep ${kind}`, `Renamed ${kind}`] });
      const off = itemOf(kind, (await call('PUT', `${url}/${created.id}`, { is_active: false, slug: `own-${kind}` })).json());
      expect(off).toMatchObject({ is_active: false, slug: `own-${kind}`, sort: 7, name: `Renamed ${kind}` });
      // null asks for a slug made from the name again.
      expect(itemOf(kind, (await call('PUT', `${url}/${created.id}`, { slug: null })).json()).slug).toBe(`renamed-${kind}`);
      // An empty PUT changes nothing and writes no audit entry.
      const before = (await lastAudit()).id;
      expect((await call('PUT', `${url}/${created.id}`, {})).statusCode).toBe(200);
      expect((await lastAudit()).id).toBe(before);
    });

    it('answers 422 per field, and 404 for an unknown id', async () => {
      const base = await required(kind, `Field ${kind}`);
      const taken = itemOf(kind, (await call('POST', url, base)).json());
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...base, name: undefined }, 'name'],
        [{ ...base, name_ar: '' }, 'name_ar'],
        [{ ...base, name: 'x'.repeat(spec.nameMax + 1) }, 'name'],
        [{ ...base, name: 'a\u0000b' }, 'name'],
        [{ ...base, slug: 'Not a slug!' }, 'slug'],
        [{ ...base, slug: taken.slug }, 'slug'],
        [{ ...base, sort: -1 }, 'sort'],
        [{ ...base, sort: 1.5 }, 'sort'],
        [{ ...base, is_active: 'yes' }, 'is_active'],
      ];
      if (spec.colorCode)
        cases.push([{ ...base, color_code: 'red' }, 'color_code'], [{ ...base, color_code: undefined }, 'color_code']);
      if (spec.parent)
        cases.push([{ ...base, category_id: 999999 }, 'category_id'], [{ ...base, category_id: 'x' }, 'category_id']);
      if (spec.thumbnail) cases.push([{ ...base, thumbnail: 'http://x/y.png' }, 'thumbnail']);
      for (const [body, field] of cases) {
        const res = await call('POST', url, body);
        expect({ field, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({
          field,
          status: 422,
          fields: [field],
        });
      }
      const put = await call('PUT', `${url}/${taken.id}`, { name: '' });
      expect(put.statusCode).toBe(422);
      expect(Object.keys(put.json().errors)).toEqual(['name']);
      const other = itemOf(kind, (await call('POST', url, await required(kind, `Other ${kind}`))).json());
      expect((await call('PUT', `${url}/${other.id}`, { slug: taken.slug })).json().errors).toEqual({
        slug: ['This slug is already in use. Choose another.'],
      });
      for (const id of ['999999', 'abc', '0', '99999999999'])
        for (const method of ['PUT', 'DELETE'] as const)
          expect((await call(method, `${url}/${id}`, { name: 'x' })).statusCode, `${method} ${id}`).toBe(404);
      expect((await call('GET', `${url}?per_page=101`)).statusCode).toBe(422);
    });

    it('deletes one nothing uses (204, audited) and refuses one in use (409 in the language asked, nothing deleted)', async () => {
      const free = itemOf(kind, (await call('POST', url, await required(kind, `Free ${kind}`))).json());
      expect((await call('DELETE', `${url}/${free.id}`)).statusCode).toBe(204);
      expect((await lastAudit()).action).toBe(`${spec.singular}.delete`);
      expect((await call('DELETE', `${url}/${free.id}`)).statusCode).toBe(404);

      // The first row the seed's products use.
      const used = (await call('GET', `${url}?per_page=100`))
        .json()
        .data[spec.plural].find((r: { products_count: number }) => r.products_count > 0);
      expect(used, `a ${kind} used by products`).toBeDefined();
      const en = await app.inject({
        method: 'DELETE',
        url: `${url}/${used.id}`,
        headers: { ...OPERATOR, 'accept-language': 'en' },
      });
      expect(en.statusCode).toBe(409);
      expect(en.json().message).toMatch(/cannot be deleted\. Switch it off instead/);
      const ar = await app.inject({
        method: 'DELETE',
        url: `${url}/${used.id}`,
        headers: { ...OPERATOR, 'accept-language': 'ar' },
      });
      expect(ar.statusCode).toBe(409);
      expect(ar.json().message).toMatch(/أوقفه بدلاً من ذلك/);
      const still = (await call('GET', `${url}?search=${used.slug}&per_page=100`)).json().data[spec.plural];
      expect(still.map((r: { id: number }) => r.id)).toContain(used.id);
    });

    if (spec.thumbnail)
      it('takes a multipart create and update with the picture as `thumbnail` (stored as WebP), and removes it with null', async () => {
        const fields = Object.fromEntries(
          Object.entries(await required(kind, `Pictured ${kind}`)).map(([k, v]) => [k, String(v)]),
        );
        const res = await send(
          'POST',
          url,
          multipart({ ...fields, is_active: 'false', sort: '3' }, { field: 'thumbnail', data: await png() }),
        );
        expect(res.statusCode, res.body).toBe(201);
        const item = itemOf(kind, res.json());
        expect(item).toMatchObject({ is_active: false, sort: 3 });
        expect(item.thumbnail).toMatch(/^\/uploads\/taxonomy\/[a-z_]+-[0-9a-f]{24}\.webp$/);
        const file = path.join(app.config.dataDir, String(item.thumbnail));
        expect((await sharp(fs.readFileSync(file)).metadata()).format).toBe('webp');
        // Resized for the storefront like every upload (/img/<w>/uploads/...).
        const served = await app.inject({ url: `/img/64${String(item.thumbnail)}` });
        expect(served.statusCode).toBe(200);

        const replaced = await send('PUT', `${url}/${item.id}`, multipart({}, { field: 'thumbnail', data: await png(900, 300) }));
        expect(replaced.statusCode, replaced.body).toBe(200);
        const next = itemOf(kind, replaced.json());
        expect(next.thumbnail).not.toBe(item.thumbnail);
        expect(next.name).toBe(item.name);
        expect((await sharp(fs.readFileSync(path.join(app.config.dataDir, String(next.thumbnail)))).metadata()).width).toBe(512);

        const bad = await send(
          'PUT',
          `${url}/${item.id}`,
          multipart({}, { field: 'thumbnail', data: Buffer.from('not a picture'), type: 'image/png' }),
        );
        expect(bad.statusCode).toBe(422);
        expect(Object.keys(bad.json().errors)).toEqual(['thumbnail']);
        const badField = await send('PUT', `${url}/${item.id}`, multipart({ sort: 'x', is_active: 'maybe' }));
        expect(Object.keys(badField.json().errors).sort()).toEqual(['is_active', 'sort']);

        expect(itemOf(kind, (await call('PUT', `${url}/${item.id}`, { thumbnail: null })).json()).thumbnail).toBeNull();
      });
  });
}

describe('a category with sub-categories', () => {
  it('is refused while sub-categories belong to it (409), deleted once they are gone; sub-categories filter by category', async () => {
    const cat = itemOf(
      'categories',
      (await call('POST', '/api/admin/categories', { name: 'Parent Cat', name_ar: 'قسم أب' })).json(),
    );
    const sub = itemOf(
      'sub-categories',
      (await call('POST', '/api/admin/sub-categories', { name: 'Child', name_ar: 'فرع', category_id: cat.id })).json(),
    );
    expect(sub.category_name).toBe('Parent Cat');
    const listed = (await call('GET', `/api/admin/categories?search=parent-cat`)).json().data.categories[0];
    expect(listed.sub_categories_count).toBe(1);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/admin/categories/${cat.id}`,
      headers: { ...OPERATOR, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/1 sub-category/);
    expect((await call('GET', `/api/admin/sub-categories?category_id=${cat.id}`)).json().data).toMatchObject({ total: 1 });
    expect((await call('DELETE', `/api/admin/sub-categories/${sub.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/categories/${cat.id}`)).statusCode).toBe(204);
  });
});

describe('/api/admin/banners', () => {
  const fields = { title: 'Qwerty Eid offers', title_ar: 'عروض العيد', link: '/products?deals=1', sort: '2' };

  it('creates a banner from a multipart form with its picture (201), lists it, partially updates it, deletes it; all audited', async () => {
    const res = await send('POST', '/api/admin/banners', multipart(fields, { field: 'image', data: await png(2400, 800) }));
    expect(res.statusCode, res.body).toBe(201);
    const { banner } = adminBannerResponseSchema.parse(res.json()).data;
    expect(banner).toMatchObject({
      title: 'Qwerty Eid offers',
      title_ar: 'عروض العيد',
      link: '/products?deals=1',
      placement: 'home',
      sort: 2,
      is_active: true,
    });
    expect(banner.image).toMatch(/^\/uploads\/banners\/banner-[0-9a-f]{24}\.webp$/);
    expect((await sharp(fs.readFileSync(path.join(app.config.dataDir, banner.image))).metadata()).width).toBe(1920);
    expect((await lastAudit()).action).toBe('banner.create');

    const list = adminBannersResponseSchema.parse((await call('GET', '/api/admin/banners?search=qwerty')).json()).data;
    expect(list.banners.map((b) => b.id)).toEqual([banner.id]);

    const put = await call('PUT', `/api/admin/banners/${banner.id}`, { link: 'https://example.com/eid', is_active: false });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.banner).toEqual({ ...banner, link: 'https://example.com/eid', is_active: false });
    expect(JSON.parse((await lastAudit()).changes)).toEqual({
      link: ['/products?deals=1', 'https://example.com/eid'],
      is_active: [true, false],
    });
    expect((await call('PUT', `/api/admin/banners/${banner.id}`, { link: null })).json().data.banner.link).toBeNull();

    expect((await call('DELETE', `/api/admin/banners/${banner.id}`)).statusCode).toBe(204);
    expect((await lastAudit()).action).toBe('banner.delete');
    expect((await call('DELETE', `/api/admin/banners/${banner.id}`)).statusCode).toBe(404);
  });

  it('answers 422 per field: no picture, a bad link, a missing title, a bad placement', async () => {
    const noImage = await send('POST', '/api/admin/banners', multipart(fields));
    expect(noImage.json().errors).toEqual({ image: ['The image field is required.'] });
    const json = await call('POST', '/api/admin/banners', { title: 'x', title_ar: 'y' });
    expect(Object.keys(json.json().errors)).toEqual(['image']);
    for (const link of [
      'javascript:alert(1)',
      'http://example.com',
      '//evil.example',
      '/a b',
      'https://user:pw@example.com/',
      'ftp://x.y',
    ]) {
      const res = await send('POST', '/api/admin/banners', multipart({ ...fields, link }, { field: 'image', data: await png() }));
      expect({ link, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({
        link,
        status: 422,
        fields: ['link'],
      });
    }
    const noTitle = await send('POST', '/api/admin/banners', multipart({ title_ar: 'x' }, { field: 'image', data: await png() }));
    expect(Object.keys(noTitle.json().errors)).toEqual(['title']);
    const existing = (await app.db.selectFrom('banners').select('id').executeTakeFirstOrThrow()).id;
    expect(Object.keys((await call('PUT', `/api/admin/banners/${existing}`, { placement: 'sidebar' })).json().errors)).toEqual([
      'placement',
    ]);
    expect((await call('PUT', '/api/admin/banners/999999', { title: 'x' })).statusCode).toBe(404);
  });
});
