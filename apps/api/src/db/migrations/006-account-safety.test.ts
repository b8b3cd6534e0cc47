import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDatabase, testDialect } from '../../../test/helpers';
import { createDb } from '../index';
import { migrateTo, migrateToLatest } from './index';

describe(`migration 006-account-safety (${testDialect()})`, () => {
  it('leaves existing customers one default address (their newest) and then refuses a second', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-m006-'));
    const { database, drop } = await emptyDatabase(dir);
    const { db, dialect } = createDb(database);
    try {
      await migrateTo(db, dialect, '005-accounts');
      const now = new Date().toISOString();
      const user = (name: string) =>
        db
          .insertInto('users')
          .values({ name, email: `${name}@example.com`, phone_code: '+968', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
      const [many, one] = [await user('many'), await user('one')];
      const address = (userId: number, isDefault: number) =>
        db
          .insertInto('addresses')
          .values({
            user_id: userId,
            name: 'A',
            phone: '91234567',
            address_type: 'home',
            address_line: 'Way 1',
            is_default: isDefault,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const manyIds = [await address(many.id, 1), await address(many.id, 1), await address(many.id, 1)].map((r) => r.id);
      const oneIds = [await address(one.id, 1), await address(one.id, 0)].map((r) => r.id);

      await migrateToLatest(db, dialect);
      const defaults = async (userId: number) =>
        (await db.selectFrom('addresses').select('id').where('user_id', '=', userId).where('is_default', '=', 1).execute()).map(
          (r) => r.id,
        );
      expect(await defaults(many.id)).toEqual([Math.max(...manyIds)]);
      expect(await defaults(one.id)).toEqual([oneIds[0]]);
      await expect(address(one.id, 1)).rejects.toThrow(/unique|duplicate/i);
      // Any number of non-default addresses is fine.
      await address(one.id, 0);
    } finally {
      await db.destroy();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
