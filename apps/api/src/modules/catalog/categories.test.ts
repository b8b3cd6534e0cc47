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
