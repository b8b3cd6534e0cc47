import {
  SETTING_GROUPS,
  SETTINGS,
  SETTINGS_BY_KEY,
  checkSetting,
  type AdminSetting,
  type AdminSettings,
  type SettingDef,
  type SettingValue,
} from '@souq/contracts';
import { configuredGateways, type PaymentsConfig } from '../../config';
import { isOn, type Db, type DbOrTrx, type Dialect } from '../../db';
import { validationError } from '../../http/route';
import { recordAudit, type Actor, type Changes } from '../audit';

/**
 * The values `/api/master` falls back on when a setting is absent (settings.service.ts buildMaster): the
 * console shows what the storefront uses.
 */
const MASTER_DEFAULTS: Readonly<Record<string, SettingValue>> = {
  cash_on_delivery: true,
  web_show_footer: true,
  multi_vendor: true,
  phone_required: true,
  phone_min_length: 8,
  phone_max_length: 16,
  otp_length: 4,
  register_otp_type: 'phone',
  forgot_otp_type: 'phone',
};

/**
 * Where a setting lives. A key without a dot is a row of `settings`; `row.path` is a field inside the
 * JSON of the row `row` (theme_colors, bank, social_auths, search); `payment_gateways.<name>` is that
 * gateway's `is_active`; `payment_keys.<name>` the server's configuration (read only).
 */
type Place = { kind: 'row'; row: string; path: string[] } | { kind: 'gateway'; name: string } | { kind: 'config'; name: string };

function placeOf(key: string): Place {
  const [head, ...rest] = key.split('.');
  if (head === 'payment_gateways') return { kind: 'gateway', name: rest.join('.') };
  if (head === 'payment_keys') return { kind: 'config', name: rest.join('.') };
  return { kind: 'row', row: head!, path: rest };
}

const rowsOf = (defs: readonly SettingDef[]) => [
  ...new Set(
    defs.flatMap((d) => {
      const p = placeOf(d.key);
      return p.kind === 'row' ? [p.row] : [];
    }),
  ),
];

const getPath = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);

