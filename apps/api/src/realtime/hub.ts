/**
 * The sockets this process holds, by channel, and the delivery of an event to them. The embedded
 * Pusher-protocol server (pusher-server.ts) adds and removes connections; the Broadcaster delivers.
 */
export interface HubConnection {
  socketId: string;
  channels: Set<string>;
  /** Sends one frame (already JSON). Returns false when the connection could not take it. */
  send(frame: string): boolean;
  /** Closes the socket asking its client to reconnect at once (and so to authorise its channels again). */
  reconnect(): void;
}

export interface Hub {
  add(connection: HubConnection): void;
  remove(connection: HubConnection): void;
  subscribe(connection: HubConnection, channel: string): void;
  unsubscribe(connection: HubConnection, channel: string): void;
  /** Sends `event` with `data` (a JSON string, as the Pusher protocol carries it) to every subscriber here. */
  deliver(channels: readonly string[], event: string, data: string, exceptSocketId?: string): number;
  /** Connections held now, and channels with at least one subscriber. */
  stats(): { connections: number; channels: number };
  connections(): IterableIterator<HubConnection>;
  /** The connections subscribed to a channel here now. */
  subscribers(channel: string): HubConnection[];
}

export function createHub(): Hub {
  const all = new Set<HubConnection>();
  const byChannel = new Map<string, Set<HubConnection>>();
  return {
    add(c) {
      all.add(c);
    },
    remove(c) {
      all.delete(c);
      for (const channel of c.channels) {
        const set = byChannel.get(channel);
        set?.delete(c);
        if (set?.size === 0) byChannel.delete(channel);
      }
      c.channels.clear();
    },
    subscribe(c, channel) {
      c.channels.add(channel);
      let set = byChannel.get(channel);
      if (!set) byChannel.set(channel, (set = new Set()));
      set.add(c);
    },
    unsubscribe(c, channel) {
      c.channels.delete(channel);
      const set = byChannel.get(channel);
      set?.delete(c);
      if (set?.size === 0) byChannel.delete(channel);
    },
    deliver(channels, event, data, exceptSocketId) {
      let sent = 0;
      for (const channel of channels) {
        const set = byChannel.get(channel);
        if (!set) continue;
        const frame = JSON.stringify({ event, channel, data });
        for (const c of set) if (c.socketId !== exceptSocketId && c.send(frame)) sent++;
      }
      return sent;
    },
    stats: () => ({ connections: all.size, channels: byChannel.size }),
    connections: () => all.values(),
    subscribers: (channel) => [...(byChannel.get(channel) ?? [])],
  };
}
