// The Chromium every bench drives: Debian's /usr/bin/chromium (CHROME_PATH overrides), headless, with
// the background work a measurement does not want (component updates, background networking) off.
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Launches Chromium through Playwright with the benches' flags. */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}
