import { DEFAULT_LOCALE, type Locale } from '@souq/contracts';
import type { Trx } from '../../db';
import type { OrderStatus } from '../../db/commerce-schema';
import type { NewOutboxRow } from './outbox.repository';
import { insertRows } from './outbox.repository';
import { render } from './render';
import type { TemplateKey } from './templates/types';

/** What happened, as the services tell it (inside their transaction). */
export type NotifyEvent =
  | {
      type: 'order.placed';
      userId: number;
      orders: { id: number; order_code: string; shop_id: number; payable_amount: number }[];
      /** The customer's language (the placing request's). */
      locale?: Locale;
    }
  | {
      type: 'order.status';
      order: { id: number; order_code: string; user_id: number; shop_id: number };
      status: OrderStatus;
      /** Set when the customer caused it (a cancellation): their request's language. */
      locale?: Locale;
    }
  | { type: 'order.refunded'; order: { id: number; order_code: string; user_id: number; shop_id: number }; amount: number }
  | {
      type: 'shop.status';
      shop: { id: number; name: string; name_ar: string | null };
      action: 'approve' | 'reject' | 'suspend' | 'reinstate';
      reason: string | null;
    }
  | {
      type: 'ticket.answered';
      ticket: { id: number; ticket_no: string; user_id: number; shop_id: number | null; subject: string };
      by: 'shop' | 'support';
    };

/** Writes an event's notifications in the caller's transaction: rolled back with it, committed with it. */
export type Notify = (trx: Trx, event: NotifyEvent) => Promise<void>;

export interface NotificationsDeps {
  /** NOTIFY_ENABLED: false writes nothing (the benchmark's "off"). */
  enabled: boolean;
  publicUrl: string;
  now: () => Date;
  /** The marketplace's name in a language (settings' app_name; cached by the settings service). */
  siteName: (locale: Locale) => Promise<string>;
}

const STATUS_KEYS: Partial<Record<OrderStatus, TemplateKey>> = {
  Confirm: 'order.confirmed',
  Processing: 'order.processing',
  Pickup: 'order.picked_up',
  'On The Way': 'order.on_the_way',
  Delivered: 'order.delivered',
  Cancelled: 'order.cancelled',
};

const asLocale = (v: string | null | undefined): Locale | null => (v === 'ar' || v === 'en' ? v : null);
const money = (baisa: number) => (baisa / 1000).toFixed(3);
const shopName = (s: { name: string; name_ar: string | null } | undefined, locale: Locale) =>
  s ? (locale === 'ar' ? (s.name_ar ?? s.name) : s.name) : '';

interface Recipient {
  type: 'user' | 'seller';
  id: number;
  name: string;
  locale: Locale;
  email: string | null;
  phone: string | null;
}

/**
 * The notifications writer (decision 046). `prepare()` is called before the event's transaction (it
 * reads the marketplace's name, which must not be read through another connection inside a SQLite
 * transaction) and gives the function that writes the rows inside it. Messages are rendered now, in the
 * recipient's language: a customer's stored language (their last order placed or cancelled), else
 * the language of the request that caused the event, else Arabic; a seller's stored language.
 */
