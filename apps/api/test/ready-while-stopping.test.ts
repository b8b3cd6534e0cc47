import { expect, it } from 'vitest';
import { createTestApp } from './helpers';
import { listen } from './realtime-support';

/** GET /api/ready answers 503 from the moment the process starts stopping (decision 044), for a load balancer. */
it('answers /api/ready 503 once the stop has begun, while the listener is still open', async () => {
  const app = await createTestApp();
  // Holds the stop in its first step (as the realtime sockets' close handshakes do) until the check is made.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered = false;
  // In a plugin registered after the routes, as the realtime server's own hook is: run after the catalogue's.
  await app.register(async (child) =>
    child.addHook('preClose', async () => {
      entered = true;
      await held;
    }),
  );
  const port = await listen(app);
  const ready = () => fetch(`http://127.0.0.1:${port}/api/ready`, { headers: { connection: 'close' } });
  await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);
  const closing = app.close();
  await expect.poll(() => entered, { timeout: 10_000 }).toBe(true);
  const res = await ready();
  expect({ status: res.status, body: await res.json() }).toEqual({ status: 503, body: { ready: false } });
  release();
  await closing;
});
