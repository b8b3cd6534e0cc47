import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT_ID, loadScriptsAfterPaint, startAfterFirstPaint } from './scripts-after-paint';

const page = [
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/styles.css"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/vendor.js"/></head>',
  '<body><main>Hello</main><script>window.__ctx = {};</script>',
  '<script type="module" async="">import * as route0 from "/assets/root.js";\nwindow.x = "$&$1";\nimport("/assets/entry.client.js");</script>',
  '<script>window.__ctx.stream.enqueue("data")</script></body></html>',
].join('');

describe('loadScriptsAfterPaint', () => {
  const out = loadScriptsAfterPaint(page);

  it('drops the module preloads and keeps the module script inert, byte for byte', () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    const inert = new RegExp(`<script type="text/plain" id="${BOOT_SCRIPT_ID}">([\\s\\S]*?)</script>`).exec(out);
    expect(inert?.[1]).toBe('import * as route0 from "/assets/root.js";\nwindow.x = "$&$1";\nimport("/assets/entry.client.js");');
  });

  it('adds a starter that preloads the same modules, in place of the module script', () => {
    const starter = new RegExp(`id="${BOOT_SCRIPT_ID}">[\\s\\S]*?</script><script>([\\s\\S]*?)</script>`).exec(out)?.[1];
    expect(starter).toMatch(/^\(function startAfterFirstPaint|^\(function/);
    expect(starter).toContain('["/assets/entry.client.js","/assets/vendor.js"]');
    expect(starter).toContain('first-contentful-paint');
    // The rest of the document is untouched, in its order.
    expect(out.indexOf('window.__ctx = {}')).toBeLessThan(out.indexOf(BOOT_SCRIPT_ID));
    expect(out.indexOf(BOOT_SCRIPT_ID)).toBeLessThan(out.indexOf('enqueue("data")'));
    expect(out).toContain('<link rel="stylesheet" href="/assets/styles.css"/>');
  });

  it('leaves a document without a module script as it is', () => {
    const plain = '<!DOCTYPE html><html><body><p>x</p></body></html>';
    expect(loadScriptsAfterPaint(plain)).toBe(plain);
  });
});

describe('startAfterFirstPaint', () => {
  type Callback = (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void;
  let paint: Callback | undefined;
  let visibility: DocumentVisibilityState;
  const modules = () =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.getAttribute('href'));
  const started = () => document.querySelectorAll('script[type=module]').length;

  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = `<script type="text/plain" id="${BOOT_SCRIPT_ID}">import("/a.js")</script>`;
    paint = undefined;
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      constructor(cb: Callback) {
        paint = cb;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits for the first contentful paint, then preloads the modules and runs the module script once', () => {
    startAfterFirstPaint(['/a.js', '/b.js'], BOOT_SCRIPT_ID);
    expect(started()).toBe(0);
    paint!({ getEntriesByName: () => [] }, { disconnect() {} });
    vi.advanceTimersByTime(10);
    expect(started()).toBe(0);
    paint!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }, { disconnect() {} });
    expect(started()).toBe(0);
    vi.advanceTimersByTime(0);
    expect(modules()).toEqual(['/a.js', '/b.js']);
    expect(started()).toBe(1);
    expect(document.querySelector('script[type=module]')!.textContent).toBe('import("/a.js")');
    // The 3 s fallback does not start it a second time.
    vi.advanceTimersByTime(5000);
    expect(started()).toBe(1);
  });

  it('starts after 3 s when no paint is reported', () => {
    startAfterFirstPaint(['/a.js'], BOOT_SCRIPT_ID);
    vi.advanceTimersByTime(2999);
    expect(started()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(started()).toBe(1);
  });

  it('starts at once in a document that is not visible, and when one becomes hidden before its paint', () => {
    visibility = 'hidden';
    startAfterFirstPaint(['/a.js'], BOOT_SCRIPT_ID);
    expect(started()).toBe(1);

    document.querySelector('script[type=module]')!.remove();
    visibility = 'visible';
    startAfterFirstPaint(['/a.js'], BOOT_SCRIPT_ID);
    expect(started()).toBe(0);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(started()).toBe(1);
  });

  it('starts on load in a browser without paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    startAfterFirstPaint(['/a.js'], BOOT_SCRIPT_ID);
    expect(started()).toBe(0);
    window.dispatchEvent(new Event('load'));
    expect(started()).toBe(1);
  });
});
