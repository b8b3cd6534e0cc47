import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, finish, hydrated, newPage, screenshot, type TestPage } from './browser';

/**
 * Issue 17, the chat screens, with two browser contexts at once: the demo customer writes to a shop
 * from a product page (the product goes as a card); the shop's seller, signed in at /seller, sees it
 * arrive without a reload and answers; the answer arrives in the customer's sidebar and on /massages,
 * and the unread badges move. Markup typed into a message shows as text; links are clickable.
 */
type Locale = 'ar' | 'en';

async function ok<T>(p: string, body?: unknown, token?: string, lang: Locale = 'ar'): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': lang,
      'X-Requested-With': 'XMLHttpRequest',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${p}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

interface Customer {
  token: string;
  user: { id: number; name: string };
}
/** The demo customer (README "Demo accounts"), signed in through the API. */
async function demoCustomer(): Promise<Customer> {
  const res = await ok<{ data: { user: Customer['user']; access: { token: string } } }>('/login', {
    phone: 'customer@souq.om',
    password: 'password',
  });
  return { token: res.data.access.token, user: res.data.user };
}

interface SellerSession {
  token: string;
  seller: unknown;
  shop: { id: number; name: string };
}
async function sellerOf(shopId: number, lang: Locale): Promise<SellerSession> {
  const res = await ok<{ data: { access: { token: string }; user: unknown; shop: SellerSession['shop'] } }>(
    '/seller/login',
    { email: `seller${shopId}@souq.om`, password: 'password' },
    undefined,
    lang,
  );
  return { token: res.data.access.token, seller: res.data.user, shop: res.data.shop };
}

async function customerPage(who: Customer, locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 860 });
  const auth = JSON.stringify({ token: who.token, user: who.user, favoriteCount: 0 });
  await page.context().addInitScript((value: string) => {
    if (!localStorage.getItem('auth')) localStorage.setItem('auth', value);
  }, auth);
  return page;
}
async function sellerPage(s: SellerSession, locale: Locale, width: number) {
  const page = await newPage({ locale, width, height: 860 });
  const value = JSON.stringify({ token: s.token, seller: s.seller, shop: s.shop });
  await page.context().addInitScript((v: string) => {
    if (!localStorage.getItem('seller_auth')) localStorage.setItem('seller_auth', v);
  }, value);
  return page;
}

async function open(page: Page, p: string) {
  await page.goto(`${baseUrl()}${p}`);
  await hydrated(page);
}

async function snap(page: TestPage, name: string) {
  await screenshot(page, name);
  expect(page.errors, 'console errors').toEqual([]);
}

/** The number a badge shows, 0 when it is not there; waits until it shows `want` when given. */
async function badge(page: Page, testId: string, want?: number): Promise<number> {
  if (want !== undefined)
    await page.waitForFunction(([id, n]) => Number(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? 0) === n, [
      testId,
      want,
    ] as const);
  const el = page.getByTestId(testId);
  return (await el.count()) ? Number(await el.textContent()) : 0;
}

/** The last message bubble of a list whose text contains `text`. */
const bubble = (page: Page, scope: string, text: string) =>
  page.locator(`${scope} [data-testid="chat-message"]`).filter({ hasText: text }).last();

const L = {
  ar: { placeholder: 'اكتب رسالة', noUser: 'لم يتم اختيار مستخدم', online: /متصل/ },
  en: { placeholder: 'Type a message', noUser: 'No User Selected', online: /Online|Offline/ },
};

