import {
  adminDashboardResponseSchema,
  adminNotificationResponseSchema,
  adminNotificationsResentResponseSchema,
  adminNotificationsResponseSchema,
  auditLogResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { get, makeCustomer, sellerAuth } from '../commerce/test-support';
import { createOutboxWorker } from '../notifications';
import { insertRows, type NewOutboxRow } from '../notifications/outbox.repository';

/**
 * The console's notifications (decision 046): the outbox listed, filtered and searched; a failed message
 * sent again (one, or all at once), audited; only an operator may.
 */
const app = await createTestApp();
const operatorId = await testOperator(app.db, 'outbox-operator@souq.om');
await app.db.updateTable('operators').set({ name: 'Nasser Operator' }).where('id', '=', operatorId).execute();
const ops = { authorization: `Bearer ${(await issueToken(app.db, 'operator', operatorId)).token}` };

let seq = 0;
/** One outbox row written straight in the database (as the worker leaves it); its id. */
async function addRow(over: Partial<NewOutboxRow> = {}) {
  seq++;
  const at = new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString();
  await insertRows(app.db, [
    {
      kind: 'order.placed',
      channel: 'email',
      recipient_type: 'user',
      recipient_id: 1,
      address: `someone${seq}@example.com`,
      locale: 'en',
      subject: `Subject ${seq}`,
      body: `Body ${seq}`,
      ref: `order:${seq}`,
      status: 'sent',
      attempts: 1,
      next_attempt_at: at,
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: at,
      sent_at: at,
      ...over,
    },
  ]);
  const row = await app.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return row.id;
}
const failedRow = (over: Partial<NewOutboxRow> = {}) =>
  addRow({ status: 'failed', attempts: 12, last_error: 'connect ECONNREFUSED 127.0.0.1:25', sent_at: null, ...over });

const rowOf = (id: number) => app.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const list = (query = '', auth = ops) => get(app, `/api/admin/notifications${query}`, auth);
const listed = async (query = '') => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return adminNotificationsResponseSchema.parse(res.json()).data;
};
const resend = (id: number | string, auth = ops) =>
  app.inject({ method: 'POST', url: `/api/admin/notifications/${id}/resend`, headers: auth });
const resendAll = (auth = ops) => app.inject({ method: 'POST', url: '/api/admin/notifications/resend-failed', headers: auth });

const auditOf = async (action: string) => {
  const res = await get(app, `/api/admin/audit-log?action=${action}&per_page=100`, ops);
  expect(res.statusCode, res.body).toBe(200);
  return auditLogResponseSchema.parse(res.json()).data.entries.filter((e) => e.action === action);
};

