import type { CreateTableBuilder, Kysely } from 'kysely';

export type MigrationDialect = 'sqlite' | 'postgres';
export interface DialectMigration {
  up(db: Kysely<any>, dialect: MigrationDialect): Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any
  down?(db: Kysely<any>, dialect: MigrationDialect): Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** An auto-incrementing integer primary key named id, in either dialect. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: MigrationDialect) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
