import type { FastifyInstance } from 'fastify';
import type { Db, Dialect } from '../../db';
import type { Notify } from '../notifications';

/** What the services of the commerce module share. */
export interface CommerceContext {
  db: Db;
  /** Cart lines' writes: commits that need not reach the disk before they answer (app.relaxedDb). */
  cartDb: Db;
  dialect: Dialect;
  now: () => Date;
  /** The notifications writer (decision 046): absent, events tell nobody. */
  notify?: () => Promise<Notify>;
  /** The site's public origin (PUBLIC_URL): an order's `invoice_url` is on it; absent, the URL is a path. */
  publicUrl?: string;
}

export const commerceContext = (app: FastifyInstance): CommerceContext => ({
  db: app.db,
  cartDb: app.relaxedDb,
  dialect: app.dialect,
  now: app.config.now,
  notify: () => app.notifications.prepare(),
  publicUrl: app.config.publicUrl,
});

/** A shop counts as online while its last sign of life is under 10 minutes old (API.md, chat). */
export const isOnline = (lastSeen: string | null, now: Date) => !!lastSeen && now.getTime() - Date.parse(lastSeen) < 10 * 60_000;