describe('GET /api/admin/notifications', () => {
  it('lists every message newest first with its details, in pages without a gap', async () => {
    const stamp = `ls${Date.now().toString(36)}`;
    const older = await addRow({ address: `${stamp}-a@example.com` });
    const newer = await failedRow({
      address: `+9689${seq}`,
      channel: 'sms',
      recipient_type: 'seller',
      ref: `order:${stamp}`,
      locale: 'ar',
    });
    const all = await listed(`?search=${stamp}`);
    expect(all.total).toBe(2);
    expect(all.notifications.map((n) => n.id)).toEqual([newer, older]);
    const row = await rowOf(newer);
    expect(all.notifications[0]).toEqual({
      id: newer,
      kind: 'order.placed',
      channel: 'sms',
      recipient_type: 'seller',
      address: row.address,
      locale: 'ar',
      subject: row.subject,
      body: row.body,
      ref: `order:${stamp}`,
      status: 'failed',
      attempts: 12,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      created_at: row.created_at,
      sent_at: null,
      next_attempt_at: row.next_attempt_at,
    });
    expect(all.notifications[1]).toMatchObject({ id: older, status: 'sent', sent_at: expect.any(String), last_error: null });

    for (let i = 0; i < 4; i++) await addRow();
    const first = await listed('?per_page=3');
    const second = await listed('?per_page=3&page=2');
    expect(first.total).toBe(second.total);
    const ids = [...first.notifications, ...second.notifications].map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(new Set(ids).size).toBe(6);
    expect((await listed('?per_page=100&page=100000')).notifications).toEqual([]);
  });

  it('filters by status, and searches the address or the reference, case-insensitively and literally', async () => {
    const stamp = `fs${Date.now().toString(36)}`;
    const sent = await addRow({ address: `${stamp}.Sent@Example.com` });
    const failed = await failedRow({ address: `${stamp}.failed@example.com` });
    const pending = await addRow({ status: 'pending', attempts: 0, sent_at: null, address: `${stamp}.p@example.com` });
    const sending = await addRow({ status: 'sending', attempts: 1, sent_at: null, address: `${stamp}.s@example.com` });
    const byRef = await addRow({ ref: `ticket:${stamp.toUpperCase()}-9` });
    const ids = async (query: string) =>
      (await listed(`?search=${encodeURIComponent(stamp)}&per_page=100${query}`)).notifications.map((n) => n.id);
    expect(await ids('')).toEqual([byRef, sending, pending, failed, sent]);
    expect(await ids('&status=all')).toEqual([byRef, sending, pending, failed, sent]);
    expect(await ids('&status=failed')).toEqual([failed]);
    expect(await ids('&status=FAILED')).toEqual([failed]);
    expect(await ids('&status=pending')).toEqual([pending]);
    expect(await ids('&status=sending')).toEqual([sending]);
    expect(await ids('&status=sent')).toEqual([byRef, sent]);
    const search = async (text: string) =>
      (await listed(`?search=${encodeURIComponent(text)}&per_page=100`)).notifications.map((n) => n.id);
    expect(await search(`${stamp.toUpperCase()}.SENT@`)).toEqual([sent]);
    expect(await search(`ticket:${stamp}`)).toEqual([byRef]);
    expect(await search(`${stamp}nothing`)).toEqual([]);
    // % and _ are letters here, not wildcards.
    expect((await listed(`?search=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await listed(`?search=${encodeURIComponent('_')}`)).total).toBe(0);
    expect((await listed('?search=%20%20')).total).toBe((await listed()).total);
    const [every, ...parts] = await Promise.all(
      ['all', 'pending', 'sending', 'sent', 'failed'].map((s) => listed(`?status=${s}`)),
    );
    expect(parts.reduce((n, p) => n + p.total, 0)).toBe(every!.total);
  });

  it('answers 422 naming the field for a bad filter or page', async () => {
    for (const [query, field] of [
      ['?status=gone', 'status'],
      ['?page=0', 'page'],
      ['?per_page=101', 'per_page'],
      [`?search=${'y'.repeat(101)}`, 'search'],
      ['?search=a%00b', 'search'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });
});

describe('POST /api/admin/notifications/{id}/resend and /resend-failed', () => {
  it('refuses no token (401) and a customer’s or a seller’s token (403), changing nothing', async () => {
    const id = await failedRow();
    const customer = await makeCustomer(app);
    const seller = await sellerAuth(app, 1);
    expect((await app.inject({ method: 'GET', url: '/api/admin/notifications' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/admin/notifications/${id}/resend` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/admin/notifications/resend-failed' })).statusCode).toBe(401);
    for (const auth of [customer.auth, seller]) {
      expect((await list('', auth)).statusCode).toBe(403);
      expect((await resend(id, auth)).statusCode).toBe(403);
      expect((await resendAll(auth)).statusCode).toBe(403);
    }
    expect((await rowOf(id)).status).toBe('failed');
  });

  it('sends a failed one again: due now, attempts anew, its error kept until sent; audited once; the worker sends it', async () => {
    const id = await failedRow({ next_attempt_at: '2026-01-01T00:00:00.000Z' });
    const before = Date.now();
    const res = await resend(id);
    expect(res.statusCode, res.body).toBe(200);
    const n = adminNotificationResponseSchema.parse(res.json()).data.notification;
    expect(n).toMatchObject({ id, status: 'pending', attempts: 0, last_error: 'connect ECONNREFUSED 127.0.0.1:25', sent_at: null });
    expect(Date.parse(n.next_attempt_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(n.next_attempt_at)).toBeLessThanOrEqual(Date.now() + 1000);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, locked_by: null, locked_until: null });

    const entries = (await auditOf('notification.resend')).filter((e) => e.target.id === id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { role: 'operator', id: operatorId, name: 'Nasser Operator' },
      target: { type: 'notification', id },
      changes: { status: ['failed', 'pending'], attempts: [12, 0] },
    });

    // Sent again before the worker took it: 422, nothing recorded.
    const again = await resend(id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/only a failed notification can be sent again; this one is pending/i);
    expect((await auditOf('notification.resend')).filter((e) => e.target.id === id)).toHaveLength(1);

    // The worker (mail to the log) sends it: sent, its error cleared.
    const worker = createOutboxWorker({
      db: app.db,
      dialect: app.dialect,
      settings: app.config.notifications.outbox,
      now: app.config.now,
      mailer: null,
      sms: null,
      log: { info() {}, warn() {}, error() {} },
    });
    while ((await worker.tick()) > 0);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    const sent = await resend(id);
    expect(sent.statusCode).toBe(422);
    expect(sent.json()).toMatchObject({ message: expect.stringMatching(/this one is sent/), errors: { status: [expect.any(String)] } });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const bad of ['999999999', '0', '-3', 'abc', '1.5', '99999999999'])
      expect((await resend(bad)).statusCode, bad).toBe(404);
  });

  it('keeps one resend when two operators send the same one again at once', async () => {
    const id = await failedRow();
    const answers = await Promise.all([resend(id), resend(id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect((await auditOf('notification.resend')).filter((e) => e.target.id === id)).toHaveLength(1);
  });

  it('sends every failed one again at once, audited once with the count; none left: 0 and nothing recorded', async () => {
    const ids = [await failedRow(), await failedRow({ channel: 'sms', address: '+96899000001' }), await failedRow()];
    const others = [await addRow(), await addRow({ status: 'pending', attempts: 2, sent_at: null })];
    const failedBefore = (await listed('?status=failed')).total;
    expect(failedBefore).toBeGreaterThanOrEqual(3);
    const dash = async () =>
      adminDashboardResponseSchema.parse((await get(app, '/api/admin/dashboard', ops)).json()).data.notifications;
    expect(await dash()).toEqual({ failed: failedBefore });

    const res = await resendAll();
    expect(res.statusCode, res.body).toBe(200);
    expect(adminNotificationsResentResponseSchema.parse(res.json()).data.count).toBe(failedBefore);
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await rowOf(others[0]!)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await rowOf(others[1]!)).toMatchObject({ status: 'pending', attempts: 2 });
    expect((await listed('?status=failed')).total).toBe(0);
    expect(await dash()).toEqual({ failed: 0 });
    const entries = await auditOf('notification.resend_failed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { role: 'operator', id: operatorId },
      target: { type: 'notification', id: null },
      changes: { count: [null, failedBefore] },
    });

    const none = await resendAll();
    expect(none.statusCode).toBe(200);
    expect(none.json().data.count).toBe(0);
    expect(await auditOf('notification.resend_failed')).toHaveLength(1);
  });
});
