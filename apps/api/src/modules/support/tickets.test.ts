import fs from 'node:fs';
import path from 'node:path';
import {
  createTicketResponseSchema,
  sellerSupportTicketsResponseSchema,
  supportTicketResponseSchema,
  supportTicketShowResponseSchema,
  supportTicketsResponseSchema,
  ticketIssueTypesResponseSchema,
  ticketMessageResponseSchema,
  ticketMessagesResponseSchema,
} from '@souq/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers';
import { revokeToken } from '../auth/tokens';
import { get, makeCustomer, post, type TestCustomer } from '../commerce/test-support';
import { executable, type FilePart, jpegWithExif, multipart, pdf, placeOrder, png, sellerAuth, svg } from './test-support';

let now = Date.now();
const app = await createTestApp({ now: () => new Date(now) });
const privateDir = () => path.join(app.config.dataDir, 'private', 'support');
const storedFiles = () => (fs.existsSync(privateDir()) ? fs.readdirSync(privateDir()).length : 0);

async function issueType(locale = 'en') {
  const res = await app.inject({ method: 'GET', url: '/api/ticket-issue-types', headers: { 'accept-language': locale } });
  return ticketIssueTypesResponseSchema.parse(res.json()).data.issue_types;
}

const fields = (over: Record<string, string> = {}) => ({
  subject: 'The parcel has not arrived',
  issue_type: '2',
  message: 'My order was marked as on the way four days ago and has not arrived yet.',
  ...over,
});

