import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from '../index';
import type { DialectMigration } from './helpers';
import { m001Settings } from './001-settings';
import { m002Catalogue } from './002-catalogue';
import { m003AccessTokens } from './003-access-tokens';
import { m004CatalogueSearch } from './004-catalogue-search';
import { m005Accounts } from './005-accounts';
import { m006AccountSafety } from './006-account-safety';
import { m007Commerce } from './007-commerce';
import { m008CatalogueRevision } from './008-catalogue-revision';
import { m009Chat } from './009-chat';
import { m010Support } from './010-support';
import { m011Content } from './011-content';
import { m012Payments } from './012-payments';
import { m013Compat } from './013-compat';
import { m014CatalogueChanges } from './014-catalogue-changes';
import { m015CardRevision } from './015-card-revision';
import { m016SellerCentre } from './016-seller-centre';
import { m017SellerProducts } from './017-seller-products';
import { m018ShopOpen } from './018-shop-open';
import { m019SellerDashboard } from './019-seller-dashboard';
import { m020Operators } from './020-operators';
import { m021ShopsConsole } from './021-shops-console';
import { m022CatalogueConsole } from './022-catalogue-console';
import { m024SupportDesk } from './024-support-desk';
import { m025OrderRefunds } from './025-order-refunds';
import { m026BlogCategorySwitch } from './026-blog-category-switch';
import { m027OtpOwner } from './027-otp-owner';
import { m028ConsoleLists } from './028-console-lists';
import { m029Outbox } from './029-outbox';
import { m031CustomerReviews } from './031-customer-reviews';
import { m032PayAgain } from './032-pay-again';
import { m033DetailsRevision } from './033-details-revision';

/** The ordered list of migrations. Names are frozen once released. */
const all: Record<string, DialectMigration> = {
  '001-settings': m001Settings,
  '002-catalogue': m002Catalogue,
  '003-access-tokens': m003AccessTokens,
  '004-catalogue-search': m004CatalogueSearch,
  '005-accounts': m005Accounts,
  '006-account-safety': m006AccountSafety,
  '007-commerce': m007Commerce,
  '008-catalogue-revision': m008CatalogueRevision,
  '009-chat': m009Chat,
  '010-support': m010Support,
  '011-content': m011Content,
  '012-payments': m012Payments,
  '013-compat': m013Compat,
  '014-catalogue-changes': m014CatalogueChanges,
  '015-card-revision': m015CardRevision,
  '016-seller-centre': m016SellerCentre,
  '017-seller-products': m017SellerProducts,
  '018-shop-open': m018ShopOpen,
  '019-seller-dashboard': m019SellerDashboard,
  '020-operators': m020Operators,
  '021-shops-console': m021ShopsConsole,
  '022-catalogue-console': m022CatalogueConsole,
  '024-support-desk': m024SupportDesk,
  '025-order-refunds': m025OrderRefunds,
  '026-blog-category-switch': m026BlogCategorySwitch,
  '027-otp-owner': m027OtpOwner,
  '028-console-lists': m028ConsoleLists,
  '029-outbox': m029Outbox,
  '031-customer-reviews': m031CustomerReviews,
  '032-pay-again': m032PayAgain,
  '033-details-revision': m033DetailsRevision,
};

/** The names of the migrations this code knows, oldest first (the backup refuses a database beyond the last). */
export const migrationNames: readonly string[] = Object.keys(all);

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(all).map(([name, m]) => [
        name,
        { up: (db) => m.up(db, this.dialect), down: m.down ? (db) => m.down!(db, this.dialect) : undefined },
      ]),
    );
  }
}

/** Applies the migrations not yet applied; answers their names, in order (none: the database was up to date). */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  return migrate(db, dialect, (m) => m.migrateToLatest());
}

/** Migrates up to the named migration and stops there (tests check a migration on older data with it). */
export async function migrateTo(db: Db, dialect: Dialect, name: string): Promise<void> {
  await migrate(db, dialect, (m) => m.migrateTo(name));
}

async function migrate(db: Db, dialect: Dialect, run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>) {
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect) });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
