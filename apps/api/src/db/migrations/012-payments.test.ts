import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDatabase, testDialect } from '../../../test/helpers';
import { createDb } from '../index';
import { migrateTo, migrateToLatest } from './index';

describe(`migration 012-payments (${testDialect()})`, () => {
  it('adds Stripe after the gateways of a seeded database, once; an empty database is left to the seed', async () => {
    for (const seeded of [true, false]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-m012-'));
      const { database, drop } = await emptyDatabase(dir);
      const { db, dialect } = createDb(database);
      try {
        await migrateTo(db, dialect, '008-catalogue-revision');
        if (seeded) {
          await db.insertInto('settings').values({ key: 'app_name', value: '"Souq"' }).execute();
          await db
            .insertInto('payment_gateways')
            .values([
              { name: 'thawani', title: 'Thawani Pay', logo: null, is_active: 1, sort: 0 },
              { name: 'amwal', title: 'Amwal Pay', logo: null, is_active: 0, sort: 4 },
            ])
            .execute();
        }
        await migrateToLatest(db, dialect);
        const rows = await db.selectFrom('payment_gateways').select(['name', 'is_active', 'sort']).orderBy('sort').execute();
        expect(rows.map((r) => [r.name, r.is_active, r.sort])).toEqual(
          seeded
            ? [
                ['thawani', 1, 0],
                ['amwal', 0, 4],
                ['stripe', 1, 5],
              ]
            : [],
        );
      } finally {
        await db.destroy();
        await drop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