export function createNotifications(deps: NotificationsDeps) {
  const noop: Notify = async () => {};

  async function prepare(): Promise<Notify> {
    if (!deps.enabled) return noop;
    const site = { ar: await deps.siteName('ar'), en: await deps.siteName('en') };
    return (trx, event) => write(trx, site, event);
  }

  async function customer(trx: Trx, userId: number, requestLocale?: Locale): Promise<Recipient | null> {
    const u = await trx
      .selectFrom('users')
      .select(['id', 'name', 'email', 'phone', 'phone_code', 'locale'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!u) return null;
    const stored = asLocale(u.locale);
    if (requestLocale && requestLocale !== stored)
      await trx.updateTable('users').set({ locale: requestLocale }).where('id', '=', userId).execute();
    return {
      type: 'user',
      id: u.id,
      name: u.name,
      locale: requestLocale ?? stored ?? DEFAULT_LOCALE,
      email: u.email,
      phone: u.phone ? `${u.phone_code}${u.phone}` : null,
    };
  }

  async function sellers(trx: Trx, shopIds: number[], activeOnly: boolean): Promise<(Recipient & { shopId: number })[]> {
    if (!shopIds.length) return [];
    let q = trx.selectFrom('shop_users').select(['id', 'shop_id', 'name', 'email', 'locale']).where('shop_id', 'in', shopIds);
    if (activeOnly) q = q.where('is_active', '=', 1);
    const rows = await q.orderBy('id').execute();
    return rows.map((r) => ({
      type: 'seller',
      id: r.id,
      shopId: r.shop_id,
      name: r.name,
      locale: asLocale(r.locale) ?? DEFAULT_LOCALE,
      email: r.email,
      phone: null,
    }));
  }

  const shops = (trx: Trx, ids: number[]) =>
    ids.length ? trx.selectFrom('shops').select(['id', 'name', 'name_ar']).where('id', 'in', ids).execute() : Promise.resolve([]);

  async function write(trx: Trx, site: Record<Locale, string>, event: NotifyEvent) {
    const at = deps.now().toISOString();
    const rows: NewOutboxRow[] = [];
    const url = deps.publicUrl;
    /** One message to a recipient: an e-mail, or an SMS when they have only a phone number. */
    const add = (to: Recipient, key: TemplateKey, kind: string, ref: string | null, vars: Record<string, string>) => {
      const text = render(key, to.locale, { ...vars, site: site[to.locale], name: to.name });
      const channel = to.email ? 'email' : to.phone ? 'sms' : null;
      if (!channel) return;
      rows.push({
        kind,
        channel,
        recipient_type: to.type,
        recipient_id: to.id,
        address: (channel === 'email' ? to.email : to.phone)!,
        locale: to.locale,
        subject: text.subject,
        body: channel === 'email' ? text.body : text.sms,
        ref,
        status: 'pending',
        next_attempt_at: at,
        locked_until: null,
        locked_by: null,
        last_error: null,
        created_at: at,
        sent_at: null,
      });
    };

    switch (event.type) {
      case 'order.placed': {
        const shopIds = [...new Set(event.orders.map((o) => o.shop_id))];
        const [who, names, staff] = await Promise.all([
          customer(trx, event.userId, event.locale),
          shops(trx, shopIds),
          sellers(trx, shopIds, true),
        ]);
        const byId = new Map(names.map((s) => [s.id, s]));
        for (const o of event.orders) {
          const vars = (l: Locale) => ({
            order: o.order_code,
            shop: shopName(byId.get(o.shop_id), l),
            total: money(o.payable_amount),
          });
          if (who)
            add(who, 'order.placed.customer', 'order.placed', `order:${o.id}`, {
              ...vars(who.locale),
              link: `${url}/order-history/${o.id}`,
            });
          for (const s of staff.filter((x) => x.shopId === o.shop_id))
            add(s, 'order.placed.seller', 'order.placed', `order:${o.id}`, { ...vars(s.locale), link: `${url}/seller/orders` });
        }
        break;
      }
      case 'order.status': {
        const key = STATUS_KEYS[event.status];
        if (!key) break;
        const [who, [shop]] = await Promise.all([
          customer(trx, event.order.user_id, event.locale),
          shops(trx, [event.order.shop_id]),
        ]);
        if (who)
          add(who, key, 'order.status', `order:${event.order.id}`, {
            order: event.order.order_code,
            shop: shopName(shop, who.locale),
            link: `${url}/order-history/${event.order.id}`,
          });
        break;
      }
      case 'order.refunded': {
        const [who, [shop]] = await Promise.all([customer(trx, event.order.user_id), shops(trx, [event.order.shop_id])]);
        if (who)
          add(who, 'order.refunded', 'order.refunded', `order:${event.order.id}`, {
            order: event.order.order_code,
            shop: shopName(shop, who.locale),
            amount: money(event.amount),
            link: `${url}/order-history/${event.order.id}`,
          });
        break;
      }
      case 'shop.status': {
        for (const s of await sellers(trx, [event.shop.id], false))
          add(s, `shop.${event.action}`, 'shop.status', `shop:${event.shop.id}`, {
            shop: shopName(event.shop, s.locale),
            reason: event.reason ?? '',
            link: `${url}/seller/login`,
          });
        break;
      }
      case 'ticket.answered': {
        const t = event.ticket;
        const [who, [shop]] = await Promise.all([customer(trx, t.user_id), shops(trx, t.shop_id ? [t.shop_id] : [])]);
        if (who)
          add(
            who,
            event.by === 'shop' ? 'ticket.answered.shop' : 'ticket.answered.support',
            'ticket.answered',
            `ticket:${t.ticket_no}`,
            {
              ticket: t.ticket_no,
              topic: t.subject,
              shop: shopName(shop, who.locale),
              link: `${url}/support-ticket/${t.ticket_no}`,
            },
          );
        break;
      }
    }
    await insertRows(trx, rows);
  }

  return { prepare };
}
export type Notifications = ReturnType<typeof createNotifications>;
