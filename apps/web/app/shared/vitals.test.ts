import type { Metric } from 'web-vitals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collect, reportVitals } from './vitals';

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

const metric = (name: 'LCP' | 'INP' | 'CLS', value: number): Metric =>
  ({ name, value, rating: 'good', id: `v6-${name}`, navigationType: 'navigate', delta: value, entries: [] }) as unknown as Metric;

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('reportVitals', () => {
  it('samples page views at the announced rate, and none at 0; a sampled one loads the library when idle', () => {
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: vi.fn() });
    // Held, not run: the library itself is not loaded in this test.
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    expect(reportVitals(0, 'routes/home', () => 0)).toBe(false);
    expect(reportVitals(0.25, 'routes/home', () => 0.3)).toBe(false);
    expect(idle).not.toHaveBeenCalled();
    expect(reportVitals(0.25, 'routes/home', () => 0.2)).toBe(true);
    expect(reportVitals(1, 'routes/home', () => 0.999)).toBe(true);
    // The document has loaded (jsdom): each sampled view waits for an idle moment.
    expect(idle).toHaveBeenCalledTimes(2);
  });
});

describe('collect', () => {
  it('sends the latest value of each metric in one beacon when the page is hidden, in the API’s shape', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    const callbacks: Record<string, (m: Metric) => void> = {};
    collect(
      {
        onLCP: (cb) => void (callbacks.LCP = cb as (m: Metric) => void),
        onINP: (cb) => void (callbacks.INP = cb as (m: Metric) => void),
        onCLS: (cb) => void (callbacks.CLS = cb as (m: Metric) => void),
      },
      'routes/product-details',
    );
    callbacks.LCP!(metric('LCP', 1200));
    callbacks.CLS!(metric('CLS', 0.01));
    callbacks.CLS!(metric('CLS', 0.02));
    callbacks.INP!(metric('INP', 88));
    // Still visible: nothing sent.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sendBeacon).not.toHaveBeenCalled();
    hide();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/vitals');
    expect(blob.type).toBe('application/json');
    // (jsdom's Blob has no text(): read it as a browser would with FileReader.)
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    // The body POST /api/vitals accepts (vitalsReportSchema; the API's tests check the schema).
    expect(JSON.parse(text)).toEqual({
      route: 'routes/product-details',
      metrics: [
        { name: 'LCP', value: 1200, rating: 'good', id: 'v6-LCP', navigation_type: 'navigate' },
        { name: 'CLS', value: 0.02, rating: 'good', id: 'v6-CLS', navigation_type: 'navigate' },
        { name: 'INP', value: 88, rating: 'good', id: 'v6-INP', navigation_type: 'navigate' },
      ],
    });
    // Nothing new: nothing more is sent when hidden again.
    hide();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});
