import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../seed';
import { seedDemoOperator } from '../seed/operators';
import type { AppConfig } from '../src/config';
import { issueToken } from '../src/modules/auth/tokens';
import { accountsConfig } from '../src/modules/accounts/test-support';
import { startupProblems } from '../src/startup-checks';
import { mountWeb } from '../src/web';
import { createTestApp, emptyDatabase, testDialect, testOperator } from './helpers';

/**
 * Safe production mode (issue 38, decision 043): the refusals of a production start, no one-time code in
 * any answer outside the local environment, HSTS and Secure cookies over https, and the console's
 * refusal to switch the codes' channel to one that only logs.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const serverJs = path.join(root, 'apps/api/dist/server.js');
const webBuilt = fs.existsSync(path.join(root, 'apps/web/build/server/index.js'));
const productionEnv = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://souq.test',
  OTP_SECRET: 'o'.repeat(32),
  PUSHER_APP_SECRET: 'p'.repeat(16),
};
const smsGateway = { driver: 'http' as const, url: 'http://127.0.0.1:9/sms' };
const smtp = { ...accountsConfig().mail, driver: 'smtp' as const };

const databaseUrl = (db: AppConfig['database']) => (db.dialect === 'postgres' ? db.url : `sqlite:${db.file}`);

/** Runs the compiled server with these variables (and no inherited APP_ENV, SEED_DEMO …); its exit code and output. */
function runServer(env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const inherited = Object.fromEntries(
      ['PATH', 'HOME', 'TMPDIR', 'NODE_OPTIONS'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
    );
    const child = spawn(process.execPath, [serverJs], {
      cwd: root,
      env: { ...inherited, HOST: '127.0.0.1', PORT: '0', SERVE_WEB: 'false', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (c: Buffer) => {
      out += c.toString();
      if (until?.test(out)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('a production start refuses, one line per problem naming its variable', () => {
  beforeAll(() => {
    // The compiled server, as `npm start` runs it (built when a source is newer; well under a second).
    const built = spawnSync(process.execPath, ['-e', "import('./scripts/build-api.mjs').then((m) => m.buildApiIfStale())"], {
      cwd: root,
      stdio: 'inherit',
    });
    expect(built.status).toBe(0);
  }, 120_000);

  it('exits 1 naming PUBLIC_URL, OTP_SECRET, PUSHER_APP_SECRET and SEED_DEMO=true, all at once', async () => {
    const { code, out } = await runServer({ APP_ENV: 'production', SEED_DEMO: 'true', DATA_DIR: os.tmpdir() });
    expect(code).toBe(1);
    for (const variable of ['PUBLIC_URL', 'OTP_SECRET', 'PUSHER_APP_SECRET', 'SEED_DEMO'])
      expect(
        out.split('\n').filter((l) => l.trim().startsWith(`${variable}:`)),
        out,
      ).toHaveLength(1);
  }, 60_000);

  it('exits 1 on a database with the demo accounts and with codes that would go to the log', async () => {
    const demo = await createTestApp();
    const { code, out } = await runServer({
      ...productionEnv,
      DATABASE_URL: databaseUrl(demo.config.database),
      DATA_DIR: demo.config.dataDir,
    });
    expect(code).toBe(1);
    expect(out).toContain('Refusing to start with APP_ENV=production');
    const lines = out.split('\n').map((l) => l.trim());
    expect(
      lines.filter((l) => l.startsWith('SEED_DEMO: the database holds demo accounts')),
      out,
    ).toHaveLength(1);
    expect(
      lines.filter((l) => l.startsWith('SMS_DRIVER: is log')),
      out,
    ).toHaveLength(1);
    expect(out).not.toMatch(/listening/);
  }, 120_000);

  it('starts on a new database (no demo data) with an SMS gateway, and serves', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prod-start-'));
    const empty = await emptyDatabase(dir);
    try {
      const { out } = await runServer(
        {
          ...productionEnv,
          LOG_LEVEL: 'info',
          DATABASE_URL: databaseUrl(empty.database),
          DATA_DIR: dir,
          SMS_DRIVER: 'http',
          SMS_HTTP_URL: smsGateway.url,
        },
        /storefront listening/,
      );
      expect(out).toMatch(/storefront listening/);
      expect(out).not.toContain('Refusing');
      expect(out).toContain('SEED_DEMO=false: no demo data');
    } finally {
      await empty.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

// The start-up check's own database (a copy of the seeded template, which has the demo accounts).
const seeded = await createTestApp();

describe(`the start-up check on the database (${testDialect()})`, () => {
  const production = (patch: Partial<AppConfig['accounts']> = {}): AppConfig => ({
    ...seeded.config,
    appEnv: 'production',
    accounts: { ...seeded.config.accounts, ...patch },
  });

  it('names every demo account that still signs in with "password" (customer, sellers, operator)', async () => {
    await seedDemoOperator(seeded.db, new Date());
    const problems = await startupProblems(seeded.db, production({ sms: smsGateway }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SEED_DEMO: /);
    for (const email of ['customer@souq.om', 'seller1@souq.om', 'seller8@souq.om', 'admin@souq.om'])
      expect(problems[0]).toContain(email);
  }, 60_000);

  it('finds the demo customer by phone too, and passes once the demo accounts are changed or suspended', async () => {
    await seeded.db.updateTable('users').set({ email: 'someone@else.om' }).where('phone', '=', DEMO_CUSTOMER.phone).execute();
    expect((await startupProblems(seeded.db, production({ sms: smsGateway })))[0]).toContain('+96891234567');
    await seeded.db.updateTable('shop_users').set({ is_active: 0 }).execute();
    await seeded.db.updateTable('operators').set({ password_hash: 'changed' }).execute();
    const other = await seeded.db.selectFrom('users').select('password_hash').where('id', '!=', 1).executeTakeFirst();
    await seeded.db
      .updateTable('users')
      .set({ password_hash: other?.password_hash ?? null })
      .where('phone', '=', DEMO_CUSTOMER.phone)
      .execute();
    expect(await startupProblems(seeded.db, production({ sms: smsGateway }))).toEqual([]);
  }, 60_000);

  it('refuses codes that the settings send by a channel whose driver is log, naming the variable', async () => {
    const sms = await startupProblems(seeded.db, production({ sms: { driver: 'log' } }));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatch(/^SMS_DRIVER: is log, .*register_otp_type=phone and forgot_otp_type=phone/);
    // By e-mail: MAIL_DRIVER=log is refused, SMTP is fine, and the SMS driver no longer matters.
    await seeded.db.updateTable('settings').set({ value: '"email"' }).where('key', '=', 'forgot_otp_type').execute();
    const mail = await startupProblems(seeded.db, production({ sms: smsGateway }));
    expect(mail).toEqual([expect.stringMatching(/^MAIL_DRIVER: is log, .*forgot_otp_type=email/)]);
    expect(await startupProblems(seeded.db, production({ sms: smsGateway, mail: smtp }))).toEqual([]);
  });

  it('checks nothing outside production', async () => {
    for (const appEnv of ['local', 'staging', 'test'] as const)
      expect(await startupProblems(seeded.db, { ...production({ sms: { driver: 'log' } }), appEnv })).toEqual([]);
  });
});

describe('no one-time code in any answer outside the local environment', () => {
  const messages: string[] = [];
  const gateway = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      messages.push((JSON.parse(raw) as { message: string }).message);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  beforeAll(() => new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  /** Asks for a forgot-password code for the demo customer; the answer, and the code the gateway got. */
  async function ask(appEnv: AppConfig['appEnv']) {
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    const log: string[] = [];
    const app = await createTestApp(
      { appEnv, logLevel: 'info', accounts: accountsConfig({ sms: { driver: 'http', url } }) },
      { logStream: { write: (line) => void log.push(line) } },
    );
    const before = messages.length;
    const res = await app.inject({
      method: 'POST',
      url: '/api/send-otp',
      payload: { phone: DEMO_CUSTOMER.phone, phone_code: '+968', forgot_password: true },
      remoteAddress: `10.38.${randomBytes(1)[0]}.1`,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (let i = 0; i < 200 && messages.length === before; i++) await new Promise((r) => setTimeout(r, 50));
    const code = /code is (\d+)\./.exec(messages.at(-1) ?? '')?.[1];
    expect(code).toBeDefined();
    return { body: res.body, code: code!, log: log.join('') };
  }

  it.each(['production', 'staging'] as const)(
    '%s: the answer and the log hold no code',
    async (appEnv) => {
      const { body, code, log } = await ask(appEnv);
      expect(body).not.toContain(code);
      expect(JSON.parse(body).data).toEqual({ email_or_phone: DEMO_CUSTOMER.phone });
      expect(log).not.toContain(`"otp":"${code}"`);
    },
    60_000,
  );

  it('local (the demo a newcomer starts): the answer shows the code', async () => {
    const { body, code } = await ask('local');
    expect(JSON.parse(body).data.otp).toBe(code);
  }, 60_000);
});

describe('HSTS and Secure cookies over https', () => {
  /** An app with a route that sets a cookie (as a page may). */
  async function appAt(publicUrl: string) {
    const app = await createTestApp({ publicUrl });
    app.get('/api/test-cookie', async (_req, reply) =>
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/; Secure']).send({}),
    );
    return app;
  }
  const HSTS = 'max-age=31536000; includeSubDomains';

  it('https PUBLIC_URL: every answer (API, not found, client error, server error) carries HSTS', async () => {
    const app = await appAt('https://souq.test');
    app.get('/api/test-boom', async () => {
      throw new Error('boom');
    });
    const answers = await Promise.all([
      app.inject({ url: '/api/master' }),
      app.inject({ url: '/api/no-such-thing' }),
      app.inject({ url: '/no-such-page' }),
      app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{bad' }),
      app.inject({ url: '/api/test-boom' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 404, 400, 500]);
    for (const a of answers) expect(a.headers['strict-transport-security']).toBe(HSTS);
  });

  it.skipIf(!webBuilt)(
    'https PUBLIC_URL: pages, static files and the web 404 carry HSTS too',
    async () => {
      const app = await appAt('https://souq.test');
      await mountWeb(app);
      const asset = fs.readdirSync(path.join(root, 'apps/web/build/client/assets')).find((f) => f.endsWith('.js'));
      const answers = await Promise.all([
        app.inject({ url: '/' }),
        app.inject({ url: `/assets/${asset}` }),
        app.inject({ url: '/favicon.svg' }),
        app.inject({ url: '/no-such-page' }),
        app.inject({ url: '/uploads/no-such-file.png' }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 404, 404]);
      for (const a of answers) expect(a.headers['strict-transport-security']).toBe(HSTS);
    },
    60_000,
  );

  it('https PUBLIC_URL: every cookie the server sets is Secure (once)', async () => {
    const app = await appAt('https://souq.test');
    const res = await app.inject({ url: '/api/test-cookie' });
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/; Secure', 'b=2; Path=/; Secure']);
  });

  it('http PUBLIC_URL: no HSTS, cookies left as set', async () => {
    const app = await appAt('http://localhost:3000');
    const master = await app.inject({ url: '/api/master' });
    expect(master.headers['strict-transport-security']).toBeUndefined();
    const res = await app.inject({ url: '/api/test-cookie' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/; Secure']);
  });
});

describe("the console's settings in production: no switch of the codes' channel to a driver that only logs", () => {
  async function consoleOf(appEnv: AppConfig['appEnv'], mail: AppConfig['accounts']['mail']) {
    const app = await createTestApp({ appEnv, accounts: { ...accountsConfig(), mail } });
    const token = (await issueToken(app.db, 'operator', await testOperator(app.db))).token;
    const put = (body: object, locale = 'en') =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
        payload: body,
      });
    return { app, put };
  }
  const logMail = accountsConfig().mail;

  it("production, MAIL_DRIVER=log: a switch to e-mail is 422 on that key, in the caller's language, and nothing changes", async () => {
    const { app, put } = await consoleOf('production', logMail);
    const res = await put({ register_otp_type: 'email', app_name: { en: 'Renamed', ar: 'اسم' } });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors)).toEqual(['register_otp_type']);
    expect(errors.register_otp_type![0]).toContain('MAIL_DRIVER=log');
    const ar = await put({ forgot_otp_type: 'email' }, 'ar');
    expect(ar.statusCode).toBe(422);
    expect(ar.json().errors.forgot_otp_type[0]).toMatch(/[\u0600-\u06FF]/);
    const stored = await app.db.selectFrom('settings').select('value').where('key', '=', 'register_otp_type').executeTakeFirst();
    expect(stored?.value).not.toBe('"email"');
    // Sending the channel it already has (phone, whose driver is log here too) is no switch: accepted.
    expect((await put({ register_otp_type: 'phone' })).statusCode).toBe(200);
  });

  it('production with SMTP, or outside production: the switch is saved', async () => {
    const withSmtp = await consoleOf('production', smtp);
    expect((await withSmtp.put({ register_otp_type: 'email' })).statusCode).toBe(200);
    const local = await consoleOf('local', logMail);
    expect((await local.put({ register_otp_type: 'email' })).statusCode).toBe(200);
  });
});