function openTicket(who: { auth: Record<string, string> }, over: Record<string, string> = {}, files: FilePart[] = []) {
  const body = multipart(fields(over), files);
  return app.inject({
    method: 'POST',
    url: '/api/support-ticket',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
}

async function opened(who: TestCustomer, over: Record<string, string> = {}, files: FilePart[] = []) {
  const res = await openTicket(who, over, files);
  expect(res.statusCode, res.body).toBe(200);
  return createTicketResponseSchema.parse(res.json()).data;
}

const messagesOf = async (who: { auth: Record<string, string> }, ticketNo: string) => {
  const res = await get(app, `/api/support-ticket-messages?ticket_number=${ticketNo}`, who.auth);
  expect(res.statusCode, res.body).toBe(200);
  return ticketMessagesResponseSchema.parse(res.json()).data;
};

const fetchUrl = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('issue types', () => {
  it('are listed in the language asked, Arabic by default', async () => {
    const en = await issueType('en');
    const ar = await issueType('ar');
    expect(en.length).toBeGreaterThanOrEqual(6);
    expect(en.map((t) => t.id)).toEqual(ar.map((t) => t.id));
    expect(en[0]!.name).toBe('Problem with an order');
    expect(ar[0]!.name).toBe('مشكلة في طلب');
  });
});

describe('opening a ticket', () => {
  it('opens a ticket with a re-encoded photo and a PDF, lists it with its counts, and shows its conversation', async () => {
    const c = await makeCustomer(app);
    const photo = await jpegWithExif();
    expect((await sharp(photo).metadata()).exif).toBeTruthy();
    const doc = pdf();
    const data = await opened(c, {}, [
      { name: 'photo of the box.JPG', type: 'image/jpeg', data: photo },
      { name: 'receipt.pdf', type: 'application/pdf', data: doc },
    ]);
    expect(data.support_ticket).toMatchObject({
      status: 'running',
      subject: 'The parcel has not arrived',
      order_number: null,
      can_reply: true,
      shop: null,
      customer: { id: c.id },
    });
    expect(data.support_ticket.ticket_no).toMatch(/^TK[A-Z2-9]{8}$/);
    expect(data.message.sender).toBe('customer');
    const [image, file] = data.message.attachments;
    expect(image).toMatchObject({ type: 'image', mime: 'image/jpeg', name: 'photo of the box.jpg', width: 640, height: 480 });
    expect(file).toMatchObject({ type: 'pdf', mime: 'application/pdf', name: 'receipt.pdf', size: doc.length });

    // The photo was decoded and written anew: its EXIF (camera, position) is gone; the PDF is kept as sent.
    const img = await fetchUrl(app, image!.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['content-disposition']).toMatch(/^inline; filename="photo of the box.jpg"/);
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(photo)).toBe(false);
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
    const download = await fetchUrl(app, image!.download_url);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const pdfRes = await fetchUrl(app, file!.url);
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toBe(`attachment; filename="receipt.pdf"; filename*=UTF-8''receipt.pdf`);
    expect(pdfRes.rawPayload.equals(doc)).toBe(true);
    // The owner's Bearer route answers the same file.
    const bearer = await get(app, `/api/support-ticket/attachments/${file!.id}`, c.auth);
    expect(bearer.statusCode).toBe(200);
    expect(bearer.rawPayload.equals(doc)).toBe(true);

    const list = supportTicketsResponseSchema.parse((await get(app, '/api/support-tickets', c.auth)).json()).data;
    expect(list).toMatchObject({ total: 1, running: 1, completed: 0, cancel: 0 });
    expect(list.support_tickets[0]).toEqual({
      id: data.support_ticket.id,
      ticket_no: data.support_ticket.ticket_no,
      order_number: null,
      status: 'running',
      subject: 'The parcel has not arrived',
      issue_type: 'التوصيل والشحن', // Arabic: the default language
      created_at: data.support_ticket.created_at,
      created_at_iso: data.support_ticket.created_at_iso,
      last_message_at: data.support_ticket.last_message_at,
    });
    const show = await get(app, `/api/support-ticket/show?ticket_number=${data.support_ticket.ticket_no.toLowerCase()}`, c.auth);
    expect(supportTicketShowResponseSchema.parse(show.json()).data.support_ticket).toMatchObject({
      ticket_no: data.support_ticket.ticket_no,
      status: 'pending',
      state: 'running',
    });

    // An answer (JSON, as API.md has it) comes first in the conversation (newest first).
    const answer = await post(app, '/api/support-ticket-message', c.auth, {
      ticket_number: data.support_ticket.ticket_no,
      message: 'Any news?\r\nThank you.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ticketMessageResponseSchema.parse(answer.json()).data.message.message).toBe('Any news?\nThank you.');
    const convo = await messagesOf(c, data.support_ticket.ticket_no);
    expect(convo.total).toBe(2);
    expect(convo.messages.map((m) => m.message)).toEqual(['Any news?\nThank you.', fields().message]);
    expect(convo.messages[1]!.attachments).toHaveLength(2);
  });

  it('names one of the customer own orders; that shop sees the ticket, other shops and another customer order do not', async () => {
    const c = await makeCustomer(app);
    const other = await makeCustomer(app);
    const code = await placeOrder(app, c, 1);
    const othersCode = await placeOrder(app, other, 1);
    const refused = await openTicket(c, { order_number: othersCode });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.order_number).toEqual(['The selected order number is invalid.']);
    expect((await openTicket(c, { order_number: 'SQNOSUCH99' })).json().errors.order_number).toBeTruthy();
    const data = await opened(c, { order_number: code.toLowerCase(), issue_type: '1' });
    expect(data.support_ticket.order_number).toBe(code);
    expect(data.support_ticket.shop?.id).toBe(1);

    const shop1 = await sellerAuth(app, 1);
    const shop2 = await sellerAuth(app, 2);
    const list = sellerSupportTicketsResponseSchema.parse((await get(app, '/api/seller/support-tickets', shop1)).json()).data;
    expect(list.support_tickets.map((t) => t.ticket_no)).toContain(data.support_ticket.ticket_no);
    expect(list.support_tickets.find((t) => t.ticket_no === data.support_ticket.ticket_no)?.customer_name).toBe(
      (await app.db.selectFrom('users').select('name').where('id', '=', c.id).executeTakeFirstOrThrow()).name,
    );
    const list2 = sellerSupportTicketsResponseSchema.parse((await get(app, '/api/seller/support-tickets', shop2)).json()).data;
    expect(list2.support_tickets.map((t) => t.ticket_no)).not.toContain(data.support_ticket.ticket_no);
    const no = data.support_ticket.ticket_no;
    expect((await get(app, `/api/seller/support-tickets/${no}`, shop2)).statusCode).toBe(404);
    expect((await get(app, `/api/seller/support-tickets/${no}/messages`, shop2)).statusCode).toBe(404);
    expect((await post(app, `/api/seller/support-tickets/${no}/messages`, shop2, { message: 'Hello' })).statusCode).toBe(404);
    expect((await post(app, `/api/seller/support-tickets/${no}/status`, shop2, { status: 'completed' })).statusCode).toBe(404);
    // A ticket naming no order belongs to no shop.
    const plain = await opened(c);
    expect((await get(app, `/api/seller/support-tickets/${plain.support_ticket.ticket_no}`, shop1)).statusCode).toBe(404);
  });

  it('answers every problem of the fields at once with 422 and writes nothing', async () => {
    const c = await makeCustomer(app);
    const before = storedFiles();
    const empty = multipart({});
    const res = await app.inject({
      method: 'POST',
      url: '/api/support-ticket',
      headers: { ...c.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['issue_type', 'message', 'subject']);
    const cases: Array<[Record<string, string>, string]> = [
      [{ issue_type: '999' }, 'issue_type'],
      [{ issue_type: 'abc' }, 'issue_type'],
      [{ subject: 'x'.repeat(151) }, 'subject'],
      [{ subject: 'ok\u0007no' }, 'subject'],
      [{ message: 'too short' }, 'message'],
      [{ message: 'x'.repeat(5001) }, 'message'],
    ];
    for (const [over, field] of cases) {
      const r = await openTicket(c, over, [{ name: 'a.png', type: 'image/png', data: await png() }]);
      expect({ over, status: r.statusCode }).toEqual({ over, status: 422 });
      expect(Object.keys(r.json().errors)).toEqual([field]);
    }
    // A field problem and a file problem together: both are named.
    const both = await openTicket(c, { subject: '' }, [{ name: 'x.svg', type: 'image/svg+xml', data: svg() }]);
    expect(Object.keys(both.json().errors).sort()).toEqual(['attachments', 'subject']);
    expect((await get(app, '/api/support-tickets', c.auth)).json().data.total).toBe(0);
    expect(storedFiles()).toBe(before);
  });
});

describe('attachment rules', () => {
  it('refuses a renamed executable, an SVG, an oversize file and a fourth file with 422, storing nothing', async () => {
    const c = await makeCustomer(app);
    const before = storedFiles();
    const rowsBefore = await countAttachments();
    const cases: Array<[string, FilePart[], RegExp]> = [
      [
        'renamed executable',
        [{ name: 'invoice.pdf', type: 'application/pdf', data: executable() }],
        /"invoice\.pdf" must be a file of type: jpg, jpeg, png, pdf/,
      ],
      [
        'executable as a photo',
        [{ name: 'photo.jpg', type: 'image/jpeg', data: executable() }],
        /"photo\.jpg" must be a file of type/,
      ],
      ['SVG', [{ name: 'logo.svg', type: 'image/svg+xml', data: svg() }], /"logo\.svg" must be a file of type/],
      ['SVG named .png', [{ name: 'logo.png', type: 'image/png', data: svg() }], /"logo\.png" must be a file of type/],
      [
        'HTML',
        [{ name: 'page.pdf', type: 'application/pdf', data: Buffer.from('<html><script>alert(1)</script></html>') }],
        /must be a file of type/,
      ],
      [
        'oversize',
        [{ name: 'big.png', type: 'image/png', data: Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]) }],
        /"big\.png" must not be greater than 2048 kilobytes/,
      ],
      [
        'a fourth file',
        await Promise.all([1, 2, 3, 4].map(async (i) => ({ name: `p${i}.png`, type: 'image/png', data: await png() }))),
        /at most 3 files/,
      ],
      [
        'a broken PNG',
        [{ name: 'cut.png', type: 'image/png', data: (await png()).subarray(0, 60) }],
        /"cut\.png" is not a readable image/,
      ],
      ['a PNG of 9000 px', [{ name: 'wide.png', type: 'image/png', data: await png(9000, 10) }], /at most 8000×8000 pixels/],
    ];
    for (const [name, files, message] of cases) {
      const res = await openTicket(c, {}, files);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 422 });
      expect(res.json().errors.attachments.join(' ')).toMatch(message);
    }
    expect((await get(app, '/api/support-tickets', c.auth)).json().data.total).toBe(0);
    expect(storedFiles()).toBe(before);
    expect(await countAttachments()).toBe(rowsBefore);
    // Three files are fine; a PNG stays a PNG.
    const three = await opened(c, {}, [
      { name: 'a.png', type: 'image/png', data: await png() },
      { name: 'b.png', type: 'application/octet-stream', data: await png() },
      { name: 'c', type: 'text/plain', data: pdf() },
    ]);
    expect(three.message.attachments.map((a) => [a.name, a.mime])).toEqual([
      ['a.png', 'image/png'],
      ['b.png', 'image/png'],
      ['c.pdf', 'application/pdf'],
    ]);
    expect(storedFiles()).toBe(before + 3);
  });
});

