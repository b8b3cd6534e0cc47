import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import type { AppConfig } from '../config';

/**
 * The client's address of a WebSocket upgrade, read as Fastify reads a request's `ip` under the same
 * TRUST_PROXY (no proxy: the socket's address; a hop count or trusted addresses: the forwarded one).
 * Upgrades do not pass through Fastify's request, so the same library answers it here.
 */
export function upgradeClientIp(trust: AppConfig['trustProxy']): (req: IncomingMessage) => string {
  const trusted =
    trust === false
      ? () => false
      : typeof trust === 'number'
        ? (_addr: string, hop: number) => hop < trust
        : proxyaddr.compile(trust);
  return (req) => proxyaddr(req, trusted) || req.socket.remoteAddress || 'unknown';
}
