import { describe, expect, it } from 'vitest';
import { mergeMessages, type ShownMessage } from './conversation';
import { socketOptions } from './realtime';

const msg = (id: number, at: string, extra: Partial<ShownMessage> = {}): ShownMessage => ({
  id,
  message: `m${id}`,
  type: 'user',
  created_at: at,
  user: { id: 1, name: 'Salim', profile_photo: null },
  shop: { id: 2, name: 'Shop', logo: null },
  product: null,
  shop_active_status: false,
  ...extra,
});

describe('mergeMessages', () => {
  it('orders oldest first, keeps each id once (the newer copy), and keeps messages being sent last', () => {
    const shown = [msg(2, '2026-01-01T10:01:00Z'), msg(-1, '2026-01-01T10:05:00Z', { state: 'sending' })];
    const page = [msg(3, '2026-01-01T10:02:00Z'), msg(2, '2026-01-01T10:01:00Z', { message: 'edited' }), msg(1, '2026-01-01T10:00:00Z')];
    const merged = mergeMessages(shown, page);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, -1]);
    expect(merged[1]!.message).toBe('edited');
  });
});

describe('socketOptions', () => {
  const master = { pusher_app_key: 'k', pusher_app_cluster: 'local', pusher_host: null, pusher_port: null, pusher_tls: false };
  it("uses the page's own origin when the settings name no host", () => {
    expect(socketOptions(master, { hostname: 'souq.om', port: '', protocol: 'https:' })).toEqual({
      wsHost: 'souq.om',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
    });
    expect(socketOptions(master, { hostname: 'localhost', port: '4100', protocol: 'http:' })).toMatchObject({
      wsHost: 'localhost',
      wsPort: 4100,
      forceTLS: false,
    });
  });
  it('uses the configured host, port and TLS otherwise', () => {
    expect(
      socketOptions({ ...master, pusher_host: 'ws.souq.om', pusher_port: 6001, pusher_tls: true }, {
        hostname: 'souq.om',
        port: '',
        protocol: 'https:',
      }),
    ).toEqual({ wsHost: 'ws.souq.om', wsPort: 6001, wssPort: 6001, forceTLS: true });
  });
});