async function countAttachments() {
  return Number(
    (
      await app.db
        .selectFrom('support_ticket_attachments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe('ownership', () => {
  it("answers 404 for another customer's ticket, its messages, an answer to it and its files", async () => {
    const a = await makeCustomer(app);
    const b = await makeCustomer(app);
    const { support_ticket: t, message } = await opened(a, {}, [{ name: 'scan.pdf', type: 'application/pdf', data: pdf() }]);
    const file = message.attachments[0]!;
    const no = t.ticket_no;
    expect((await get(app, `/api/support-ticket/show?ticket_number=${no}`, b.auth)).statusCode).toBe(404);
    expect((await get(app, `/api/support-ticket-messages?ticket_number=${no}`, b.auth)).statusCode).toBe(404);
    const answer = await post(app, '/api/support-ticket-message', b.auth, { ticket_number: no, message: 'Not mine' });
    expect(answer.statusCode).toBe(404);
    expect((await get(app, `/api/support-ticket/attachments/${file.id}`, b.auth)).statusCode).toBe(404);
    expect((await get(app, `/api/support-ticket/attachments/${file.id}`, a.auth)).statusCode).toBe(200);
    expect((await get(app, '/api/support-tickets', b.auth)).json().data.total).toBe(0);
    expect((await messagesOf(a, no)).total).toBe(1);

    // The signed link: genuine for its file only; another id, a changed signature, a changed token are 404.
    expect((await fetchUrl(app, file.url)).statusCode).toBe(200);
    const u = new URL(file.url, 'http://x');
    const id = file.id;
    const variants = [
      file.url.replace(`/files/${id}?`, `/files/${id + 1}?`),
      file.url.replace(/s=[^&]+/, `s=${'A'.repeat(43)}`),
      file.url.replace(/t=\d+/, `t=${Number(u.searchParams.get('t')) + 1}`),
      file.url.replace(/e=\d+/, `e=${Number(u.searchParams.get('e')) + 600}`),
      `/api/support-ticket/files/${id}`,
      `/api/support-ticket/files/abc?t=1&e=1&s=1`,
    ];
    for (const v of variants) expect({ v, status: (await fetchUrl(app, v)).statusCode }).toEqual({ v, status: 404 });

    // It expires, and signing out ends it at once.
    now += 31 * 60_000 + 600_000;
    expect((await fetchUrl(app, file.url)).statusCode).toBe(404);
    now = Date.now();
    const fresh = (await messagesOf(a, no)).messages[0]!.attachments[0]!;
    expect((await fetchUrl(app, fresh.url)).statusCode).toBe(200);
    const tokenRow = await app.db
      .selectFrom('access_tokens')
      .select('id')
      .where('id', '=', Number(new URL(fresh.url, 'http://x').searchParams.get('t')))
      .executeTakeFirstOrThrow();
    await revokeToken(app.db, tokenRow.id);
    expect((await fetchUrl(app, fresh.url)).statusCode).toBe(404);
  });
});

describe('the seller answers', () => {
  it('lists its tickets by status, answers with a file, completes one and cancels another; a closed ticket takes no answers', async () => {
    const c = await makeCustomer(app);
    const code = await placeOrder(app, c, 3);
    const shop = await sellerAuth(app, 3);
    const first = (await opened(c, { order_number: code })).support_ticket.ticket_no;
    const second = (await opened(c, { order_number: code, subject: 'Wrong size sent' })).support_ticket.ticket_no;

    const detail = supportTicketResponseSchema.parse((await get(app, `/api/seller/support-tickets/${first}`, shop)).json()).data;
    expect(detail.support_ticket).toMatchObject({
      order_number: code,
      status: 'running',
      shop: { id: 3 },
      customer: { id: c.id },
    });

    const body = multipart({ message: 'Sorry for the wait. The courier collects it today; here is the receipt.' }, [
      { name: 'courier.png', type: 'image/png', data: await png() },
    ]);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/seller/support-tickets/${first}/messages`,
      headers: { ...shop, ...body.headers },
      payload: body.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const sent = ticketMessageResponseSchema.parse(answer.json()).data.message;
    expect(sent.sender).toBe('seller');
    // The seller's link to its own file works; so does the seller's Bearer route; the customer sees the answer.
    expect((await fetchUrl(app, sent.attachments[0]!.url)).statusCode).toBe(200);
    expect((await get(app, `/api/seller/support-ticket/attachments/${sent.attachments[0]!.id}`, shop)).statusCode).toBe(200);
    expect(
      (await get(app, `/api/seller/support-ticket/attachments/${sent.attachments[0]!.id}`, await sellerAuth(app, 4))).statusCode,
    ).toBe(404);
    const seen = await messagesOf(c, first);
    expect(seen.messages[0]).toMatchObject({ sender: 'seller', message: sent.message });
    expect(seen.messages[0]!.sender_name).toBeTruthy();
    expect((await fetchUrl(app, seen.messages[0]!.attachments[0]!.url)).statusCode).toBe(200);
    // The seller reads the customer's files through links signed for the seller.
    const sellerView = ticketMessagesResponseSchema.parse(
      (await get(app, `/api/seller/support-tickets/${first}/messages`, shop)).json(),
    ).data;
    expect(sellerView.total).toBe(2);

    const done = await post(app, `/api/seller/support-tickets/${first}/status`, shop, { status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    expect(supportTicketResponseSchema.parse(done.json()).data.support_ticket).toMatchObject({
      status: 'completed',
      can_reply: false,
    });
    expect((await post(app, `/api/seller/support-tickets/${first}/status`, shop, { status: 'cancel' })).statusCode).toBe(422);
    expect((await post(app, `/api/seller/support-tickets/${second}/status`, shop, { status: 'running' })).statusCode).toBe(422);
    expect((await post(app, `/api/seller/support-tickets/${second}/status`, shop, { status: 'cancel' })).statusCode).toBe(200);
    const late = await post(app, '/api/support-ticket-message', c.auth, { ticket_number: first, message: 'One more thing' });
    expect(late.statusCode).toBe(409);
    expect((await post(app, `/api/seller/support-tickets/${second}/messages`, shop, { message: 'Hello?' })).statusCode).toBe(409);
    expect((await messagesOf(c, first)).total).toBe(2);

    const counts = supportTicketsResponseSchema.parse((await get(app, '/api/support-tickets', c.auth)).json()).data;
    expect(counts).toMatchObject({ total: 2, running: 0, completed: 1, cancel: 1 });
    const sellerCounts = sellerSupportTicketsResponseSchema.parse(
      (await get(app, '/api/seller/support-tickets?status=completed', shop)).json(),
    ).data;
    expect(sellerCounts.total).toBe(sellerCounts.completed);
    expect(sellerCounts.support_tickets.every((t) => t.status === 'completed')).toBe(true);
  });
});

describe('lists', () => {
  it('filters by status and pages, most recently active first; a bad page is 422, an unknown status no filter', async () => {
    const c = await makeCustomer(app);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      now += 1000;
      made.push((await opened(c, { subject: `Question number ${i + 1}` })).support_ticket.ticket_no);
    }
    now += 1000;
    await post(app, '/api/support-ticket-message', c.auth, { ticket_number: made[1], message: 'Bumping this one.' });
    const page = async (q: string) =>
      supportTicketsResponseSchema.parse((await get(app, `/api/support-tickets?${q}`, c.auth)).json()).data;
    const p1 = await page('per_page=2');
    expect(p1.total).toBe(5);
    expect(p1.support_tickets.map((t) => t.ticket_no)).toEqual([made[1], made[4]]);
    expect((await page('per_page=2&page=3')).support_tickets.map((t) => t.ticket_no)).toEqual([made[0]]);
    expect((await page('status=running')).total).toBe(5);
    expect(await page('status=completed')).toMatchObject({ total: 0, running: 5, support_tickets: [] });
    // A word of neither ours nor the original client's filters nothing (decision 024, issue 42).
    expect((await page('status=open')).total).toBe(5);
    expect((await get(app, '/api/support-tickets?page=0', c.auth)).statusCode).toBe(422);
    expect((await get(app, '/api/support-tickets?per_page=500', c.auth)).statusCode).toBe(422);
    expect((await get(app, '/api/support-ticket/show', c.auth)).statusCode).toBe(422);
  });

  it('limits the posts of one account per window (429 with Retry-After)', async () => {
    const limited = await createTestApp({ support: { contactLimitPerIp: 5, postLimitPerUser: 2, fileUrlTtlMin: 30 } });
    const c = await makeCustomer(limited);
    const send = () => limited.inject({ method: 'POST', url: '/api/support-ticket', headers: c.auth, payload: fields() });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const third = await send();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});
