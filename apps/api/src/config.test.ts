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

describe('production requirements', () => {
  const production = {
    APP_ENV: 'production',
    PUBLIC_URL: 'https://souq.om',
    OTP_SECRET: 'x'.repeat(32),
    PUSHER_APP_SECRET: 'p'.repeat(16),
  };

  it('starts with PUBLIC_URL, OTP_SECRET and PUSHER_APP_SECRET set, without the demo seed', () => {
    const c = loadConfig(production);
    expect(c.publicUrl).toBe('https://souq.om');
    expect(c.accounts.otpSecret).toBe('x'.repeat(32));
    expect(c.realtime.secret).toBe('p'.repeat(16));
    expect(c.seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('stops without PUSHER_APP_SECRET, naming it', () => {
    expect(() => loadConfig({ ...production, PUSHER_APP_SECRET: undefined })).toThrow(
      /PUSHER_APP_SECRET: required when APP_ENV=production/,
    );
  });

  it('stops with SEED_DEMO=true, naming it', () => {
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: must be false/);
    expect(() => loadConfig({ ...production, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
  });

  it('stops with SMS_DRIVER=http but no SMS_HTTP_URL (the texts would go to the log), naming it', () => {
    expect(() => loadConfig({ ...production, SMS_DRIVER: 'http' })).toThrow(/SMS_HTTP_URL: required with SMS_DRIVER=http/);
    expect(loadConfig({ ...production, SMS_DRIVER: 'http', SMS_HTTP_URL: 'https://sms.example/send' }).accounts.sms.driver).toBe(
      'http',
    );
  });

  it('without serving (npm run migrate), checks each variable but not what a production server needs', () => {
    expect(loadConfig({ APP_ENV: 'production' }, { serving: false }).appEnv).toBe('production');
    expect(() => loadConfig({ APP_ENV: 'production', DATABASE_URL: 'mysql://x' }, { serving: false })).toThrow(/DATABASE_URL/);
  });

  it('reports every problem together, one line each naming its variable', () => {
    try {
      loadConfig({ APP_ENV: 'production', SEED_DEMO: 'true' });
      expect.unreachable();
    } catch (e) {
      const lines = (e as Error).message.split('\n').slice(1);
      expect(lines.map((l) => l.trim().split(':')[0]).sort()).toEqual([
        'OTP_SECRET',
        'PUBLIC_URL',
        'PUSHER_APP_SECRET',
        'SEED_DEMO',
      ]);
    }
  });

  it('outside production the demo seed stays the default (npm start with no variables is the demo)', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({}).appEnv).toBe('local');
    expect(loadConfig({ APP_ENV: 'staging' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('stops without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: required when APP_ENV=production/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: '' })).toThrow(/PUBLIC_URL/);
  });

  it('stops without OTP_SECRET or with a short one, naming it', () => {
    expect(() => loadConfig({ ...production, OTP_SECRET: undefined })).toThrow(/OTP_SECRET: required when APP_ENV=production/);
    expect(() => loadConfig({ ...production, OTP_SECRET: 'short' })).toThrow(/OTP_SECRET/);
  });

  it('names both when both are missing', () => {
    expect(() => loadConfig({ APP_ENV: 'production', PUSHER_APP_SECRET: 'p'.repeat(16) })).toThrow(/PUBLIC_URL[\s\S]*OTP_SECRET/);
  });

  it('outside production, PUBLIC_URL defaults to localhost on PORT and OTP_SECRET to a random one', () => {
    const c = loadConfig({ PORT: '4100' });
    expect(c.publicUrl).toBe('http://localhost:4100');
    expect(c.accounts.otpSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ APP_ENV: 'test' }).publicUrl).toBe('http://localhost:3000');
  });

  it('keeps only the origin of PUBLIC_URL and refuses a path, a query or another scheme', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://Souq.OM/' }).publicUrl).toBe('https://souq.om');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    for (const bad of ['https://souq.om/shop', 'https://souq.om/?a=1', 'ftp://souq.om', 'souq.om'])
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDR ranges and named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses "true" and malformed values with a message naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: trusting every sender/);
    for (const bad of ['10.0.0.0/33', '10.0.0', 'proxy.example', '1.2.3.4/8/9', '::1/129', '-1', '11', ','])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('PostgreSQL timeouts and upload limits', () => {
  it('have defaults and can be set', () => {
    const d = loadConfig({});
    // A wait on a lock gives up after 1 s and a wait for a connection after 1.5 s (issue 41, finding 3).
    expect(d.postgres).toEqual({
      poolMax: 10,
      readPoolMax: 4,
      statementTimeoutMs: 10_000,
      connectTimeoutMs: 1_500,
      idleInTransactionTimeoutMs: 15_000,
      lockTimeoutMs: 1_000,
    });
    expect(d.accounts.photo).toEqual({ concurrency: 1, queueLimit: 8, uploadsPerUser: 10 });
    const c = loadConfig({
      PG_STATEMENT_TIMEOUT_MS: '2500',
      PHOTO_QUEUE_LIMIT: '2',
      PG_LOCK_TIMEOUT_MS: '0',
      PG_READ_POOL_MAX: '2',
    });
    expect(c.postgres.statementTimeoutMs).toBe(2500);
    expect(c.postgres.lockTimeoutMs).toBe(0);
    expect(c.postgres.readPoolMax).toBe(2);
    expect(c.accounts.photo.queueLimit).toBe(2);
    expect(() => loadConfig({ PG_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/PG_CONNECT_TIMEOUT_MS/);
  });
});

describe('PG_BIN_DIR (backup and restore)', () => {
  it('is unset by default (PATH is searched) and takes an absolute folder only', () => {
    expect(loadConfig({}).pgBinDir).toBeUndefined();
    expect(loadConfig({ PG_BIN_DIR: '/usr/lib/postgresql/16/bin' }).pgBinDir).toBe('/usr/lib/postgresql/16/bin');
    expect(() => loadConfig({ PG_BIN_DIR: 'bin' })).toThrow(/PG_BIN_DIR: must be an absolute path/);
  });
});

describe('metrics and shutdown (decision 044)', () => {
  it('serves no metrics without METRICS_TOKEN, and takes a long enough token', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-scrape-token-0123456789' }).metricsToken).toBe('a-scrape-token-0123456789');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, 0123456789' })).toThrow(/METRICS_TOKEN: must be printable/);
  });

  it('gives a stop 10 s by default, and 1 to 120 s when set', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '25000' }).shutdownTimeoutMs).toBe(25_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '500' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'later' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});

describe('notifications outbox', () => {
  it('is on with a worker in every process by default, and each OUTBOX_* can be set', () => {
    expect(loadConfig({}).notifications).toEqual({
      enabled: true,
      worker: true,
      outbox: {
        pollMs: 1000,
        batchSize: 20,
        concurrency: 4,
        maxAttempts: 12,
        backoffMs: 5000,
        backoffMaxMs: 300_000,
        leaseMs: 120_000,
        yieldAbove: 0.1,
        deferMaxMs: 30_000,
        retentionDays: 180,
      },
    });
    const c = loadConfig({
      NOTIFY_ENABLED: 'false',
      OUTBOX_WORKER: 'no',
      OUTBOX_POLL_MS: '250',
      OUTBOX_BATCH_SIZE: '50',
      OUTBOX_CONCURRENCY: '8',
      OUTBOX_MAX_ATTEMPTS: '5',
      OUTBOX_BACKOFF_MS: '1000',
      OUTBOX_BACKOFF_MAX_MS: '60000',
      OUTBOX_LEASE_MS: '30000',
      OUTBOX_YIELD_ELU: '1',
      OUTBOX_DEFER_MAX_MS: '5000',
      OUTBOX_RETENTION_DAYS: '30',
    }).notifications;
    expect(c).toEqual({
      enabled: false,
      worker: false,
      outbox: {
        pollMs: 250,
        batchSize: 50,
        concurrency: 8,
        maxAttempts: 5,
        backoffMs: 1000,
        backoffMaxMs: 60_000,
        leaseMs: 30_000,
        yieldAbove: 1,
        deferMaxMs: 5000,
        retentionDays: 30,
      },
    });
    // 0 keeps every message forever.
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '0' }).notifications.outbox.retentionDays).toBe(0);
  });

  it('stops on a bad value, naming the variable', () => {
    for (const [name, bad] of [
      ['NOTIFY_ENABLED', 'maybe'],
      ['OUTBOX_POLL_MS', '5'],
      ['OUTBOX_BATCH_SIZE', '0'],
      ['OUTBOX_MAX_ATTEMPTS', 'many'],
      ['OUTBOX_LEASE_MS', '10'],
      ['OUTBOX_YIELD_ELU', '1.5'],
      ['OUTBOX_DEFER_MAX_MS', '-1'],
      ['OUTBOX_DEFER_MAX_MS', 'soon'],
      ['OUTBOX_RETENTION_DAYS', '-1'],
      ['OUTBOX_RETENTION_DAYS', '1.5'],
      ['OUTBOX_RETENTION_DAYS', 'forever'],
    ] as const)
      expect(() => loadConfig({ [name]: bad }), name).toThrow(new RegExp(name));
    expect(() => loadConfig({ OUTBOX_BACKOFF_MS: '10000', OUTBOX_BACKOFF_MAX_MS: '5000' })).toThrow(/OUTBOX_BACKOFF_MAX_MS/);
    // A message held back for a busy process must still go within its claim's lease.
    expect(() => loadConfig({ OUTBOX_LEASE_MS: '20000', OUTBOX_DEFER_MAX_MS: '20000' })).toThrow(/OUTBOX_DEFER_MAX_MS/);
    expect(loadConfig({ OUTBOX_LEASE_MS: '20000', OUTBOX_DEFER_MAX_MS: '0' }).notifications.outbox.deferMaxMs).toBe(0);
  });
});
