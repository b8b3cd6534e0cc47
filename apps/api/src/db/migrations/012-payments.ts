import type { DialectMigration } from './helpers';

/**
 * Stripe Checkout joins the payment gateways (issue 16, decision 023). A database seeded before it gets
 * the row here, switched on: it is offered only once STRIPE_SECRET_KEY is configured. An empty database
 * gets it from the seed with the others.
 */
export const m012Payments: DialectMigration = {
  async up(db) {
    const seeded = await db.selectFrom('settings').select('key').limit(1).executeTakeFirst();
    if (!seeded) return;
    const present = await db.selectFrom('payment_gateways').select('id').where('name', '=', 'stripe').executeTakeFirst();
    if (present) return;
    const last = await db
      .selectFrom('payment_gateways')
      .select((eb) => eb.fn.max<number | null>('sort').as('sort'))
      .executeTakeFirst();
    await db
      .insertInto('payment_gateways')
      .values({ name: 'stripe', title: 'Stripe', logo: null, is_active: 1, sort: Number(last?.sort ?? 0) + 1 })
      .execute();
  },
  async down(db) {
    await db.deleteFrom('payment_gateways').where('name', '=', 'stripe').execute();
  },
};
