import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helpers';

const app = await createTestApp();
const apiDir = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run admin:create -- <args>` (the CLI, through tsx as npm does) against the test database, `input` on its standard input. */
function createCli(input: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const db = app.config.database;
  const tsx = path.join(apiDir, '../../node_modules/tsx/dist/cli.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsx, 'src/cli/admin-create.ts', ...args], {
      cwd: apiDir,
      env: {
        ...process.env,
        DATABASE_URL: db.dialect === 'postgres' ? db.url : `sqlite:${db.file}`,
        DATA_DIR: app.config.dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
    child.stdin.end(input);
  });
}

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password }, remoteAddress: '10.83.0.1' });

describe('npm run admin:create', () => {
  it('adds an operator with the password read from standard input, who can then sign in', async () => {
    const res = await createCli('Quiet-Harbour-73\n', '--email', 'Night.Ops@Souq.om', '--name', 'Night Ops');
    expect(res.out).toMatch(/Operator \d+ \(night\.ops@souq\.om\) is created/);
    expect(res.code).toBe(0);
    const row = await app.db
      .selectFrom('operators')
      .selectAll()
      .where('email', '=', 'night.ops@souq.om')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Night Ops', is_active: 1, last_login_at: null });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect((await login('night.ops@souq.om', 'Quiet-Harbour-73')).statusCode).toBe(200);
  }, 60_000);

  it('refuses a common or short password, a taken e-mail and missing options, and adds nobody', async () => {
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('operators')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const common = await createCli('password\n', '--email', 'x@souq.om', '--name', 'X');
    expect(common.code).toBe(1);
    expect(common.out).toMatch(/most common passwords/);
    const short = await createCli('abc\n', '--email', 'x@souq.om', '--name', 'X');
    expect(short.out).toMatch(/at least 8 characters/);
    const taken = await createCli('Another-Long-91\n', '--email', 'night.ops@souq.om', '--name', 'Again');
    expect(taken.out).toMatch(/already exists/);
    const usage = await createCli('Another-Long-91\n', '--email', 'y@souq.om');
    expect(usage.code).toBe(2);
    expect(usage.out).toMatch(/Usage: npm run admin:create/);
    expect(await count()).toBe(before);
  }, 60_000);
});
