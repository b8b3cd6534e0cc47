/**
 * What the page server (apps/api/src/web.ts) hands the web app's server loaders as their load context,
 * and the web app declares as React Router's `AppLoadContext` (apps/web/app/shared/api.ts): one type on
 * both sides, so no loader casts it. Types only: the browser bundle may import it.
 */
export interface WebLoadContext {
  /**
   * Calls the API over its HTTP contract: in one process through Fastify's in-process injection (same
   * routing, hooks and serialisation as a socket, without the socket); with API_URL over the network.
   */
  apiFetch(pathAndQuery: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
  /** The site's public origin (PUBLIC_URL): the only source of absolute URLs in pages. */
  origin: string;
  /** This render's Content-Security-Policy nonce: React Router puts it on every script it renders. */
  nonce: string;
}
