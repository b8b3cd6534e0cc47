import type { VitalMetric, VitalsReport } from '@souq/contracts';
import type { Metric, onCLS, onINP, onLCP } from 'web-vitals';

/**
 * Field measurements (README "Configuration", VITALS_SAMPLE_RATE): a share of page views, announced by
 * /master as `vitals_sample_rate`, loads the `web-vitals` library once the page has loaded and the main
 * thread is idle (never in the first load's critical path), and sends the landing route's LCP, INP and
 * CLS to POST /api/vitals when the page is hidden (left, closed or put in the background: the library
 * reports its values then), as the library's documentation recommends.
 */
export function reportVitals(rate: number, route: string, random: () => number = Math.random): boolean {
  if (!(rate > 0) || random() >= rate || typeof navigator.sendBeacon !== 'function') return false;
  const start = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(() => void import('web-vitals').then((lib) => collect(lib, route)));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return true;
}

interface Library {
  onCLS: typeof onCLS;
  onINP: typeof onINP;
  onLCP: typeof onLCP;
}

export function collect({ onCLS, onINP, onLCP }: Library, route: string) {
  const pending = new Map<string, VitalMetric>();
  const add = (m: Metric) =>
    pending.set(m.name, {
      name: m.name as VitalMetric['name'],
      value: m.value,
      rating: m.rating,
      id: m.id,
      navigation_type: m.navigationType,
    } as VitalMetric);
  onLCP(add);
  onINP(add);
  onCLS(add);
  // Registered after the library's own listeners, so the values it reports on hiding are in this batch.
  const flush = () => {
    if (document.visibilityState !== 'hidden' || pending.size === 0) return;
    const report: VitalsReport = { route, metrics: [...pending.values()] };
    pending.clear();
    navigator.sendBeacon('/api/vitals', new Blob([JSON.stringify(report)], { type: 'application/json' }));
  };
  document.addEventListener('visibilitychange', flush);
}
