import {
  adminCurrenciesQuery,
  adminCurrenciesResponseSchema,
  adminCurrencyCreateBody,
  adminCurrencyResponseSchema,
  adminCurrencyUpdateBody,
  adminSettingsBody,
  adminSettingsResponseSchema,
  adminVatTaxesBody,
  adminVatTaxesResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, route } from '../../http/route';
import { logOnlyDriver } from '../../startup-checks';
import { operatorActor } from '../audit';
import { translations } from '../i18n';
import { createCurrenciesAdminService } from './currencies-admin.service';
import { masterChanges } from './master-changes';
import { createSettingsAdminService } from './settings-admin.service';

const idParams = z.object({ id: z.string() });
const idOf = (raw: string) => {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw notFound('Currency not found.');
  return Number(raw);
};

/**
 * The operator console's settings, currencies and VAT (BACKOFFICE.md "Operator console"; the contract
 * and its one table of settings in packages/contracts/src/admin-settings.ts). Every write is audited in
 * its transaction; a write of a setting or a currency reaches `/api/master` on every instance at once
 * (master-changes.ts).
 */
export async function adminSettingsRoutes(app: FastifyInstance) {
  const ctx = { db: app.db, dialect: app.dialect, now: app.config.now };
  const production = app.config.appEnv === 'production';
  const settings = createSettingsAdminService({
    ...ctx,
    payments: app.config.payments,
    logOnlyDriver: production ? (channel) => logOnlyDriver(channel, app.config) : undefined,
  });
  const currencies = createCurrenciesAdminService(ctx);
  const master = masterChanges(app);
  const tags = ['admin'];
  const actorOf = (auth: { id: number; tokenId: number }, ip: string) => operatorActor(app.db, auth, ip);

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/settings',
      summary: 'Every setting /api/master announces, grouped, with its type and value (secrets: only whether set)',
      tags,
      auth: 'operator',
      response: adminSettingsResponseSchema,
    },
    async () => ({ data: await settings.get() }),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/settings',
      summary: 'Change the settings sent ({key: value}); each is checked by its type (422 per key)',
      tags,
      auth: 'operator',
      body: adminSettingsBody,
      response: adminSettingsResponseSchema,
    },
    async ({ auth, body, req }) => {
      const { settings: data, changed } = await settings.update(await actorOf(auth, req.ip), body, (variable) =>
        translations[req.locale]['admin.settings.error.otp_channel_log'].replace('{variable}', variable),
      );
      if (changed) master.changed();
      return { message: 'Settings saved.', data };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/currencies',
      summary: 'Every currency, active or not, in the storefront’s order',
      tags,
      auth: 'operator',
      query: adminCurrenciesQuery,
      response: adminCurrenciesResponseSchema,
    },
    async ({ query }) => ({ data: await currencies.list(query) }),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/currencies',
      summary: 'Add a currency (its rate against the default); made the default, it un-defaults the other',
      tags,
      auth: 'operator',
      body: adminCurrencyCreateBody,
      response: adminCurrencyResponseSchema,
    },
    async ({ auth, body, req, reply }) => {
      const currency = await currencies.create(await actorOf(auth, req.ip), body);
      master.changed();
      reply.status(201);
      return { message: 'Currency added.', data: { currency } };
    },
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/currencies/:id',
      summary: 'Change the fields sent of a currency; is_default true makes it the default (rates rebased on it)',
      tags,
      auth: 'operator',
      params: idParams,
      body: adminCurrencyUpdateBody,
      response: adminCurrencyResponseSchema,
    },
    async ({ auth, params, body, req }) => {
      const currency = await currencies.update(await actorOf(auth, req.ip), idOf(params.id), body);
      master.changed();
      return { message: 'Currency saved.', data: { currency } };
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/vat-taxes',
      summary: 'The VAT taxes the checkout charges (the active ones) on the goods after the voucher',
      tags,
      auth: 'operator',
      response: adminVatTaxesResponseSchema,
    },
    async () => ({ data: await currencies.vatTaxes() }),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/admin/vat-taxes',
      summary: 'Change VAT taxes (items with an id: the fields sent) and add new ones (items without), in one transaction',
      tags,
      auth: 'operator',
      body: adminVatTaxesBody,
      response: adminVatTaxesResponseSchema,
    },
    async ({ auth, body, req }) => ({
      message: 'VAT saved.',
      data: await currencies.putVatTaxes(await actorOf(auth, req.ip), body),
    }),
  );
}
