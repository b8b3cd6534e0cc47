import fs from 'node:fs';
import path from 'node:path';
import {
  adminCustomerResponseSchema,
  adminCustomersResponseSchema,
  adminTicketMessageResponseSchema,
  adminTicketPageResponseSchema,
  adminTicketResponseSchema,
  adminTicketsResponseSchema,
  auditLogResponseSchema,
  createTicketResponseSchema,
  supportTicketResponseSchema,
  ticketMessagesResponseSchema,
} from '@souq/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp, testOperator } from '../../../test/helpers';
import { issueToken } from '../auth/tokens';
import { register } from '../accounts/test-support';
import { get, makeCustomer, type TestCustomer } from '../commerce/test-support';
import { executable, type FilePart, multipart, pdf, placeOrder, png, sellerAuth } from '../support/test-support';

const app = await createTestApp();
const operatorId = await testOperator(app.db, 'desk-operator@souq.om');
await app.db.updateTable('operators').set({ name: 'Maryam Desk' }).where('id', '=', operatorId).execute();
const ops = { authorization: `Bearer ${(await issueToken(app.db, 'operator', operatorId)).token}` };

const privateDir = () => path.join(app.config.dataDir, 'private', 'support');
const storedFiles = () => (fs.existsSync(privateDir()) ? fs.readdirSync(privateDir()).length : 0);

async function openTicket(who: TestCustomer, over: Record<string, string> = {}, files: FilePart[] = []) {
  const body = multipart(
    {
      subject: 'The parcel has not arrived',
      issue_type: '2',
      message: 'My order was marked as on the way four days ago and has not arrived yet.',
      ...over,
    },
    files,
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/support-ticket',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return createTicketResponseSchema.parse(res.json()).data.support_ticket;
}

const list = (query = '', auth = ops) => app.inject({ method: 'GET', url: `/api/admin/support-tickets${query}`, headers: auth });
const listed = async (query = '') => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return adminTicketsResponseSchema.parse(res.json()).data;
};
const show = (ticketNo: string, auth = ops) =>
  app.inject({ method: 'GET', url: `/api/admin/support-tickets/${ticketNo}`, headers: auth });
const shown = async (ticketNo: string) => {
  const res = await show(ticketNo);
  expect(res.statusCode, res.body).toBe(200);
  return adminTicketPageResponseSchema.parse(res.json()).data;
};
const answer = (ticketNo: string, fields: Record<string, string>, files: FilePart[] = [], auth = ops) => {
  const body = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: `/api/admin/support-tickets/${ticketNo}/messages`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};
const setStatus = (ticketNo: string, status: unknown, auth = ops) =>
  app.inject({ method: 'POST', url: `/api/admin/support-tickets/${ticketNo}/status`, headers: auth, payload: { status } });
