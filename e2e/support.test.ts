import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, type TestPage } from './browser';

const PASSWORD = 'tidy-secret-41';

async function call<T>(path: string, opts: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** A fresh customer with a default address and one cash order from shop 1, made through the API. */
async function customerWithOrder() {
  const phone = `9${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const reg = await call<{ data: { user: unknown; access: { token: string } } }>('/registration', {
    body: {
      name: 'Maryam Al-Siyabi',
      phone,
      email: `tk${phone}@example.com`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      country: 'Oman',
      phone_code: '+968',
    },
  });
  const token = reg.data.access.token;
  const address = await call<{ data: { address: { id: number } } }>('/address/store', {
    token,
    body: {
      name: 'Maryam',
      phone: '91234567',
      area: 'Al Khuwair',
      address_type: 'home',
      address_line: 'Way 3021',
      is_default: true,
    },
  });
  type P = { id: number; quantity: number; sizes: unknown[]; colors: unknown[] };
  const products = await call<{ data: { products: P[] } }>('/products?shop_id=1&per_page=60', { token });
  const product = products.data.products.find((p) => !p.sizes.length && !p.colors.length && p.quantity >= 3)!;
  await call('/cart/store', { token, body: { product_id: product.id, quantity: 1 } });
  const placed = await call<{ data: { orders: Array<{ order_code: string }> } }>('/place-order', {
    token,
    body: { shop_ids: [1], address_id: address.data.address.id, payment_method: 'cash' },
  });
  return { token, user: reg.data.user, orderCode: placed.data.orders[0]!.order_code };
}

/** A real PNG image (solid colour), encoded here with zlib. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])) >>> 0);
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function customerPage(who: { token: string; user: unknown }, locale: 'ar' | 'en', width = 1280) {
  const page = await newPage({ locale, width, height: 900 });
  const auth = JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}

async function sellerPage(locale: 'ar' | 'en') {
  const login = await call<{ data: { access: { token: string }; user: unknown; shop: unknown } }>('/seller/login', {
    body: { email: 'seller1@souq.om', password: 'password' },
  });
  const page = await newPage({ locale, width: 1280, height: 900 });
  const session = JSON.stringify({ token: login.data.access.token, seller: login.data.user, shop: login.data.shop });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('seller_auth')) localStorage.setItem('seller_auth', value);
  }, session);
  return page;
}

async function open(page: TestPage, path: string) {
  await page.goto(`${baseUrl()}${path}`);
  await hydrated(page);
}

/** Whether every image of the conversation has loaded (through its signed link). */
const imagesLoaded = (page: TestPage) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid=ticket-attachment-image] img')].map(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );

describe('support tickets (ar)', () => {
  it('opens a ticket with a photo and a PDF, lists it, answers it; the seller answers and solves it', async () => {
    const who = await customerWithOrder();
    const page = await customerPage(who, 'ar', 390);
    await open(page, '/support-tickets');
    await page.getByTestId('tickets-empty').waitFor();

    // The dialog: client-side checks first (nothing typed; a text file named .png).
    await page.getByTestId('new-ticket').first().click();
    const dialog = page.locator('[data-testid=new-ticket-dialog][open]');
    await dialog.locator('form').waitFor();
    await dialog.getByTestId('ticket-submit').click();
    await expect.poll(() => dialog.getByTestId('field-error').count()).toBe(3);
    await dialog
      .getByTestId('ticket-files')
      .setInputFiles([{ name: 'virus.png', mimeType: 'image/png', buffer: Buffer.from('MZ not an image') }]);
    await dialog.getByText('«virus.png» ليس ملف JPG أو PNG أو PDF.').waitFor();
    expect(await dialog.getByTestId('ticket-files-chosen').count()).toBe(0);

    await dialog.getByTestId('ticket-subject').fill('وصل المندوس بزاوية مكسورة');
    await expect.poll(() => dialog.locator('[data-testid=ticket-issue-type] option').count()).toBeGreaterThan(5);
    await dialog.getByTestId('ticket-issue-type').selectOption({ label: 'منتج تالف أو غير مطابق' });
    await expect.poll(() => dialog.locator(`[data-testid=ticket-order] option[value="${who.orderCode}"]`).count()).toBe(1);
    await dialog.getByTestId('ticket-order').selectOption(who.orderCode);
    await dialog.getByTestId('ticket-message').fill('الزاوية اليمنى من المندوس مكسورة والقفل لا يُغلق. أرفقت صورة والفاتورة.');
    await dialog.getByTestId('ticket-files').setInputFiles([
      { name: 'mandoos.png', mimeType: 'image/png', buffer: png(240, 160, [180, 120, 60]) },
      { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect.poll(() => dialog.locator('[data-testid=ticket-files-chosen] li').count()).toBe(2);
    await dialog.getByTestId('ticket-submit').click();
    await page.locator('[data-testid=new-ticket-dialog][open]').waitFor({ state: 'detached' });
    await page.getByTestId('toasts').getByText('تم فتح التذكرة').waitFor();

    // Listed, with its count.
    const row = page.getByTestId('ticket-row').first();
    await row.waitFor();
    expect(await row.getByTestId('ticket-link').textContent()).toBe('وصل المندوس بزاوية مكسورة');
    expect(await row.getByTestId('ticket-status').getAttribute('data-status')).toBe('running');
    expect(await page.getByTestId('ticket-tab-running').getByTestId('tab-count').textContent()).toBe('1');
    const ticketNo = (await row.getAttribute('data-ticket-no'))!;

    // Its page: the conversation with the photo (loaded through its signed link) and the PDF as a download.
    await row.getByTestId('ticket-link').click();
    await page.getByTestId('ticket-conversation').waitFor();
    expect(await page.getByTestId('ticket-number').textContent()).toBe(`#${ticketNo}`);
    await expect.poll(() => imagesLoaded(page)).toEqual([true]);
    const pdfLink = page.getByTestId('ticket-attachment-file');
    expect(await pdfLink.getAttribute('download')).toBe('invoice.pdf');
    const pdf = await page.request.get(new URL((await pdfLink.getAttribute('href'))!, baseUrl()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-disposition']).toMatch(/^attachment; filename="invoice\.pdf"/);
    expect(Buffer.from(await pdf.body()).equals(PDF)).toBe(true);
    // Another customer's token cannot read it by its id.
    const other = await customerWithOrder();
    const fileId = /files\/(\d+)/.exec((await pdfLink.getAttribute('href'))!)![1];
    const foreign = await fetch(`${baseUrl()}/api/support-ticket/attachments/${fileId}`, {
      headers: { Authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(404);

    // The customer answers.
    await page.getByTestId('ticket-reply-text').fill('المندوب لم يتصل بعد، هل من موعد؟');
    await page.getByTestId('ticket-reply-send').click();
    await expect.poll(() => page.getByTestId('ticket-message').count()).toBe(2);
    expect(await page.getByTestId('ticket-reply-text').inputValue()).toBe('');
    await finish(page, 'support-ticket-customer-ar-390');

    // The shop's seller sees it, reads the photo, answers with a file and marks it solved.
    const seller = await sellerPage('ar');
    await open(seller, '/seller/support-tickets');
    const sellerRow = seller.locator(`[data-testid=ticket-row][data-ticket-no="${ticketNo}"]`);
    await sellerRow.waitFor();
    await sellerRow.getByTestId('ticket-link').click();
    await seller.getByTestId('ticket-conversation').waitFor();
    await expect.poll(() => imagesLoaded(seller)).toEqual([true]);
    await seller.getByTestId('ticket-reply-text').fill('نعتذر عن ذلك. سيمر المندوب غداً بين 10 و12 ظهراً لاستبدال المندوس.');
    await seller
      .getByTestId('ticket-files')
      .setInputFiles([{ name: 'pickup.png', mimeType: 'image/png', buffer: png(120, 90, [20, 120, 110]) }]);
    await seller.getByTestId('ticket-reply-send').click();
    await expect.poll(() => seller.getByTestId('ticket-message').count()).toBe(3);
    await seller.getByTestId('ticket-complete').click();
    await seller.locator('[data-testid=ticket-status-dialog][open] [data-testid=confirm-yes]').click();
    await expect.poll(() => seller.getByTestId('ticket-status').getAttribute('data-status')).toBe('completed');
    expect(await seller.getByTestId('ticket-reply-form').count()).toBe(0);
    await finish(seller, 'support-ticket-seller-ar');

    // Back on the customer's side: the shop's answer with its photo, and the ticket solved.
    const again = await customerPage(who, 'ar');
    await open(again, `/support-ticket/${ticketNo}`);
    await again.getByTestId('ticket-conversation').waitFor();
    const last = again.getByTestId('ticket-message').last();
    expect(await last.getAttribute('data-sender')).toBe('seller');
    expect(await last.textContent()).toContain('سيمر المندوب غداً');
    await expect.poll(() => imagesLoaded(again)).toEqual([true, true]);
    expect(await again.getByTestId('ticket-status').getAttribute('data-status')).toBe('completed');
    await again.getByTestId('ticket-closed').waitFor();
    expect(await again.getByTestId('ticket-reply-form').count()).toBe(0);
    await finish(again, 'support-ticket-solved-ar');
  }, 300_000);

  it("answers another customer's ticket page with the not-found state", async () => {
    const who = await customerWithOrder();
    const page = await customerPage(who, 'en');
    await open(page, '/support-ticket/TKDEM0SLL1');
    await page.getByTestId('ticket-not-found').waitFor();
    await finish(page, 'support-ticket-not-found-en');
  });
});

describe('contact and help (en)', () => {
  it('shows the ways to reach the shop and sends the contact form with a success toast', async () => {
    const page = await newPage({ locale: 'en', width: 390 });
    await open(page, '/contact-us');
    expect(await page.locator('[data-testid=contact-card-phone] a').getAttribute('href')).toBe('tel:+96824567890');
    expect(await page.locator('[data-testid=contact-card-email] a').getAttribute('href')).toBe('mailto:care@souq.om');
    expect(await page.locator('[data-testid=contact-card-whatsapp] a').getAttribute('href')).toBe('https://wa.me/96891234500');

    await page.getByTestId('contact-send').click();
    await expect
      .poll(() => page.getByTestId('field-error').allTextContents())
      .toEqual([
        'Please enter your name (at least 2 characters).',
        'Please give an e-mail address or a phone number.',
        'Please write a subject of at least 3 characters.',
        'Please write a message of at least 10 characters.',
      ]);
    await page.getByTestId('contact-name').fill('Aisha Al-Balushi');
    await page.getByTestId('contact-email').fill('aisha@example.com');
    await page.getByTestId('contact-subject').fill('Corporate gift boxes');
    await page.getByTestId('contact-message').fill('We would like 40 boxes of dates for National Day. Can a shop prepare them?');
    await page.getByTestId('contact-send').click();
    await page.getByTestId('toasts').getByText('Thank you! Your message has been sent').waitFor();
    expect(await page.getByTestId('contact-message').inputValue()).toBe('');
    expect(await page.getByTestId('field-error').count()).toBe(0);
    await finish(page, 'contact-sent-en-390');
  });

  it('links the tickets, the contact page and the orders from /support; a guest is asked to sign in', async () => {
    const page = await newPage({ locale: 'ar', width: 1280 });
    await open(page, '/support');
    expect(await page.getByTestId('help-faq').count()).toBe(5);
    expect(await page.locator('[data-testid=help-contact] a').getAttribute('href')).toBe('/contact-us');
    await page.getByTestId('help-tickets-login').click();
    await page.locator('[data-testid=login-dialog][open]').waitFor();
    await finish(page, 'support-help-ar');
  });
});
