import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';

let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-categories-'));
  app = await buildApp(testConfig({ database: { dialect: 'sqlite', file: ':memory:' }, dataDir }));
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, lang = 'ar') => app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });

describe('GET /api/categories', () => {
  it('lists active categories in display order with their sub-categories, in Arabic by default', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.total).toBe(13);
    expect(data.categories).toHaveLength(13);
    const [first] = data.categories;
    expect(first).toMatchObject({ id: 1, slug: 'dates', name: 'التمور', name_ar: 'التمور' });
    expect(first.thumbnail).toMatch(/^\/uploads\/categories\/.+\.svg$/);
    expect(first.sub_categories.map((s: { name: string }) => s.name)).toEqual(['تمور فاخرة', 'تمور محشوة', 'دبس ومعجون التمر']);
    expect(Object.keys(first.sub_categories[0]).sort()).toEqual(['id', 'name', 'thumbnail']);
  });

  it('answers in English for Accept-Language: en', async () => {
    const { data } = (await get('/api/categories?per_page=1', 'en')).json();
    expect(data.categories[0].name).toBe('Dates');
    expect(data.categories[0].sub_categories[0].name).toBe('Premium Dates');
  });

  it('pages with page and per_page', async () => {
    const { data } = (await get('/api/categories?page=2&per_page=5')).json();
    expect(data.total).toBe(13);
    expect(data.categories.map((c: { id: number }) => c.id)).toEqual([6, 7, 8, 9, 10]);
    const past = (await get('/api/categories?page=9&per_page=5')).json();
    expect(past.data).toEqual({ total: 13, categories: [] });
  });

  it.each(['page=-1', 'page=abc', 'page=0', 'page=1.5', 'per_page=0', 'per_page=101', 'per_page=x'])(
    'refuses %s with 422 and a field error',
    async (qs) => {
      const res = await get(`/api/categories?${qs}`);
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors)).toEqual([qs.split('=')[0]]);
    },
  );
});

describe('GET /api/sub-categories', () => {
  it('lists the sub-categories of a category', async () => {
    const res = await get('/api/sub-categories?category_id=3', 'en');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sub_categories.map((s: { name: string }) => s.name)).toEqual([
      'Frankincense',
      'Bakhoor',
      'Incense Burners',
      'Frankincense Oils',
    ]);
  });

  it('answers 404 JSON for an unknown category', async () => {
    const res = await get('/api/sub-categories?category_id=9999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found.' });
  });

  it.each(['', 'category_id=', 'category_id=abc', 'category_id=0', 'category_id=-3'])('refuses "%s" with 422', async (qs) => {
    const res = await get(`/api/sub-categories?${qs}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.category_id).toHaveLength(1);
  });

  it('hides inactive categories everywhere', async () => {
    await app.db.updateTable('categories').set({ is_active: 0 }).where('id', '=', 13).execute();
    try {
      expect((await get('/api/categories')).json().data.total).toBe(12);
      expect((await get('/api/sub-categories?category_id=13')).statusCode).toBe(404);
    } finally {
      await app.db.updateTable('categories').set({ is_active: 1 }).where('id', '=', 13).execute();
    }
  });
});

describe('GET /api/categories/{slugOrId}', () => {
  it('answers one category with its sub-categories, by its slug or by its id', async () => {
    const bySlug = await get('/api/categories/dates', 'en');
    expect(bySlug.statusCode).toBe(200);
    const { category } = bySlug.json().data;
    expect(category).toMatchObject({ id: 1, slug: 'dates', name: 'Dates', name_ar: 'التمور' });
    expect(category.sub_categories.map((s: { name: string }) => s.name)).toEqual([
      'Premium Dates',
      'Stuffed Dates',
      'Date Syrup & Paste',
    ]);
    const byId = await get('/api/categories/1', 'en');
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data.category).toEqual(category);
    // The list's own entry is the same category.
    expect((await get('/api/categories?per_page=1', 'en')).json().data.categories[0]).toEqual(category);
  });

  it('finds a category far past the first 100, by slug and by id', async () => {
    const rows = Array.from({ length: 110 }, (_, i) => ({
      slug: `extra-${i}`,
      name: `Extra ${i}`,
      name_ar: `إضافي ${i}`,
      thumbnail: null,
      sort: 1000 + i,
      is_active: 1,
    }));
    await app.db.insertInto('categories').values(rows).execute();
    try {
      const last = await app.db.selectFrom('categories').select('id').where('slug', '=', 'extra-109').executeTakeFirstOrThrow();
      expect((await get('/api/categories?per_page=100')).json().data.categories.map((c: { id: number }) => c.id)).not.toContain(
        last.id,
      );
      for (const key of ['extra-109', String(last.id)]) {
        const res = await get(`/api/categories/${key}`);
        expect(res.statusCode, key).toBe(200);
        expect(res.json().data.category).toMatchObject({ id: last.id, slug: 'extra-109', name: 'إضافي 109', sub_categories: [] });
      }
    } finally {
      await app.db.deleteFrom('categories').where('slug', 'like', 'extra-%').execute();
    }
  });

  it('prefers a slug made of digits over the category with that id', async () => {
    await app.db
      .insertInto('categories')
      .values({ slug: '2', name: 'Two', name_ar: null, thumbnail: null, sort: 99, is_active: 1 })
      .execute();
    try {
      expect((await get('/api/categories/2', 'en')).json().data.category).toMatchObject({ slug: '2', name: 'Two' });
    } finally {
      await app.db.deleteFrom('categories').where('slug', '=', '2').execute();
    }
  });

  it.each(['no-such-category', '9999', '99999999999', '%20', '%00', 'a%0Ab'])('answers 404 JSON for "%s"', async (key) => {
    const res = await get(`/api/categories/${key}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Category not found.' });
  });

  it('answers 404 for an inactive category, by slug and by id', async () => {
    await app.db.updateTable('categories').set({ is_active: 0 }).where('id', '=', 13).execute();
    try {
      const slug = (await app.db.selectFrom('categories').select('slug').where('id', '=', 13).executeTakeFirstOrThrow()).slug;
      expect((await get(`/api/categories/${slug}`)).statusCode).toBe(404);
      expect((await get('/api/categories/13')).statusCode).toBe(404);
    } finally {
      await app.db.updateTable('categories').set({ is_active: 1 }).where('id', '=', 13).execute();
    }
  });
});
