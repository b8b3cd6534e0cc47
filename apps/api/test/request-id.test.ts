import { describe, expect, it } from 'vitest';
import { acceptedRequestId } from '../src/app';
import { createTestApp } from './helpers';

/** Request ids (issue 38): every answer carries x-request-id, the same id as its request's log lines. */
const lines: Array<Record<string, unknown>> = [];
const app = await createTestApp(
  { logLevel: 'info' },
  { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const logged = (id: unknown) => lines.filter((l) => l.reqId === id);

describe('x-request-id', () => {
  it("is on every answer, a new UUID each time, and is the reqId of that request's log lines", async () => {
    const answers = await Promise.all([
      app.inject({ url: '/api/master' }),
      app.inject({ url: '/api/no-such-thing' }),
      app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{bad' }),
    ]);
    const ids = answers.map((a) => a.headers['x-request-id']);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) {
      expect(id).toMatch(UUID);
      // Fastify's "incoming request" and "request completed" lines, at least.
      expect(logged(id).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
  });

  it("keeps a caller's short and safe id (a proxy's), in the answer and the log", async () => {
    const id = 'edge-7f3a.B_19';
    const res = await app.inject({ url: '/api/master', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    expect(logged(id).length).toBeGreaterThanOrEqual(2);
  });

  it('replaces an id that is too long or holds anything but letters, digits, . _ -', async () => {
    for (const bad of ['x'.repeat(65), 'a b', 'a/b', 'id%00', '<script>', 'a,b', '']) {
      const res = await app.inject({ url: '/api/master', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
      expect(logged(bad)).toEqual([]);
    }
    expect(acceptedRequestId('x'.repeat(64))).toBe('x'.repeat(64));
    expect(acceptedRequestId(['a', 'b'])).toBeUndefined();
  });
});