function setPath(value: unknown, path: string[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [k, ...rest] = path;
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  obj[k!] = setPath(obj[k!], rest, next);
  return obj;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** A stored value as the console shows it (the type's shape; a text stored for both languages split in two). */
function shown(def: SettingDef, raw: unknown): SettingValue {
  if (raw === undefined || raw === null) {
    if (def.key in MASTER_DEFAULTS) return MASTER_DEFAULTS[def.key]!;
    if (def.type === 'boolean') return false;
    if (def.type === 'localized_list') return { en: [], ar: [] };
    return null;
  }
  switch (def.type) {
    case 'boolean':
      return raw === true;
    case 'integer':
      return typeof raw === 'number' ? raw : ((MASTER_DEFAULTS[def.key] as number | undefined) ?? null);
    case 'localized': {
      if (typeof raw === 'string') return { en: raw, ar: raw };
      if (typeof raw !== 'object') return null;
      const o = raw as Record<string, unknown>;
      return { en: str(o.en) ?? '', ar: str(o.ar) ?? '' };
    }
    case 'localized_list': {
      const o = (typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
      const list = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
      return { en: list(o.en), ar: list(o.ar) };
    }
    case 'secret':
      return null;
    default:
      return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
  }
}

export interface SettingsAdminContext {
  db: Db;
  dialect: Dialect;
  payments: PaymentsConfig;
  now: () => Date;
  /**
   * In production (decision 043): the variable whose `log` driver would leave the codes of this channel in
   * the log alone (SMS_DRIVER, MAIL_DRIVER), or null; the channels of one-time codes cannot be switched
   * to such a one. Absent elsewhere.
   */
  logOnlyDriver?: (channel: 'phone' | 'email') => string | null;
}

export function createSettingsAdminService(ctx: SettingsAdminContext) {
  const { db } = ctx;
  const configured = configuredGateways(ctx.payments);

  /** The settings rows (JSON-decoded) and the gateways' switches, as stored now. */
  async function stored(q: DbOrTrx, lock = false) {
    let rows = q.selectFrom('settings').select(['key', 'value']);
    if (lock && ctx.dialect === 'postgres') rows = rows.forUpdate();
    let gws = q.selectFrom('payment_gateways').select(['name', 'is_active']);
    if (lock && ctx.dialect === 'postgres') gws = gws.forUpdate();
    const [settingRows, gateways] = await Promise.all([rows.execute(), gws.execute()]);
    const values = new Map<string, unknown>();
    for (const r of settingRows) {
      try {
        values.set(r.key, JSON.parse(r.value) as unknown);
      } catch {
        values.set(r.key, null);
      }
    }
    return { values, gateways: new Map(gateways.map((g) => [g.name, isOn(g.is_active)])) };
  }

  function valueOf(def: SettingDef, s: Awaited<ReturnType<typeof stored>>): SettingValue {
    const place = placeOf(def.key);
    if (place.kind === 'gateway') return s.gateways.get(place.name) ?? false;
    if (place.kind === 'config') return null;
    return shown(def, getPath(s.values.get(place.row), place.path));
  }

  function view(s: Awaited<ReturnType<typeof stored>>): AdminSettings {
    return {
      groups: SETTING_GROUPS.map((group) => ({
        key: group,
        settings: SETTINGS.filter((d) => d.group === group).map((d): AdminSetting => {
          const { group: _g, nullable, hint, ...rest } = d;
          const item = { ...rest, nullable: !!nullable, hint: !!hint, value: valueOf(d, s) } as AdminSetting;
          if (d.type === 'secret') item.is_set = configured.has(d.key.slice('payment_keys.'.length));
          return item;
        }),
      })),
    };
  }

  async function get(): Promise<AdminSettings> {
    return view(await stored(db));
  }

  /**
   * Changes the keys sent (422 per key); answers every setting as stored after the write, and whether
   * anything changed (then the caches of `/api/master` must go).
   */
  async function update(
    actor: Actor,
    body: Record<string, unknown>,
    /** The refusal of a switch to a channel that only logs, naming its variable, in the request's language. */
    logOnlyMessage: (variable: string) => string = (variable) => `${variable} is log: codes sent this way would reach no one.`,
  ): Promise<{ settings: AdminSettings; changed: boolean }> {
    const errors: Record<string, string[]> = {};
    const next = new Map<string, SettingValue>();
    for (const [key, raw] of Object.entries(body)) {
      const def = SETTINGS_BY_KEY.get(key);
      if (!def) {
        errors[key] = ['This setting does not exist.'];
        continue;
      }
      const checked = checkSetting(def, raw);
      if (!checked.ok) errors[key] = [checked.message];
      else next.set(key, checked.value);
    }
    if (Object.keys(errors).length) throw validationError(errors);

    return db.transaction().execute(async (trx) => {
      const before = await stored(trx, true);
      const after = (key: string) => (next.has(key) ? next.get(key)! : valueOf(SETTINGS_BY_KEY.get(key)!, before));

      // Rules between keys, on the values as they would be after the write; the error on a key sent.
      const min = after('phone_min_length');
      const max = after('phone_max_length');
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        const on = next.has('phone_min_length') ? 'phone_min_length' : 'phone_max_length';
        errors[on] = ['The shortest phone number must not be longer than the longest.'];
      }
      if (after('bank_transfer') === true && !after('bank.account_number') && !after('bank.iban')) {
        const on = ['bank_transfer', 'bank.account_number', 'bank.iban'].find((k) => next.has(k))!;
        if (on) errors[on] = ['Bank transfer needs the account number or the IBAN of the bank account.'];
      }
      // A switch of the codes' channel to one whose driver only logs would lock every new customer out.
      for (const key of ['register_otp_type', 'forgot_otp_type']) {
        const value = next.get(key);
        if ((value !== 'phone' && value !== 'email') || value === valueOf(SETTINGS_BY_KEY.get(key)!, before)) continue;
        const variable = ctx.logOnlyDriver?.(value);
        if (variable) errors[key] = [logOnlyMessage(variable)];
      }
      for (const key of next.keys()) {
        const place = placeOf(key);
        if (place.kind === 'gateway' && !before.gateways.has(place.name))
          errors[key] = ['This payment gateway is not installed.'];
      }
      if (Object.keys(errors).length) throw validationError(errors);

      const changes: Changes = {};
      const rowValues = new Map<string, unknown>();
      for (const [key, value] of next) {
        const def = SETTINGS_BY_KEY.get(key)!;
        const old = valueOf(def, before);
        if (JSON.stringify(old) === JSON.stringify(value)) continue;
        changes[key] = [old, value];
        const place = placeOf(key);
        if (place.kind === 'gateway') {
          await trx
            .updateTable('payment_gateways')
            .set({ is_active: value ? 1 : 0 })
            .where('name', '=', place.name)
            .execute();
        } else if (place.kind === 'row') {
          const current = rowValues.has(place.row) ? rowValues.get(place.row) : before.values.get(place.row);
          rowValues.set(place.row, setPath(current, place.path, value));
        }
      }
      for (const [row, value] of rowValues) {
        const json = JSON.stringify(value);
        await trx
          .insertInto('settings')
          .values({ key: row, value: json })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
          .execute();
      }
      if (Object.keys(changes).length)
        await recordAudit(trx, actor, { action: 'settings.update', targetType: 'settings', targetId: null, changes }, ctx.now());
      const now = await stored(trx);
      return { settings: view(now), changed: Object.keys(changes).length > 0 };
    });
  }

  return { get, update };
}

/** The keys of the `settings` table that the console writes (a test checks the seed has each). */
export const SETTINGS_ROWS = rowsOf(SETTINGS);
