import type {
  AdminCurrency,
  AdminVatTax,
  adminCurrencyCreateBody,
  adminCurrencyUpdateBody,
  adminVatTaxesBody,
} from '@souq/contracts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { isOn, type Db, type Dialect, type Trx } from '../../db';
import type { VatTaxesTable } from '../../db/commerce-schema';
import type { CurrenciesTable } from '../../db/schema';
import { notFound, validationError } from '../../http/route';
import { changesOf, recordAudit, type Actor } from '../audit';

type CreateBody = z.output<typeof adminCurrencyCreateBody>;
type UpdateBody = z.output<typeof adminCurrencyUpdateBody>;
type VatBody = z.output<typeof adminVatTaxesBody>;

export const toAdminCurrency = (r: Selectable<CurrenciesTable>): AdminCurrency => ({
  id: r.id,
  code: r.code,
  name: r.name,
  name_ar: r.name_ar,
  symbol: r.symbol,
  symbol_ar: r.symbol_ar,
  rate_from_default: Number(r.rate_from_default),
  decimals: r.decimals,
  position: r.position === 'prefix' ? 'prefix' : 'suffix',
  is_default: isOn(r.is_default),
  is_active: isOn(r.is_active),
});

export const toAdminVatTax = (r: Selectable<VatTaxesTable>): AdminVatTax => ({
  id: r.id,
  name: r.name,
  name_ar: r.name_ar,
  percentage: r.rate_bp / 100,
  is_active: isOn(r.is_active),
});

/** A rate divided by the new default's, without the float's noise (12 significant digits). */
const rebased = (rate: number, by: number) => Number((rate / by).toPrecision(12));

const audited = (c: AdminCurrency | null): Record<string, unknown> => {
  if (!c) return {};
  const { id: _id, ...fields } = c;
  return fields;
};

export interface CurrenciesAdminContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

/**
 * Currencies and VAT of the operator console. Every write takes the currencies' rows for itself first
 * (PostgreSQL `FOR UPDATE`; SQLite writes one transaction at a time), so two writes cannot both leave a
 * default: exactly one currency is the default after every commit.
 */
