import Database from 'better-sqlite3';
import { it } from 'vitest';
import { createTestApp } from './helpers';

const app = await createTestApp({ catalogCacheTtlMs: 0 } as never);
it('times', async () => {
  const stats = new Map<string, { n: number; ms: number }>();
  const proto = (Database.prototype as any).prepare;
  (Database.prototype as any).prepare = function (this: any, src: string) {
    const st = proto.call(this, src);
    for (const m of ['all', 'get', 'run', 'iterate']) {
      const orig = st[m].bind(st);
      st[m] = (...a: any[]) => { const t = performance.now(); const r = orig(...a); const s = stats.get(src) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t; stats.set(src, s); return r; };
    }
    return st;
  };
  for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: '/api/products' });
  stats.clear();
  const t0 = performance.now();
  for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: '/api/products' });
  console.log('per answer total ms', ((performance.now() - t0) / 300).toFixed(3));
  for (const [src, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) console.log((s.ms / 300).toFixed(3), 'ms/answer', s.n, src.replace(/\s+/g, ' ').slice(0, 160));
}, 60000);
