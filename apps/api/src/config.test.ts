import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL/);
      expect((e as Error).message).toMatch(/LOG_LEVEL/);
    }
  });

  it('defaults to port 3000 and a SQLite file under DATA_DIR', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ dialect: 'sqlite', file: path.resolve('./data/storefront.sqlite') });
    const d = loadConfig({ DATA_DIR: '/tmp/x', PORT: '4000' });
    expect(d.port).toBe(4000);
    expect(d.database).toEqual({ dialect: 'sqlite', file: '/tmp/x/storefront.sqlite' });
  });

  it('chooses PostgreSQL from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
  });

  it('samples vitals reports from 10 % of production page views unless told otherwise', () => {
    expect(loadConfig({}).vitals.sampleRate).toBe(0.1);
    expect(loadConfig({ NODE_ENV: 'development' }).vitals.sampleRate).toBe(0);
    expect(loadConfig({ VITALS_SAMPLE_RATE: '0' }).vitals.sampleRate).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', VITALS_SAMPLE_RATE: '0.5' }).vitals.sampleRate).toBe(0.5);
    expect(() => loadConfig({ VITALS_SAMPLE_RATE: '2' })).toThrow(/VITALS_SAMPLE_RATE/);
  });
});
