/**
 * Accessibility (issue 21), the parts outside the gate's scans (a11y.test.ts): reflow at 320 px (a 1280 px
 * window at 400 %) and 640 px (200 %) on every screen with no sideways scrolling or text cut off, and the
 * counts and list totals announced through polite live regions.
 */
import { describe, expect, it } from 'vitest';
import { api, context, LOCALES, open, pageIn, screens, useA11yCustomer, who } from './a11y-support';

useA11yCustomer();

/**
 * Text that reaches past the viewport's sides or is cut by a clipping ancestor (not a scrolling one, whose
 * content is reachable), and whether the page scrolls sideways.
 */
function overflowProblems() {
  const vw = document.documentElement.clientWidth;
  const out: string[] = [];
  if (document.documentElement.scrollWidth > vw + 1) out.push(`page is ${document.documentElement.scrollWidth} px wide`);
  const nameOf = (el: Element) =>
    `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  for (const el of document.querySelectorAll('body *')) {
    if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())) continue;
    const s = getComputedStyle(el);
    // Deliberately shortened text (an ellipsis, a clamp to two lines) is not cut off by the zoom.
    if (s.visibility === 'hidden' || s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none') continue;
    if (el.closest('details:not([open]) > :not(summary)')) continue; // a closed drop-down's content is not shown
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue; // hidden from sight on purpose (sr-only) or not shown
    for (let a: Element | null = el.parentElement; a; a = a.parentElement) {
      const as = getComputedStyle(a);
      if (['auto', 'scroll'].includes(as.overflowX)) break; // reachable by scrolling that box
      if (as.clipPath.startsWith('inset(50%') || as.webkitLineClamp !== 'none') break;
      if (a === document.body || a === document.documentElement) {
        if (r.left < -1 || r.right > vw + 1) out.push(`${nameOf(el)} reaches ${Math.round(r.left)}–${Math.round(r.right)} px`);
        break;
      }
      if (as.overflowX === 'visible' && as.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (
        r.left < ar.left - 1 ||
        r.right > ar.right + 1 ||
        (as.overflowY !== 'visible' && (r.top < ar.top - 1 || r.bottom > ar.bottom + 1))
      ) {
        if (!a.closest('[aria-hidden="true"], [inert]')) out.push(`${nameOf(el)} cut by ${nameOf(a).split(' ')[0]}`);
        break;
      }
    }
  }
  return [...new Set(out)].slice(0, 10);
}

describe('reflow, zoom and target size', () => {
  // 320 px: a 1280 px window at 400 % (WCAG 1.4.10). 640 px at a device scale of 2: that window at 200 %.
  for (const { locale, width } of [
    { locale: 'ar', width: 320 },
    { locale: 'en', width: 320 },
    { locale: 'ar', width: 640 },
  ] as const)
    it(
      `no sideways scrolling and no text cut off at ${width} px (${locale}), on every screen`,
      { timeout: 300_000 },
      async () => {
        const size = { height: 640, deviceScaleFactor: width === 640 ? 2 : 1 };
        const ctx = await context(locale, width, 'user', size);
        const problems: string[] = [];
        try {
          const { page } = await pageIn(ctx);
          for (const s of screens) {
            await open(page, s.path);
            // Cards far below the fold keep an estimated size until scrolled near (`content-visibility:
            // auto`); lay them out as a reader scrolling would see them.
            await page.addStyleTag({ content: '*{content-visibility:visible !important}' });
            problems.push(...(await page.evaluate(overflowProblems)).map((p) => `${s.path}: ${p}`));
          }
          // The signed-out header too (its login button in place of the account menu).
          const guest = await context(locale, width, 'guest', size);
          const { page: guestPage } = await pageIn(guest);
          await open(guestPage, '/');
          await guestPage.addStyleTag({ content: '*{content-visibility:visible !important}' });
          problems.push(...(await guestPage.evaluate(overflowProblems)).map((p) => `/ (signed out): ${p}`));
          await guest.close();
        } finally {
          await ctx.close();
        }
        expect(problems).toEqual([]);
      },
    );
});

describe('announcements', () => {
  it('the wishlist count is announced through a polite live region when it changes', async () => {
    const ctx = await context('en', 1280, 'user');
    try {
      const { page, errors } = await pageIn(ctx);
      await open(page, '/products');
      const region = page.locator('[data-testid=count-announcer]');
      expect(await region.getAttribute('role')).toBe('status');
      expect(await region.textContent()).toBe('');
      const before = Number(await page.textContent('[data-testid=wishlist-badge]'));
      const heart = page.locator('[data-testid=product-grid] [data-testid=favorite-button]').first();
      await heart.focus();
      await page.keyboard.press('Enter');
      const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
      await expect.poll(() => region.textContent()).toBe(`Wishlist: ${items(before + 1)}`);
      // Put back as it was (other tests count from the same customer).
      await expect.poll(() => heart.getAttribute('aria-busy')).toBe(null);
      await page.keyboard.press('Enter');
      await expect.poll(() => region.textContent()).toBe(`Wishlist: ${items(before)}`);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('the cart count is announced through the same live region when Add to cart changes it, without a page load', async () => {
    type P = { id: number; quantity: number; colors: unknown[]; sizes: unknown[] };
    const { products } = await api<{ products: P[] }>('GET', '/products?shop_id=3&per_page=100');
    // One not in the cart yet (the count is of lines: another unit of a line already there changes nothing).
    const cart = await api<{ cart_items: Array<{ products: Array<{ id: number }> }> }>('GET', '/carts', undefined, who.token);
    const inCart = new Set(cart.cart_items.flatMap((s) => s.products.map((p) => p.id)));
    const [first, product] = products.filter((p) => !p.colors.length && !p.sizes.length && p.quantity > 20 && !inCart.has(p.id));
    // Something in the cart already: its count read after the page loads is no change to announce.
    await api('POST', '/cart/store', { product_id: first!.id, quantity: 1 }, who.token);
    const ctx = await context('en', 1280, 'user');
    try {
      const { page, errors } = await pageIn(ctx);
      await open(page, `/products/${product!.id}/details`);
      const region = page.locator('[data-testid=count-announcer]');
      const badge = page.locator('[data-testid=cart-badge]');
      await expect.poll(() => badge.textContent()).not.toBe('0');
      expect(await region.getAttribute('role')).toBe('status');
      expect(await region.textContent()).toBe('');
      const before = Number(await badge.textContent());
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await page.locator('[data-testid=add-to-cart]').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => badge.textContent()).toBe(String(before + 1));
      await expect.poll(() => region.textContent()).toMatch(new RegExp(`^Cart: ${before + 1} items, \\S`));
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await ctx.close();
    }
  });

  it('"N products" after filtering is announced by the same polite live region, updated in place', async () => {
    for (const locale of LOCALES) {
      const ctx = await context(locale, 1280, 'guest');
      try {
        const { page } = await pageIn(ctx);
        await open(page, '/products');
        const total = page.locator('[data-testid=list-total]');
        expect(await total.getAttribute('aria-live')).toBe('polite');
        const text = await total.textContent();
        await total.evaluate((el) => ((el as unknown as { mark: number }).mark = 1));
        // A click, not check(): the radio shows the address's filter, so it turns on once the list has followed.
        await page.locator('[data-testid=filter-rating-4]').click();
        await expect.poll(() => total.textContent()).not.toBe(text);
        // The very node a screen reader registered: a region put in afresh would say nothing.
        expect(await total.evaluate((el) => (el as unknown as { mark?: number }).mark)).toBe(1);
      } finally {
        await ctx.close();
      }
    }
  });
});
