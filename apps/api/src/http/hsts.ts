/**
 * Strict-Transport-Security, only when the site is served over https (decision 043): on http it would be
 * ignored, and on a developer's http://localhost it says nothing true. One value for the HTTP answers
 * (helmet, app.ts) and the realtime server's upgrades and refusals.
 */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true } as const;

export const servedOverHttps = (publicUrl: string) => publicUrl.startsWith('https:');

/** The header's value for a site at `publicUrl`, or null over http. */
export function hstsValue(publicUrl: string): string | null {
  if (!servedOverHttps(publicUrl)) return null;
  return `max-age=${HSTS.maxAge}${HSTS.includeSubDomains ? '; includeSubDomains' : ''}`;
}
