import { z } from 'zod';
import { vitalNames, vitalRatings } from './constants';

export { vitalNames, vitalRatings, type VitalName } from './constants';

/** What the web-vitals library measured on one page view, one entry per metric (its latest value). */
const metric = <N extends (typeof vitalNames)[number]>(name: N, max: number) =>
  z.object({
    name: z.literal(name),
    /** Milliseconds for LCP and INP; the unitless layout-shift score for CLS. */
    value: z.number().min(0).max(max),
    rating: z.enum(vitalRatings),
    /** The library's id of this metric on this page view (repeated reports of one view share it). */
    id: z.string().min(1).max(64),
    navigation_type: z.enum([
      'navigate',
      'reload',
      'back-forward',
      'back-forward-cache',
      'prerender',
      'restore',
      'soft-navigation',
    ]),
  });

export const vitalMetricSchema = z.discriminatedUnion('name', [
  metric('LCP', 600_000),
  metric('INP', 600_000),
  metric('CLS', 100),
]);
export type VitalMetric = z.infer<typeof vitalMetricSchema>;

/** POST /api/vitals: the body a sampled page view sends when it is hidden or left. */
export const vitalsReportSchema = z
  .object({
    /** The React Router route id of the page the document was loaded on (e.g. `routes/product-details`). */
    route: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_\-/.]+$/, 'The route is a route id.'),
    metrics: z
      .array(vitalMetricSchema)
      .min(1)
      .max(vitalNames.length)
      .refine((list) => new Set(list.map((m) => m.name)).size === list.length, 'Each metric at most once.'),
  })
  .strict();
export type VitalsReport = z.infer<typeof vitalsReportSchema>;
