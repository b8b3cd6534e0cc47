import { masterResponseSchema, type VitalsReport } from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testDialect } from '../../../test/helpers';

/** The app's log lines, parsed. */
function logSink() {
  const lines: Array<Record<string, unknown>> = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } };
}

const vitalsOn = { sampleRate: 0.25, limitPerIp: 3 };
const log = logSink();
const app = await createTestApp({ logLevel: 'info', vitals: vitalsOn }, { logStream: log.stream });
const off = await createTestApp({ vitals: { ...vitalsOn, sampleRate: 0 } });

const report: VitalsReport = {
  route: 'routes/product-details',
  metrics: [
    { name: 'LCP', value: 1834.2, rating: 'good', id: 'v5-1764000000000-1', navigation_type: 'navigate' },
    { name: 'CLS', value: 0.004, rating: 'good', id: 'v5-1764000000000-2', navigation_type: 'navigate' },
    { name: 'INP', value: 96, rating: 'good', id: 'v5-1764000000000-3', navigation_type: 'navigate' },
  ],
};

const post = (body: unknown, ip = '203.0.113.7', target = app) =>
  target.inject({
    method: 'POST',
    url: '/api/vitals',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const vitalsLines = () => log.lines.filter((l) => l.msg === 'web vitals');

describe(`POST /api/vitals (${testDialect()})`, () => {
  it('announces the sample rate in /master', async () => {
    const on = masterResponseSchema.parse((await app.inject({ url: '/api/master' })).json()).data;
    expect(on.vitals_sample_rate).toBe(0.25);
    const none = masterResponseSchema.parse((await off.inject({ url: '/api/master' })).json()).data;
    expect(none.vitals_sample_rate).toBe(0);
  });

  it('logs an accepted report and answers 204 without a body', async () => {
    const before = vitalsLines().length;
    const res = await post(report, '198.51.100.1');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const logged = vitalsLines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.vitals).toEqual(report);
    expect(logged[0]!.level).toBe(30);
  });

  it('rejects malformed reports with 422 and field errors, and logs none of them', async () => {
    const before = vitalsLines().length;
    const cases: Array<[unknown, string]> = [
      [{ ...report, metrics: [{ ...report.metrics[0], name: 'FID' }] }, 'metrics.0.name'],
      [{ ...report, metrics: [{ ...report.metrics[0], value: -1 }] }, 'metrics.0.value'],
      [{ ...report, metrics: [{ ...report.metrics[1], value: 250 }] }, 'metrics.0.value'],
      [{ ...report, metrics: [{ ...report.metrics[0], rating: 'great' }] }, 'metrics.0.rating'],
      [{ ...report, metrics: [report.metrics[0], report.metrics[0]] }, 'metrics'],
      [{ ...report, metrics: [] }, 'metrics'],
      [{ ...report, route: '<script>' }, 'route'],
      [{ ...report, user: 'someone' }, '_'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body, '198.51.100.2');
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect((await post('{"route":', '198.51.100.3')).statusCode).toBe(400);
    expect((await post({ ...report, route: 'x'.repeat(5000) }, '198.51.100.3')).statusCode).toBe(413);
    expect(vitalsLines().length).toBe(before);
  });

  it('limits reports per client IP (429 with Retry-After), other clients unaffected', async () => {
    const ip = '192.0.2.44';
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(report, ip)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([204, 204, 204, 429, 429]);
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many reports/);
    expect((await post(report, '192.0.2.45')).statusCode).toBe(204);
  });

  it('is off when the sample rate is 0', async () => {
    const res = await post(report, '198.51.100.9', off);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/off/);
  });
});
