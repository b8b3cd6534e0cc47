import type { DialectMigration } from './helpers';

/** Accounts (issue 4): one-time codes, reset tokens, addresses, favourites, social accounts. */
export const m005Accounts: DialectMigration = {
  async up() {},
};
