import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { SocialAccountsTable } from '../../db/accounts-schema';

/** The account a provider's user (its subject) is linked to, if any. */
export const findSocialLink = (db: DbOrTrx, provider: SocialAccountsTable['provider'], subject: string) =>
  db
    .selectFrom('social_accounts')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();

export const linkSocialAccount = (db: DbOrTrx, link: Insertable<SocialAccountsTable>) =>
  db.insertInto('social_accounts').values(link).execute();
