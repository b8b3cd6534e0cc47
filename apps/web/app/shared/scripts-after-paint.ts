/**
 * The app's scripts start loading once the page has painted (decision 010).
 *
 * React Router puts `<link rel="modulepreload">` tags in the head and a `<script type="module">` that
 * imports the route modules and starts the client at the end of the body: the browser fetches all of
 * it while the first screen is still being laid out, so on a slow link the scripts share the bandwidth
 * with the fonts and the first images, and their evaluation can come before the first paint. The page
 * is complete without them (server-rendered, links and the search form work as plain HTML), so the
 * server rewrites the document: the preloads go, the module script is kept inert (`type="text/plain"`)
 * and a small inline script starts it, with the preloads, right after the first contentful paint:
 *  - at once when the document is not visible (a background tab, prerendering): nothing to paint first;
 *  - on `load` in browsers that do not report paint timing;
 *  - after 3 s at the latest, should no paint be reported.
 */

/** The id of the inert copy of the module script. */
export const BOOT_SCRIPT_ID = '__app_boot';

/**
 * Runs in the browser, serialised into the page: self-contained (no imports, no helpers). Starts the app once:
 * preloads every module, then runs the module script kept in `#id`.
 */
export function startAfterFirstPaint(modules: string[], id: string) {
  const d = document;
  let started = false;
  function start() {
    if (started) return;
    started = true;
    for (const href of modules) {
      const link = d.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      d.head.appendChild(link);
    }
    const script = d.createElement('script');
    script.type = 'module';
    script.textContent = d.getElementById(id)!.textContent;
    d.body.appendChild(script);
  }
  if (d.visibilityState !== 'visible') return start();
  d.addEventListener('visibilitychange', start);
  setTimeout(start, 3000);
  const types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes || [] : [];
  if (types.indexOf('paint') < 0) return addEventListener('load', start);
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      // After the paint's task, so that the fetches do not delay the frame being presented.
      setTimeout(start, 0);
    }
  }).observe({ type: 'paint', buffered: true });
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script type="module"[^>]*>([\s\S]*?)<\/script>/;

/**
 * Rewrites a server-rendered document so that its scripts load after the first paint (see above).
 * A document without React Router's module script (none is expected) is returned unchanged.
 */
export function loadScriptsAfterPaint(html: string): string {
  const boot = MODULE_SCRIPT.exec(html);
  if (!boot) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const starter = `(${startAfterFirstPaint.toString()})(${JSON.stringify(modules)}, ${JSON.stringify(BOOT_SCRIPT_ID)})`;
  const replacement = `<script type="text/plain" id="${BOOT_SCRIPT_ID}">${boot[1]}</script><script>${starter}</script>`;
  // A function as the replacement: `$` sequences in the script must stay as they are.
  return html.replace(MODULE_SCRIPT, () => replacement).replace(MODULE_PRELOAD, '');
}
