/**
 * The accessibility gate's checks (a11y.test.ts), also used by a test file whose dialogs need a server of its
 * own (a failed e-mail: admin-notifications.test.ts): axe over a page, and an open dialog's checks.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** Moderate findings held to as well: a skipped heading level, landmarks of one kind with the same name. */
const ALSO_HELD = ['heading-order', 'landmark-unique'];
let scanned = 0;
/** How many views `scan` has looked at in this file. */
export const scanCount = () => scanned;

export interface Finding {
  view: string;
  rule: string;
  impact: string | null | undefined;
  targets: string[];
  summary: string;
}

/**
 * axe over the page, the findings this gate fails on. `part`: the whole page; all but the site's footer
 * (the same on every screen); or only the header (the rest already scanned as it is).
 */
export async function scan(page: Page, view: string, part: 'page' | 'no-footer' | 'header' = 'page'): Promise<Finding[]> {
  // Sections far below the fold are not painted until scrolled near (`content-visibility: auto`): axe would
  // measure colours against whatever is painted at their estimated place. Paint them, as a reader scrolling would.
  await page.addStyleTag({ content: '*{content-visibility:visible !important}' });
  // axe.run in the page itself (legacy mode): the default runs axe.runPartial, then opens a blank page,
  // injects axe-core (about 500 kB) into it again and hands it every result to finish, for frames of other
  // origins (the site's only one is a product's embedded video). Only the violations are built up and sent
  // back (`resultTypes`): the passes and the rules that did not apply, which this gate never reads, are not.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({
    runOnly: { type: 'tag', values: TAGS },
    rules: Object.fromEntries(ALSO_HELD.map((r) => [r, { enabled: true }])),
    resultTypes: ['violations'],
  });
  if (part === 'no-footer') builder = builder.exclude('[data-testid=site-footer]');
  // A screen outside the shop's layout (the seller area) has no site header: it is scanned whole.
  if (part === 'header' && (await page.locator('.site-header').count()) === 0) part = 'page';
  if (part === 'header') builder = builder.include('.site-header');
  const { violations } = await builder.analyze();
  scanned++;
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_HELD.includes(v.id))
    .map((v) => ({
      view,
      rule: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? v.help,
    }));
}

export function report(findings: Finding[]) {
  return findings.map((f) => `${f.view} — ${f.rule} (${f.impact}): ${f.targets.join(', ')} — ${f.summary}`);
}

/**
 * An open dialog or drawer (`container`, opened from `opener`): it takes focus; axe finds nothing on the
 * page under it but the footer (the same on every screen, scanned whole with the screens); a modal one keeps
 * focus on Tab and Shift+Tab; Escape closes it and focus goes back to its opener.
 */
export async function checkOverlay(
  page: Page,
  { name, container: selector, opener, modal }: { name: string; container: string; opener: string; modal: boolean },
) {
  const container = page.locator(selector);
  await container.waitFor();
  // It takes focus.
  // (Polled for up to 5 s: on a loaded machine a dialog's focus can land later than poll's 1 s default.)
  await expect.poll(() => container.evaluate((el) => el.contains(document.activeElement)), { timeout: 5000 }).toBe(true);
  // The page under it too (the checkout with its items is only seen here), but for the footer: the
  // same on every screen, scanned in full by the screen scan of this context.
  expect(report(await scan(page, name, 'no-footer'))).toEqual([]);
  if (modal) {
    // It keeps focus: Tab and Shift+Tab cycle inside it, however many stops it has.
    const stops = await container.evaluate(
      (el) =>
        el.querySelectorAll('a[href], button:not([disabled]), input:not([type=hidden]), select, textarea, summary').length,
    );
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await container.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await container.evaluate((el) => el.contains(document.activeElement)), `Shift+Tab ${i + 1}`).toBe(true);
    }
  }
  // Escape closes it and focus goes back to what opened it.
  await page.keyboard.press('Escape');
  await container.waitFor({ state: 'hidden' });
  await expect
    .poll(
      () =>
        page
          .locator(opener)
          .first()
          .evaluate((el) => el === document.activeElement),
      { timeout: 5000 },
    )
    .toBe(true);
}
