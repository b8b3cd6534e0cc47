import { describe, expect, it } from 'vitest';
import { emptyLog, mergeMessages, withPage, type ShownMessage } from './conversation';
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
    const page = [
      msg(3, '2026-01-01T10:02:00Z'),
      msg(2, '2026-01-01T10:01:00Z', { message: 'edited' }),
      msg(1, '2026-01-01T10:00:00Z'),
    ];
    const merged = mergeMessages(shown, page);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, -1]);
    expect(merged[1]!.message).toBe('edited');
  });
});

describe('withPage (what a conversation shows as its pages come in)', () => {
  const page = (n: number, ...ids: number[]) => ({
    of: 'shop-2',
    page: n,
    messages: ids.map((id) => msg(id, `2026-01-01T10:${String(id).padStart(2, '0')}:00Z`)),
  });
  const ids = (log: ReturnType<typeof emptyLog>) => log.messages.map((m) => m.id);

  it('opens on page 1 (a full page may have more), then takes the older pages in order, stopping after a short one', () => {
    let log = withPage(emptyLog('shop-2'), page(1, 6, 5, 4), 3);
    expect([log.read, log.opened, log.pages, log.hasMore, ids(log)]).toEqual(['yes', 1, 1, true, [4, 5, 6]]);
    // A page that is not the next one (late, or of an earlier opening) is left out.
    expect(withPage(log, page(3, 1), 3)).toBe(log);
    log = withPage(log, page(2, 3, 2, 1), 3);
    expect([log.pages, log.hasMore, ids(log)]).toEqual([2, true, [1, 2, 3, 4, 5, 6]]);
    log = withPage(log, page(3), 3);
    expect([log.pages, log.hasMore]).toEqual([3, false]);
  });

  it('merges page 1 read again (a message arrived) without losing what was shown, and without opening again', () => {
    let log = withPage(withPage(emptyLog('shop-2'), page(1, 4, 3), 2), page(2, 2, 1), 2);
    log = withPage(log, page(1, 6, 5), 2);
    expect([ids(log), log.opened, log.pages]).toEqual([[1, 2, 3, 4, 5, 6], 1, 2]);
  });

  it("ignores another conversation's answers, and keeps what it shows when a page fails", () => {
    const log = withPage(emptyLog('shop-2'), page(1, 2, 1), 2);
    expect(withPage(log, { ...page(1, 9), of: 'shop-3' }, 2)).toBe(log);
    expect(withPage(log, { of: 'shop-2', page: 1, messages: null }, 2)).toBe(log);
    expect(withPage(log, { of: 'shop-2', page: 2, messages: null }, 2)).toMatchObject({ olderFailed: true, pages: 1 });
    expect(withPage(emptyLog('shop-2'), { of: 'shop-2', page: 1, messages: null }, 2).read).toBe('failed');
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
      socketOptions(
        { ...master, pusher_host: 'ws.souq.om', pusher_port: 6001, pusher_tls: true },
        {
          hostname: 'souq.om',
          port: '',
          protocol: 'https:',
        },
      ),
    ).toEqual({ wsHost: 'ws.souq.om', wsPort: 6001, wssPort: 6001, forceTLS: true });
  });
});
