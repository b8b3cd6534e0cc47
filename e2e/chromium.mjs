// The Chromium the browser tests (e2e/browser.ts) and the benches (bench/lib/browser.mjs) drive: Debian's
// /usr/bin/chromium (CHROME_PATH overrides), headless, with the background work neither a test nor a
// measurement wants (component updates, background networking) off. Plain JavaScript so that the
// benches, which run without a TypeScript step, import it too; chromium.d.mts gives its types.
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