const auditOf = async (action: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/admin/audit-log?action=${action}&per_page=100`, headers: ops });
  return auditLogResponseSchema.parse(res.json()).data.entries;
};

describe('support desk: refusals', () => {
  it("refuses a customer's and a seller's token (403) and no token (401) on every desk call", async () => {
    const c = await makeCustomer(app);
    const seller = await sellerAuth(app, 1);
    const t = await openTicket(c);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/support-tickets' },
      { method: 'GET' as const, url: `/api/admin/support-tickets/${t.ticket_no}` },
      { method: 'POST' as const, url: `/api/admin/support-tickets/${t.ticket_no}/messages`, payload: { message: 'Hello there' } },
      { method: 'POST' as const, url: `/api/admin/support-tickets/${t.ticket_no}/status`, payload: { status: 'completed' } },
    ];
    for (const call of calls) {
      expect((await app.inject({ ...call })).statusCode, call.url).toBe(401);
      expect((await app.inject({ ...call, headers: c.auth })).statusCode, call.url).toBe(403);
      expect((await app.inject({ ...call, headers: seller })).statusCode, call.url).toBe(403);
    }
    // Nothing was written by the refused calls.
    expect((await shown(t.ticket_no)).messages).toHaveLength(1);
    expect((await shown(t.ticket_no)).support_ticket.status).toBe('running');
  });

  it('answers 404 for an unknown or malformed ticket number on every call', async () => {
    for (const no of ['TKNOSUCH1', 'not-a-number!', '%00']) {
      expect((await show(no)).statusCode, no).toBe(404);
      expect((await answer(no, { message: 'Hello there' })).statusCode, no).toBe(404);
      expect((await setStatus(no, 'completed')).statusCode, no).toBe(404);
    }
  });
});

describe('support desk: the list', () => {
  it('lists every ticket, with or without an order, of any shop, newest activity first, with counts by status', async () => {
    const c = await makeCustomer(app);
    const general = await openTicket(c, { subject: 'Question about my account' });
    const code = await placeOrder(app, c, 2);
    const aboutOrder = await openTicket(c, { subject: 'Wrong colour delivered', order_number: code });
    const data = await listed('?per_page=100');
    const mine = data.support_tickets.filter((t) => t.customer.id === c.id);
    // The newest activity first: the order ticket was opened last.
    expect(mine.map((t) => t.ticket_no)).toEqual([aboutOrder.ticket_no, general.ticket_no]);
    expect(mine[0]).toMatchObject({ order_number: code, shop: { id: 2 }, status: 'running', customer: { id: c.id } });
    expect(mine[1]).toMatchObject({ order_number: null, shop: null });
    expect(data.total).toBe(data.running + data.completed + data.cancel);

    // An answer to the older ticket brings it to the top.
    expect((await answer(general.ticket_no, { message: 'We are looking into it.' })).statusCode).toBe(201);
    const again = (await listed('?per_page=100')).support_tickets.filter((t) => t.customer.id === c.id);
    expect(again.map((t) => t.ticket_no)).toEqual([general.ticket_no, aboutOrder.ticket_no]);
  });

  it('filters by status and searches by number, subject, customer name, phone and e-mail', async () => {
    const c = await makeCustomer(app);
    await app.db.updateTable('users').set({ name: 'Zuhair Qasim Deskson' }).where('id', '=', c.id).execute();
    const t = await openTicket(c, { subject: 'Refund for voucher 50%_off' });
    const email = (await app.db.selectFrom('users').select('email').where('id', '=', c.id).executeTakeFirstOrThrow()).email!;
    for (const search of [t.ticket_no, t.ticket_no.toLowerCase(), 'voucher 50%_OFF', 'deskson', c.phone, email.toUpperCase()]) {
      const found = await listed(`?search=${encodeURIComponent(search)}`);
      expect(
        found.support_tickets.map((x) => x.ticket_no),
        search,
      ).toEqual([t.ticket_no]);
      expect(found.total).toBe(1);
      expect(found.running).toBe(1);
    }
    // % and _ are taken literally: "50__off" does not match "50%_off".
    expect((await listed(`?search=${encodeURIComponent('50__off')}`)).total).toBe(0);
    expect((await setStatus(t.ticket_no, 'completed')).statusCode).toBe(200);
    const byStatus = await listed(`?status=completed&search=deskson`);
    expect(byStatus.support_tickets.map((x) => x.ticket_no)).toEqual([t.ticket_no]);
    expect(byStatus).toMatchObject({ total: 1, running: 0, completed: 1, cancel: 0 });
    expect((await listed(`?status=running&search=deskson`)).total).toBe(0);
    expect((await listed(`?status=all&search=deskson`)).total).toBe(1);
  });

  it('pages without overlap', async () => {
    const c = await makeCustomer(app);
    await app.db.updateTable('users').set({ name: 'Paging Pagerson' }).where('id', '=', c.id).execute();
    for (let i = 0; i < 5; i++) await openTicket(c, { subject: `Paged question ${i}` });
    const first = await listed('?search=pagerson&per_page=2&page=1');
    const second = await listed('?search=pagerson&per_page=2&page=2');
    const third = await listed('?search=pagerson&per_page=2&page=3');
    expect(first.total).toBe(5);
    const all = [...first.support_tickets, ...second.support_tickets, ...third.support_tickets].map((t) => t.ticket_no);
    expect(all).toHaveLength(5);
    expect(new Set(all).size).toBe(5);
  });

  it('answers 422 with field errors for a bad status, page or search, never 500', async () => {
    for (const [query, field] of [
      ['?status=open', 'status'],
      ['?page=0', 'page'],
      ['?per_page=101', 'per_page'],
      ['?per_page=x', 'per_page'],
      [`?search=${'x'.repeat(101)}`, 'search'],
      ['?search=%00', 'search'],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
  });
});

describe('support desk: a ticket', () => {
  it('shows the ticket, its customer, its order if any, and the conversation oldest first with its files', async () => {
    const c = await makeCustomer(app);
    const code = await placeOrder(app, c, 1);
    const t = await openTicket(c, { order_number: code }, [{ name: 'photo.png', type: 'image/png', data: await png() }]);
    const seller = await sellerAuth(app, 1);
    const sellerAnswer = await app.inject({
      method: 'POST',
      url: `/api/seller/support-tickets/${t.ticket_no}/messages`,
      headers: seller,
      payload: { message: 'We will send the right one.' },
    });
    expect(sellerAnswer.statusCode).toBe(200);
    const page = await shown(t.ticket_no.toLowerCase());
    expect(page.support_ticket).toMatchObject({
      ticket_no: t.ticket_no,
      status: 'running',
      can_reply: true,
      order_number: code,
      shop: { id: 1 },
      customer: { id: c.id },
    });
    expect(page.customer).toMatchObject({ id: c.id, phone: `+968${c.phone}`, is_active: true });
    expect(page.order).toMatchObject({ order_code: code, shop: { id: 1 }, payment_method: 'cash' });
    expect(page.order!.payable_amount).toBeGreaterThan(0);
    expect(page.messages.map((m) => m.sender)).toEqual(['customer', 'seller']);
    expect(page.messages_total).toBe(2);
    const [file] = page.messages[0]!.attachments;
    expect(file).toMatchObject({ type: 'image', name: 'photo.png' });
    // The operator's signed link serves the file (no Bearer needed, as for an <img>).
    const served = await app.inject({ method: 'GET', url: file!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const general = await shown((await openTicket(c)).ticket_no);
    expect(general.order).toBeNull();
    expect(general.support_ticket.shop).toBeNull();
  });
});

describe('support desk: answers', () => {
  it("answers as the support team: the customer reads it without the operator's name", async () => {
    const c = await makeCustomer(app);
    const t = await openTicket(c);
    const res = await answer(t.ticket_no, { message: 'Thank you, we have found your parcel.' });
    expect(res.statusCode, res.body).toBe(201);
    const { message } = adminTicketMessageResponseSchema.parse(res.json()).data;
    expect(message).toMatchObject({ sender: 'support', sender_name: null, message: 'Thank you, we have found your parcel.' });

    const seen = await get(app, `/api/support-ticket-messages?ticket_number=${t.ticket_no}`, c.auth);
    const msgs = ticketMessagesResponseSchema.parse(seen.json()).data.messages;
    expect(msgs[0]).toMatchObject({ id: message.id, sender: 'support', sender_name: null });
    expect(JSON.stringify(msgs)).not.toContain('Maryam');

    const [entry] = await auditOf('ticket.reply');
    expect(entry).toMatchObject({
      actor: { role: 'operator', id: operatorId, name: 'Maryam Desk' },
      action: 'ticket.reply',
      target: { type: 'support_ticket', id: t.id },
      changes: { message_id: [null, message.id] },
    });
  });

  it("takes a JSON answer and the customer's files (images re-encoded, PDFs); the customer opens them", async () => {
    const c = await makeCustomer(app);
    const t = await openTicket(c);
    const json = await app.inject({
      method: 'POST',
      url: `/api/admin/support-tickets/${t.ticket_no}/messages`,
      headers: ops,
      payload: { message: 'A first answer in JSON.' },
    });
    expect(json.statusCode, json.body).toBe(201);
    const before = storedFiles();
    const res = await answer(t.ticket_no, { message: 'Here is the label and the receipt.' }, [
      { name: 'label.png', type: 'image/png', data: await png() },
      { name: 'receipt.pdf', type: 'application/pdf', data: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { message } = adminTicketMessageResponseSchema.parse(res.json()).data;
    expect(message.attachments.map((a) => a.type)).toEqual(['image', 'pdf']);
    expect(storedFiles()).toBe(before + 2);
    const seen = ticketMessagesResponseSchema.parse(
      (await get(app, `/api/support-ticket-messages?ticket_number=${t.ticket_no}`, c.auth)).json(),
    ).data.messages;
    const pdfLink = seen[0]!.attachments[1]!;
    expect((await app.inject({ method: 'GET', url: pdfLink.download_url })).statusCode).toBe(200);
    expect((await auditOf('ticket.reply')).find((e) => e.changes.message_id?.[1] === message.id)?.changes.attachments).toEqual([
      null,
      2,
    ]);
  });

  it("refuses what the customer's rules refuse (422, nothing stored), and an answer to a closed ticket (409)", async () => {
    const c = await makeCustomer(app);
    const t = await openTicket(c);
    const before = storedFiles();
    const exe = await answer(t.ticket_no, { message: 'See the attached file.' }, [
      { name: 'label.png', type: 'image/png', data: await png() },
      { name: 'tool.pdf', type: 'application/pdf', data: executable() },
    ]);
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.attachments[0]).toContain('tool.pdf');
    const four = await answer(
      t.ticket_no,
      { message: 'Four files.' },
      Array.from({ length: 4 }, (_, i) => ({ name: `r${i}.pdf`, type: 'application/pdf', data: pdf() })),
    );
    expect(four.statusCode).toBe(422);
    expect(Object.keys(four.json().errors)).toEqual(['attachments']);
    const big = await answer(t.ticket_no, { message: 'A big file.' }, [
      { name: 'big.pdf', type: 'application/pdf', data: Buffer.concat([pdf(), Buffer.alloc(2 * 1024 * 1024)]) },
    ]);
    expect(big.statusCode).toBe(422);
    const empty = await answer(t.ticket_no, { message: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['message']);
    const long = await answer(t.ticket_no, { message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(storedFiles()).toBe(before);
    expect((await shown(t.ticket_no)).messages).toHaveLength(1);

    expect((await setStatus(t.ticket_no, 'completed')).statusCode).toBe(200);
    const closed = await answer(t.ticket_no, { message: 'Too late.' });
    expect(closed.statusCode).toBe(409);
    expect((await shown(t.ticket_no)).messages).toHaveLength(1);
  });
});

describe('support desk: status', () => {
  it('completes, cancels and reopens a ticket; the customer sees it; each change is audited once', async () => {
    const c = await makeCustomer(app);
    const t = await openTicket(c);
    const done = await setStatus(t.ticket_no, 'Completed');
    expect(done.statusCode, done.body).toBe(200);
    expect(adminTicketResponseSchema.parse(done.json()).data.support_ticket).toMatchObject({
      status: 'completed',
      closed_by: 'support',
      can_reply: false,
    });
    const customerView = supportTicketResponseSchema.parse(
      (await get(app, `/api/support-ticket/show?ticket_number=${t.ticket_no}`, c.auth)).json(),
    ).data.support_ticket;
    expect(customerView).toMatchObject({ status: 'completed', can_reply: false });
    // The customer can no longer answer it.
    const late = await app.inject({
      method: 'POST',
      url: '/api/support-ticket-message',
      headers: c.auth,
      payload: { ticket_number: t.ticket_no, message: 'One more thing' },
    });
    expect(late.statusCode).toBe(409);

    // The same status again changes nothing and records nothing.
    expect((await setStatus(t.ticket_no, 'completed')).statusCode).toBe(200);
    const reopened = adminTicketResponseSchema.parse((await setStatus(t.ticket_no, 'running')).json()).data.support_ticket;
    expect(reopened).toMatchObject({ status: 'running', closed_by: null, closed_at: null, can_reply: true });
    expect((await setStatus(t.ticket_no, 'cancel')).statusCode).toBe(200);

    const entries = (await auditOf('ticket.status')).filter((e) => e.target.id === t.id);
    expect(entries.map((e) => e.changes.status)).toEqual([
      ['running', 'cancel'],
      ['completed', 'running'],
      ['running', 'completed'],
    ]);
  });

  it('answers 422 for a status that is not one', async () => {
    const c = await makeCustomer(app);
    const t = await openTicket(c);
    for (const status of ['closed', '', 3, null]) {
      const res = await setStatus(t.ticket_no, status);
      expect(res.statusCode, String(status)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['status']);
    }
  });
});

// --- Customers ------------------------------------------------------------------------------------------

const customers = (query = '', auth = ops) => app.inject({ method: 'GET', url: `/api/admin/customers${query}`, headers: auth });
const customersListed = async (query = '') => {
  const res = await customers(query);
  expect(res.statusCode, res.body).toBe(200);
  return adminCustomersResponseSchema.parse(res.json()).data;
};
const toggle = (id: number | string, action: 'deactivate' | 'activate', auth = ops) =>
  app.inject({ method: 'POST', url: `/api/admin/customers/${id}/${action}`, headers: auth });
const profile = (auth: Record<string, string>) => app.inject({ method: 'GET', url: '/api/profile', headers: auth });
let loginIp = 0;
const login = (phone: string, password: string, locale = 'en') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { phone, password },
    headers: { 'accept-language': locale },
    remoteAddress: `10.91.0.${++loginIp}`,
  });

describe('customers', () => {
  it('lists customers newest first with their orders count; searches by name, phone and e-mail', async () => {
    const c = await makeCustomer(app);
    await app.db.updateTable('users').set({ name: 'Huda Listerine' }).where('id', '=', c.id).execute();
    await placeOrder(app, c, 1);
    await placeOrder(app, c, 2);
    const email = (await app.db.selectFrom('users').select('email').where('id', '=', c.id).executeTakeFirstOrThrow()).email!;
    const all = await customersListed();
    expect(all.customers[0]!.id).toBeGreaterThan(all.customers[1]!.id);
    for (const search of ['listerine', 'HUDA', c.phone, `+968 ${c.phone}`, c.phone.slice(1), email.toUpperCase()]) {
      const found = await customersListed(`?search=${encodeURIComponent(search)}`);
      expect(found.total, search).toBe(1);
      expect(found.customers[0]).toEqual({
        id: c.id,
        name: 'Huda Listerine',
        phone: `+968${c.phone}`,
        email,
        is_active: true,
        orders_count: 2,
        created_at: expect.any(String),
      });
    }
    expect((await customersListed(`?search=${encodeURIComponent('%')}`)).total).toBe(0);
    const paged = await customersListed('?per_page=1&page=2');
    expect(paged.customers).toHaveLength(1);
    expect(paged.total).toBe(all.total);
  });

  it('answers 422 for a bad page or search; 404 for an unknown or malformed id; 403/401 for other tokens', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?per_page=500', 'per_page'],
      [`?search=${'y'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await customers(query);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    for (const id of ['999999', 'abc', '0', '-1', '99999999999']) {
      expect((await toggle(id, 'deactivate')).statusCode, id).toBe(404);
      expect((await toggle(id, 'activate')).statusCode, id).toBe(404);
    }
    const c = await makeCustomer(app);
    const seller = await sellerAuth(app, 1);
    for (const auth of [c.auth, seller]) {
      expect((await customers('', auth)).statusCode).toBe(403);
      expect((await toggle(c.id, 'deactivate', auth)).statusCode).toBe(403);
      expect((await toggle(c.id, 'activate', auth)).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'POST', url: `/api/admin/customers/${c.id}/deactivate` })).statusCode).toBe(401);
    expect((await profile(c.auth)).statusCode).toBe(200);
  });

  it('deactivating refuses every token of the customer at once (though kept by the token cache) and its sign-in (403, en/ar)', async () => {
    const r = await register(app);
    const other = await login(r.phone, r.password);
    expect(other.statusCode).toBe(200);
    const otherAuth = { authorization: `Bearer ${other.json().data.access.token}` };
    // Both tokens are read, so this instance keeps them (TOKEN_CACHE_MS).
    expect([(await profile(r.auth)).statusCode, (await profile(otherAuth)).statusCode]).toEqual([200, 200]);
    expect(app.config.tokenCacheMs).toBeGreaterThan(0);

    const res = await toggle(r.user.id, 'deactivate');
    expect(res.statusCode, res.body).toBe(200);
    expect(adminCustomerResponseSchema.parse(res.json()).data.customer).toMatchObject({ id: r.user.id, is_active: false });
    expect([(await profile(r.auth)).statusCode, (await profile(otherAuth)).statusCode]).toEqual([401, 401]);

    const en = await login(r.phone, r.password, 'en');
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('This account has been deactivated. Please contact our support team for help.');
    const ar = await login(r.phone, r.password, 'ar');
    expect(ar.statusCode).toBe(403);
    expect(ar.json().message).toMatch(/تم إيقاف هذا الحساب/);
    // A wrong password still answers the one failure message (the refusal tells nothing without it).
    expect((await login(r.phone, 'not-the-password-1')).statusCode).toBe(400);

    // Deactivating again changes nothing and records nothing.
    expect((await toggle(r.user.id, 'deactivate')).statusCode).toBe(200);
    const entries = (await auditOf('customer')).filter((e) => e.target.id === r.user.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'customer.deactivate',
      target: { type: 'customer', id: r.user.id },
      changes: { is_active: [true, false] },
      actor: { role: 'operator', id: operatorId },
    });
  });

  it('activating lets the customer sign in again; the sessions ended stay ended', async () => {
    const r = await register(app);
    expect((await toggle(r.user.id, 'deactivate')).statusCode).toBe(200);
    const res = await toggle(r.user.id, 'activate');
    expect(res.statusCode).toBe(200);
    expect(adminCustomerResponseSchema.parse(res.json()).data.customer.is_active).toBe(true);
    const again = await login(r.phone, r.password);
    expect(again.statusCode, again.body).toBe(200);
    expect((await profile({ authorization: `Bearer ${again.json().data.access.token}` })).statusCode).toBe(200);
    expect((await profile(r.auth)).statusCode).toBe(401);
    const entries = (await auditOf('customer')).filter((e) => e.target.id === r.user.id);
    expect(entries.map((e) => e.action)).toEqual(['customer.activate', 'customer.deactivate']);
    expect(entries[0]!.changes).toEqual({ is_active: [false, true] });
  });
});

