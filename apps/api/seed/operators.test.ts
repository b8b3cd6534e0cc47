import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers';
import { DEMO_OPERATOR } from './operators';

/** The demo operator exists where the demo seed runs in the local environment, and nowhere else (BACKOFFICE.md "Roles"). */
describe('the demo operator', () => {
  it.each([
    ['local', true, true],
    ['local', false, false],
    ['staging', true, false],
    ['production', true, false],
  ] as const)('APP_ENV=%s, SEED_DEMO=%s: seeded %s', async (appEnv, seedDemo, seeded) => {
    const app = await createTestApp({ appEnv, seedDemo, ...(appEnv === 'production' ? { publicUrl: 'https://souq.test' } : {}) });
    const row = await app.db.selectFrom('operators').select('email').where('email', '=', DEMO_OPERATOR.email).executeTakeFirst();
    expect(!!row).toBe(seeded);
    if (seeded) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'admin@souq.om', password: 'password' },
      });
      expect(res.statusCode).toBe(200);
    }
  });
});
