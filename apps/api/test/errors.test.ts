import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { route } from '../src/http/route';
import { createTestApp, testDialect } from './helpers';

const base = await createTestApp();
// A second instance on the same database with one test-only route, to drive the validation layer.
const app = await buildApp(base.config, { db: { db: base.db, dialect: base.dialect } });
route(
  app,
  {
    method: 'POST',
    url: '/api/test-echo',
    summary: 'test only',
    query: z.object({ per_page: z.coerce.number().int().min(1).max(100).optional() }),
    body: z.object({ name: z.string().min(2, 'The name field must be at least 2 characters.'), age: z.number().int() }),
  },
  async ({ body }) => ({ data: body }),
);
await app.ready();

describe(`error answers (${testDialect()})`, () => {
  const post = (
    payload: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    url = '/api/test-echo',
  ) => app.inject({ method: 'POST', url, payload, headers });

  it('unknown API paths answer JSON 404', async () => {
    for (const url of ['/api/whatever', '/api/master/extra', '/api']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('invalid bodies and queries answer 422 with field errors', async () => {
    const res = await post(JSON.stringify({ name: 'x', age: 'old' }));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.name).toEqual(['The name field must be at least 2 characters.']);
    expect(body.errors.age).toHaveLength(1);
    expect(body.message).toContain('The name field must be at least 2 characters.');
    const q = await post(JSON.stringify({ name: 'ok', age: 1 }), undefined, '/api/test-echo?per_page=abc');
    expect(q.statusCode).toBe(422);
    expect(q.json().errors.per_page).toBeDefined();
    const ok = await post(JSON.stringify({ name: 'ok', age: 1 }), undefined, '/api/test-echo?per_page=5');
    expect(ok.statusCode).toBe(200);
  });

  it('malformed JSON is a 400, a wrong content type a 415, never a 500', async () => {
    const bad = await post('{"name": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: expect.any(String) });
    const type = await post('name=x', { 'content-type': 'application/x-unknown' });
    expect(type.statusCode).toBe(415);
    expect(type.json().message).toBeTruthy();
    const empty = await post('', { 'content-type': 'application/json' });
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('serves the OpenAPI document generated from the contract schemas', async () => {
    const res = await base.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/master', '/api/lang/{locale}', '/api/countries']));
    expect(doc.paths['/api/master'].get.responses['200'].content['application/json'].schema.properties.data).toBeDefined();
  });
});
