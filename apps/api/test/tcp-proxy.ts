import net from 'node:net';

/**
 * A TCP proxy on a loopback port to a real server (PostgreSQL), which a test can take down, make hang
 * or bring back: the database "goes away" for the app exactly as over a network, with nothing mocked.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: 'up' | 'hang' = 'up';
  let server: net.Server | null = null;
  let port = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        track(client);
        if (mode === 'hang') return; // accepted, never answered
        const upstream = net.connect(target.port, target.host);
        track(upstream);
        client.pipe(upstream).on('error', () => undefined);
        upstream.pipe(client).on('error', () => undefined);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    /** Closes every connection and refuses new ones (ECONNREFUSED), as a stopped server does. */
    async down() {
      const s = server;
      server = null;
      dropConnections();
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    /** Closes every connection; new ones are accepted but never answered (a server that stopped responding). */
    async hang() {
      mode = 'hang';
      dropConnections();
      if (!server) await listen();
    },
    /** Forwards again, on the same port. */
    async up() {
      mode = 'up';
      dropConnections();
      if (!server) await listen();
    },
    async close() {
      await this.down();
    },
  };
}
