// The Chromium every bench drives: the same binary and flags as the browser tests (e2e/chromium.mjs).
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../../e2e/chromium.mjs';

export { chromiumFlags, chromiumPath };

/** Launches Chromium through Playwright with the benches' flags. */
export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}