export function createCurrenciesAdminService(ctx: CurrenciesAdminContext) {
  const { db } = ctx;

  async function lockedCurrencies(trx: Trx) {
    let q = trx.selectFrom('currencies').selectAll().orderBy('sort').orderBy('id');
    if (ctx.dialect === 'postgres') q = q.forUpdate();
    return q.execute();
  }

  async function list(q: { page?: number; per_page?: number }) {
    const perPage = q.per_page ?? 50;
    const page = q.page ?? 1;
    const [rows, count] = await Promise.all([
      db
        .selectFrom('currencies')
        .selectAll()
        .orderBy('sort')
        .orderBy('id')
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute(),
      db
        .selectFrom('currencies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.n), currencies: rows.map(toAdminCurrency) };
  }

  /**
   * Makes `id` the default in `trx`: every other rate is divided by its rate (which becomes 1), the old
   * default is un-defaulted; each currency that changed is audited.
   */
  async function makeDefault(trx: Trx, actor: Actor, rows: Selectable<CurrenciesTable>[], id: number, rate: number) {
    for (const r of rows) {
      if (r.id === id) continue;
      const next = { rate_from_default: rebased(Number(r.rate_from_default), rate), is_default: 0 };
      const before = toAdminCurrency(r);
      const after = toAdminCurrency({ ...r, ...next, rate: next.rate_from_default });
      const changes = changesOf(audited(before), audited(after));
      if (!Object.keys(changes).length) continue;
      await trx
        .updateTable('currencies')
        .set({ ...next, rate: next.rate_from_default })
        .where('id', '=', r.id)
        .execute();
      await recordAudit(trx, actor, { action: 'currency.update', targetType: 'currency', targetId: r.id, changes }, ctx.now());
    }
  }

  async function create(actor: Actor, body: CreateBody): Promise<AdminCurrency> {
    return db.transaction().execute(async (trx) => {
      const rows = await lockedCurrencies(trx);
      const errors: Record<string, string[]> = {};
      if (rows.some((r) => r.code.toUpperCase() === body.code)) errors.code = ['This currency is already in the list.'];
      if (body.is_default && !body.is_active) errors.is_active = ['The default currency cannot be switched off.'];
      if (Object.keys(errors).length) throw validationError(errors);
      const sort = rows.reduce((m, r) => Math.max(m, r.sort), -1) + 1;
      const rate = body.is_default ? 1 : body.rate_from_default;
      const inserted = await trx
        .insertInto('currencies')
        .values({
          code: body.code,
          name: body.name,
          name_ar: body.name_ar,
          symbol: body.symbol,
          symbol_ar: body.symbol_ar,
          position: body.position,
          decimals: body.decimals,
          rate,
          rate_from_default: rate,
          is_default: body.is_default ? 1 : 0,
          is_active: body.is_active ? 1 : 0,
          sort,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await trx.selectFrom('currencies').selectAll().where('id', '=', inserted.id).executeTakeFirstOrThrow();
      const currency = toAdminCurrency(row);
      await recordAudit(
        trx,
        actor,
        { action: 'currency.create', targetType: 'currency', targetId: currency.id, changes: changesOf({}, audited(currency)) },
        ctx.now(),
      );
      // The rate sent was against the old default: the others are rebased on it.
      if (body.is_default) await makeDefault(trx, actor, rows, currency.id, body.rate_from_default);
      return currency;
    });
  }

  async function update(actor: Actor, id: number, body: UpdateBody): Promise<AdminCurrency> {
    return db.transaction().execute(async (trx) => {
      const rows = await lockedCurrencies(trx);
      const row = rows.find((r) => r.id === id);
      if (!row) throw notFound('Currency not found.');
      const before = toAdminCurrency(row);
      const errors: Record<string, string[]> = {};
      if (body.code !== undefined && rows.some((r) => r.id !== id && r.code.toUpperCase() === body.code))
        errors.code = ['This currency is already in the list.'];
      if (before.is_default && body.is_default === false)
        errors.is_default = ['The default currency stays the default: make another currency the default instead.'];
      const becomesDefault = !before.is_default && body.is_default === true;
      const active = body.is_active ?? before.is_active;
      if ((before.is_default || becomesDefault) && !active) errors.is_active = ['The default currency cannot be switched off.'];
      if (before.is_default && body.rate_from_default !== undefined && body.rate_from_default !== 1)
        errors.rate_from_default = ['The default currency’s rate is always 1.'];
      if (Object.keys(errors).length) throw validationError(errors);

      const rate = body.rate_from_default ?? before.rate_from_default;
      const set = {
        ...(body.code !== undefined && { code: body.code }),
        ...(body.name !== undefined && { name: body.name }),
        ...(body.name_ar !== undefined && { name_ar: body.name_ar }),
        ...(body.symbol !== undefined && { symbol: body.symbol }),
        ...(body.symbol_ar !== undefined && { symbol_ar: body.symbol_ar }),
        ...(body.position !== undefined && { position: body.position }),
        ...(body.decimals !== undefined && { decimals: body.decimals }),
        ...(body.is_active !== undefined && { is_active: body.is_active ? 1 : 0 }),
        ...(body.rate_from_default !== undefined && { rate: rate, rate_from_default: rate }),
        ...(becomesDefault && { is_default: 1, rate: 1, rate_from_default: 1 }),
      };
      if (Object.keys(set).length) await trx.updateTable('currencies').set(set).where('id', '=', id).execute();
      const now = toAdminCurrency(await trx.selectFrom('currencies').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
      const changes = changesOf(audited(before), audited(now));
      if (Object.keys(changes).length)
        await recordAudit(trx, actor, { action: 'currency.update', targetType: 'currency', targetId: id, changes }, ctx.now());
      if (becomesDefault) await makeDefault(trx, actor, rows, id, rate);
      return now;
    });
  }

  async function vatTaxes() {
    const rows = await db.selectFrom('vat_taxes').selectAll().orderBy('sort').orderBy('id').execute();
    return { total: rows.length, vat_taxes: rows.map(toAdminVatTax) };
  }

  /** Changes the taxes with an id (the fields sent) and adds those without, in one transaction. */
  async function putVatTaxes(actor: Actor, body: VatBody) {
    const errors: Record<string, string[]> = {};
    body.vat_taxes.forEach((t, i) => {
      if (t.id !== undefined) return;
      for (const f of ['name', 'name_ar', 'percentage'] as const)
        if (t[f] === undefined) errors[`vat_taxes.${i}.${f}`] = [`The ${f === 'name_ar' ? 'Arabic name' : f} field is required.`];
    });
    if (Object.keys(errors).length) throw validationError(errors);
    await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('vat_taxes').selectAll().execute();
      let sort = rows.reduce((m, r) => Math.max(m, r.sort), -1);
      for (const t of body.vat_taxes) {
        const values = {
          ...(t.name !== undefined && { name: t.name }),
          ...(t.name_ar !== undefined && { name_ar: t.name_ar }),
          ...(t.percentage !== undefined && { rate_bp: Math.round(t.percentage * 100) }),
          ...(t.is_active !== undefined && { is_active: t.is_active ? 1 : 0 }),
        };
        if (t.id === undefined) {
          const made = await trx
            .insertInto('vat_taxes')
            .values({
              name: t.name!,
              name_ar: t.name_ar!,
              rate_bp: values.rate_bp!,
              is_active: values.is_active ?? 1,
              sort: ++sort,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const row = await trx.selectFrom('vat_taxes').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
          const { id: _id, ...fields } = toAdminVatTax(row);
          await recordAudit(
            trx,
            actor,
            { action: 'vat_tax.create', targetType: 'vat_tax', targetId: made.id, changes: changesOf({}, fields) },
            ctx.now(),
          );
          continue;
        }
        const row = await trx.selectFrom('vat_taxes').selectAll().where('id', '=', t.id).executeTakeFirst();
        if (!row) throw notFound('VAT tax not found.');
        if (!Object.keys(values).length) continue;
        await trx.updateTable('vat_taxes').set(values).where('id', '=', t.id).execute();
        const after = await trx.selectFrom('vat_taxes').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
        const { id: _a, ...was } = toAdminVatTax(row);
        const { id: _b, ...is } = toAdminVatTax(after);
        const changes = changesOf(was, is);
        if (Object.keys(changes).length)
          await recordAudit(trx, actor, { action: 'vat_tax.update', targetType: 'vat_tax', targetId: t.id, changes }, ctx.now());
      }
    });
    return vatTaxes();
  }

  return { list, create, update, vatTaxes, putVatTaxes };
}
