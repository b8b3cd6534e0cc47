import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyDatabase, testDialect } from '../../../test/helpers';
import { createDb } from '../index';
import { CONTACT_SETTINGS, TICKET_ISSUE_TYPES } from './010-support';
import { migrateTo, migrateToLatest } from './index';

describe(`migration 010-support (${testDialect()})`, () => {
  it('brings the issue types always, and the contact details to a database seeded before it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-m010-'));
    const { database, drop } = await emptyDatabase(dir);
    const { db, dialect } = createDb(database);
    try {
      await migrateTo(db, dialect, '008-catalogue-revision');
      await db
        .insertInto('settings')
        .values({ key: 'app_name', value: JSON.stringify({ en: 'Shop' }) })
        .execute();
      await migrateToLatest(db, dialect);
      const settings = await db.selectFrom('settings').selectAll().where('key', 'in', Object.keys(CONTACT_SETTINGS)).execute();
      expect(Object.fromEntries(settings.map((s) => [s.key, JSON.parse(s.value)]))).toEqual(CONTACT_SETTINGS);
      const types = await db.selectFrom('ticket_issue_types').select(['name', 'name_ar']).orderBy('sort').execute();
      expect(types).toEqual(TICKET_ISSUE_TYPES);
    } finally {
      await db.destroy();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // (The demo seed brings them to an empty database: contact.test.ts reads them from the seeded one.)
  it('writes no setting into an empty database, so that the demo seed still sees it as empty', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-m010-'));
    const { database, drop } = await emptyDatabase(dir);
    const { db, dialect } = createDb(database);
    try {
      await migrateToLatest(db, dialect);
      expect(await db.selectFrom('settings').select('key').execute()).toEqual([]);
    } finally {
      await db.destroy();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