describe('customers: 50,000 of them', () => {
  it('lists, searches and counts orders quickly', { timeout: 120_000 }, async () => {
    const big = await createTestApp();
    const bigOps = { authorization: `Bearer ${(await issueToken(big.db, 'operator', await testOperator(big.db))).token}` };
    const now = new Date().toISOString();
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      name: `Bulk Customer ${i}`,
      email: `bulk${i}@example.com`,
      phone: `6${String(i).padStart(7, '0')}`,
      phone_code: '+968',
      is_active: 1,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 2000)
      await big.db
        .insertInto('users')
        .values(rows.slice(i, i + 2000))
        .execute();
    const timed = async (query: string) => {
      const started = performance.now();
      const res = await big.inject({ method: 'GET', url: `/api/admin/customers${query}`, headers: bigOps });
      const ms = performance.now() - started;
      expect(res.statusCode, res.body).toBe(200);
      return { data: adminCustomersResponseSchema.parse(res.json()).data, ms };
    };
    await timed(''); // warm up
    const plain = await timed('');
    expect(plain.data.total).toBeGreaterThanOrEqual(50_000);
    const byName = await timed('?search=customer%2049999');
    expect(byName.data.customers.map((c) => c.email)).toEqual(['bulk49999@example.com']);
    const byPhone = await timed('?search=60012345');
    expect(byPhone.data.total).toBe(1);
    const deep = await timed('?page=2000&per_page=20');
    expect(deep.data.customers).toHaveLength(20);
    for (const { ms } of [plain, byName, byPhone, deep]) expect(ms).toBeLessThan(1000);
  });
});
