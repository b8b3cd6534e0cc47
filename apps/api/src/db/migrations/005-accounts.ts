import type { DialectMigration } from './helpers';
import { withId } from './helpers';

const ts = 'varchar(30)'; // ISO-8601 UTC text

/** Accounts (issue 4): addresses, one-time codes, reset tokens, social accounts. */
export const m005Accounts: DialectMigration = {
  async up(db, dialect) {
    await withId(db.schema.createTable('addresses'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(150)', (c) => c.notNull())
      .addColumn('phone', 'varchar(20)', (c) => c.notNull())
      .addColumn('area', 'varchar(150)')
      .addColumn('flat_no', 'varchar(50)')
      .addColumn('address_type', 'varchar(10)', (c) => c.notNull().defaultTo('home'))
      .addColumn('address_line', 'varchar(500)', (c) => c.notNull())
      .addColumn('address_line2', 'varchar(500)')
      .addColumn('post_code', 'varchar(20)')
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('latitude', 'double precision')
      .addColumn('longitude', 'double precision')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('updated_at', ts, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('addresses_user_id').on('addresses').column('user_id').execute();

    await withId(db.schema.createTable('one_time_codes'), dialect)
      .addColumn('channel', 'varchar(10)', (c) => c.notNull())
      .addColumn('target', 'varchar(190)', (c) => c.notNull())
      .addColumn('phone_code', 'varchar(10)')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema.createIndex('one_time_codes_target').on('one_time_codes').columns(['target', 'created_at']).execute();
    await db.schema.createIndex('one_time_codes_ip').on('one_time_codes').columns(['ip', 'created_at']).execute();

    await withId(db.schema.createTable('reset_tokens'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', ts, (c) => c.notNull())
      .addColumn('expires_at', ts, (c) => c.notNull())
      .addColumn('used_at', ts)
      .execute();
    await db.schema.createIndex('reset_tokens_user_id').on('reset_tokens').column('user_id').execute();

    await withId(db.schema.createTable('social_accounts'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('subject', 'varchar(255)', (c) => c.notNull())
      .addColumn('email', 'varchar(190)')
      .addColumn('created_at', ts, (c) => c.notNull())
      .addUniqueConstraint('social_accounts_provider_subject_unique', ['provider', 'subject'])
      .execute();
    await db.schema.createIndex('social_accounts_user_id').on('social_accounts').column('user_id').execute();
  },
};