describe.each([
  ['ar', 1280, 3],
  ['en', 390, 4],
] as const)('chat (%s, %i px)', (locale, width, shopId) => {
  it(
    'customer and seller talk in real time; the product card, links, escaping and unread badges',
    { timeout: 180_000 },
    async () => {
      const who = await demoCustomer();
      const seller = await sellerOf(shopId, locale);
      const products = await ok<{ data: { products: Array<{ id: number; name: string }> } }>(
        `/products?shop_id=${shopId}&per_page=1`,
        undefined,
        undefined,
        locale,
      );
      const product = products.data.products[0]!;
      const stamp = `${locale}-${Date.now().toString(36)}`;
      // Unread counts before (the demo data has conversations of its own).
      type Unread = { data: { unread_messages: number } };
      const shopUnread = (await ok<Unread>('/seller/unread-messages', undefined, seller.token)).data.unread_messages;

      // The seller waits in the inbox (opened before anything is sent: arrival must not need a reload).
      const shopSide = await sellerPage(seller, locale, width);
      await open(shopSide, '/seller/messages');
      await shopSide.getByTestId('seller-inbox').waitFor();
      expect(await shopSide.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');

      // The customer opens the chat from the product page: the sidebar, with the product attached.
      const buyer = await customerPage(who, locale, width);
      await open(buyer, `/products/${product.id}/details`);
      await buyer.getByTestId('product-chat').click();
      const sidebar = '[data-testid="chat-sidebar"][open]';
      await buyer.locator(`${sidebar} [data-testid="chat-composer"]`).waitFor();
      expect(await buyer.locator(`${sidebar} [data-testid="chat-shop-name"]`).textContent()).toBe(seller.shop.name);
      expect(await buyer.locator(`${sidebar} [data-testid="chat-presence"]`).textContent()).toMatch(L[locale].online);
      expect(await buyer.locator(`${sidebar} [data-testid="chat-attachment"]`).textContent()).toContain(product.name);
      const input = buyer.locator(`${sidebar} [data-testid="chat-input"]`);
      expect(await input.getAttribute('placeholder')).toBe(L[locale].placeholder);
      await buyer.locator(`${sidebar} [data-testid="chat-list"]:not([aria-busy])`).waitFor();
      await buyer.waitForFunction(() => !document.querySelector('[data-testid="chat-loading"]'));
      // The textarea has focus, so the keyboard can type at once.
      expect(await buyer.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('chat-input');

      // Shift+Enter is a new line, Enter sends; the message shows at once with the product card.
      const question = `Is this available? ${stamp}`;
      await input.fill(question);
      await input.press('Shift+Enter');
      await input.pressSequentially('Second line');
      expect(await input.inputValue()).toBe(`${question}\nSecond line`);
      await input.press('Enter');
      expect(await input.inputValue()).toBe('');
      const sent = bubble(buyer, sidebar, stamp);
      await sent.waitFor();
      expect(await sent.getAttribute('data-mine')).toBe('1');
      expect(await sent.getByTestId('chat-product').textContent()).toContain(product.name);
      await buyer.waitForFunction(
        (s) =>
          [...document.querySelectorAll('[data-testid="chat-message"]')].some(
            (m) => m.textContent?.includes(s) && Number(m.getAttribute('data-id')) > 0,
          ),
        stamp,
      );
      expect(await buyer.locator(`${sidebar} [data-testid="chat-attachment"]`).count()).toBe(0);
      // With the product gone with it, an empty message does nothing.
      const before = await buyer.locator(`${sidebar} [data-testid="chat-message"]`).count();
      await input.press('Enter');
      await input.fill('   ');
      await input.press('Enter');
      expect(await buyer.locator(`${sidebar} [data-testid="chat-message"]`).count()).toBe(before);
      await input.fill('');
      await snap(buyer, `chat-sidebar-${locale}-${width}`);

      // The seller sees it arrive: the conversation moves up with its unread count, and the nav badge.
      const row = shopSide.locator(`[data-testid="inbox-item"][data-key="${who.user.id}"]`);
      await row.getByTestId('inbox-unread').waitFor();
      expect(Number(await row.getByTestId('inbox-unread').textContent())).toBeGreaterThanOrEqual(1);
      await badge(shopSide, 'seller-unread-badge', shopUnread + 1);
      await row.click();
      const pane = '[data-testid="inbox-pane"]';
      const received = bubble(shopSide, pane, stamp);
      await received.waitFor();
      expect(await received.getAttribute('data-mine')).toBe('0');
      expect(await received.getByTestId('chat-product').textContent()).toContain(product.name);
      expect(await received.getByTestId('chat-message-text').textContent()).toBe(`${question}\nSecond line`);
      // Read: both badges go back.
      await badge(shopSide, 'seller-unread-badge', shopUnread);
      expect(await row.getByTestId('inbox-unread').count()).toBe(0);

      // The seller answers with a link and markup; the customer's open sidebar shows it without a reload.
      const answer = `Yes, in stock ${stamp}: https://souq.om/help?x=1 <script>window.__xss=1</script><img src=x onerror="window.__xss=2">`;
      const reply = shopSide.locator(`${pane} [data-testid="chat-input"]`);
      await reply.fill(answer);
      await reply.press('Enter');
      await bubble(shopSide, pane, 'in stock').waitFor();
      await snap(shopSide, `chat-seller-inbox-${locale}-${width}`);

      const arrived = bubble(buyer, sidebar, 'in stock');
      await arrived.waitFor();
      expect(await arrived.getAttribute('data-mine')).toBe('0');
      const text = arrived.getByTestId('chat-message-text');
      expect(await text.textContent()).toBe(answer);
      expect(await text.locator('img, script').count()).toBe(0);
      const link = text.locator('a');
      expect(await link.count()).toBe(1);
      expect(await link.getAttribute('href')).toBe('https://souq.om/help?x=1');
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await buyer.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      expect(await shopSide.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

      // Markup the customer types shows as text on the seller's side too.
      const markup = `<img src=x onerror="window.__xss=3"> <b>bold</b> ${stamp}-x`;
      await input.fill(markup);
      await input.press('Enter');
      const markupSeen = bubble(shopSide, pane, `${stamp}-x`);
      await markupSeen.waitFor();
      expect(await markupSeen.getByTestId('chat-message-text').textContent()).toBe(markup);
      expect(await markupSeen.locator('[data-testid="chat-message-text"] img, [data-testid="chat-message-text"] b').count()).toBe(
        0,
      );

      // Closed sidebar, account page: the next answer moves the Message link's badge without a reload.
      await buyer.keyboard.press('Escape');
      await buyer.locator(sidebar).waitFor({ state: 'detached' });
      // A fresh page: its socket is authorised again, and only then does the seller write.
      const authorised = buyer.waitForResponse((r) => r.url().includes('/api/broadcasting/auth') && r.status() === 200);
      await open(buyer, '/dashboard');
      await authorised;
      await buyer.getByTestId('account-sidebar').waitFor();
      const mine = (await ok<Unread>(`/unread-messages?user_id=${who.user.id}`, undefined, who.token)).data.unread_messages;
      expect(await badge(buyer, 'unread-badge', mine)).toBe(mine);
      const later = `Anything else? ${stamp}-later`;
      await reply.fill(later);
      await reply.press('Enter');
      expect(await badge(buyer, 'unread-badge', mine + 1)).toBe(mine + 1);

      // /massages: No User Selected, the shop with its unread count; opening it reads it (badge gone).
      await buyer.getByTestId('account-sidebar').locator('a[href="/massages"]').click();
      await buyer.getByTestId('messages-screen').waitFor();
      if (width >= 900) expect(await buyer.getByTestId('inbox-none').textContent()).toContain(L[locale].noUser);
      const shopRow = buyer.locator(`[data-testid="inbox-item"][data-key="${shopId}"]`);
      await shopRow.waitFor();
      expect(await shopRow.getByTestId('inbox-unread').textContent()).toBe('1');
      expect(await shopRow.textContent()).toContain('Anything else?');
      await snap(buyer, `chat-messages-list-${locale}-${width}`);
      await shopRow.click();
      await bubble(buyer, '[data-testid="inbox-pane"]', `${stamp}-later`).waitFor();
      await badge(buyer, 'unread-badge', mine);
      expect(await shopRow.getByTestId('inbox-unread').count()).toBe(0);

      // On /massages with the shop open, a new answer appears in the pane.
      const last = `One more ${stamp}-final`;
      await reply.fill(last);
      await reply.press('Enter');
      await bubble(buyer, '[data-testid="inbox-pane"]', `${stamp}-final`).waitFor();
      // Search Seller narrows the list (after its debounce) to matching shops.
      if (width >= 900) {
        await buyer.getByTestId('inbox-search').fill('zz-no-such-shop');
        await buyer.getByTestId('inbox-empty').waitFor();
        await buyer.getByTestId('inbox-search').fill('');
        await shopRow.waitFor();
      }
      await snap(buyer, `chat-messages-${locale}-${width}`);
      await finish(shopSide, `chat-seller-final-${locale}-${width}`);
      await finish(buyer, `chat-messages-final-${locale}-${width}`);
    },
  );

  if (locale === 'ar')
    it('a message sent while the connection was down shows once it is back (the page shown is reloaded)', async () => {
      const who = await demoCustomer();
      const seller = await sellerOf(5, locale);
      const buyer = await customerPage(who, locale, width);
      // The socket goes through a gate the test holds: it can drop the connection and keep the next
      // one from reaching the server until it has sent a message that nobody was listening for.
      const sockets: WebSocketRoute[] = [];
      let gate: Promise<void> = Promise.resolve();
      await buyer.routeWebSocket(/\/app\//, async (ws) => {
        sockets.push(ws);
        await gate;
        ws.connectToServer();
      });
      const authorised = buyer.waitForResponse((r) => r.url().includes('/api/broadcasting/auth') && r.status() === 200);
      await open(buyer, '/shops/5');
      await authorised;
      await buyer.getByTestId('shop-chat').click();
      const sidebar = '[data-testid="chat-sidebar"][open]';
      await buyer.locator(`${sidebar} [data-testid="chat-composer"]`).waitFor();
      const stamp = Date.now().toString(36);
      // The customer starts the conversation (a seller answers, never starts one).
      // What the send and the conversation's re-read answered, named if the message never gets its id.
      const answers: string[] = [];
      buyer.on('response', (r) => {
        if (r.url().includes('/resources/chat')) answers.push(`${r.request().method()} ${r.status()}`);
      });
      await buyer.locator(`${sidebar} [data-testid="chat-input"]`).fill(`hello ${stamp}`);
      await buyer.locator(`${sidebar} [data-testid="chat-input"]`).press('Enter');
      await buyer
        .waitForFunction(
          (s) =>
            [...document.querySelectorAll('[data-testid="chat-message"]')].some(
              (m) => m.textContent?.includes(s) && Number(m.getAttribute('data-id')) > 0,
            ),
          `hello ${stamp}`,
        )
        .catch(async (error: Error) => {
          const shown = await buyer
            .locator(`${sidebar} [data-testid="chat-message"]`)
            .evaluateAll((ms) => ms.map((m) => `${m.getAttribute('data-id')}: ${m.textContent?.slice(0, 40)}`));
          throw new Error(
            `${error.message.split('\n')[0]}; /resources/chat answered ${answers.join(', ')}; shown: ${shown.join(' | ')}`,
          );
        });
      await ok('/seller/send-message', { user_id: who.user.id, message: `live ${stamp}` }, seller.token);
      await bubble(buyer, sidebar, `live ${stamp}`).waitFor();

      // Drop the connection (4200: "reconnect at once"), hold the new one, send while nobody listens.
      let release!: () => void;
      gate = new Promise<void>((resolve) => (release = resolve));
      await sockets.at(-1)!.close({ code: 4200, reason: 'dropped by the test' });
      await ok('/seller/send-message', { user_id: who.user.id, message: `while away ${stamp}` }, seller.token);
      await buyer.waitForTimeout(1000);
      expect(await bubble(buyer, sidebar, `while away ${stamp}`).count()).toBe(0);

      const back = buyer.waitForResponse((r) => r.url().includes('/api/broadcasting/auth') && r.status() === 200);
      release();
      await back;
      await bubble(buyer, sidebar, `while away ${stamp}`).waitFor();
      // Each message once.
      expect(await bubble(buyer, sidebar, `live ${stamp}`).count()).toBe(1);
      expect(sockets.length).toBeGreaterThanOrEqual(2);
      await finish(buyer, `chat-reconnect-${locale}-${width}`);
    });

  if (locale === 'en')
    it('/massages shows 20 messages, and the older ones when scrolled to the top', async () => {
      const who = await demoCustomer();
      const stamp = Date.now().toString(36);
      for (let i = 1; i <= 25; i++) await ok('/send-message', { shop_id: 6, message: `page test ${stamp} #${i}` }, who.token);
      const buyer = await customerPage(who, locale, width);
      await open(buyer, '/massages');
      await buyer.locator('[data-testid="inbox-item"][data-key="6"]').click();
      const pane = '[data-testid="inbox-pane"]';
      await bubble(buyer, pane, `${stamp} #25`).waitFor();
      expect(await buyer.locator(`${pane} [data-testid="chat-message"]`).count()).toBe(20);
      expect(await bubble(buyer, pane, `${stamp} #5`).count()).toBe(0);
      // Newest at the bottom, scrolled there.
      const list = buyer.locator(`${pane} [data-testid="chat-list"]`);
      expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(80);
      await list.evaluate((el) => el.scrollTo({ top: 0 }));
      await bubble(buyer, pane, `${stamp} #5`).waitFor();
      expect(await buyer.locator(`${pane} [data-testid="chat-message"]`).count()).toBeGreaterThan(20);
      // The reader's place is kept: the older page came in above what was at the top.
      expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await finish(buyer, `chat-older-${locale}-${width}`);
    });
});
