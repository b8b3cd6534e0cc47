import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../db';
import type { WorkerTask } from './search-index';
import { applyChanges, buffersOf, readCatalogue } from './search-index-data';

/**
 * A worker thread that reads a large catalogue for the search index (search-index.ts), or the products
 * changed since an index, on a connection of its own, so that the server's thread goes on answering; the
 * arrays are shared with it (shared memory), not copied.
 */
const { database, old, changed, lastChange } = workerData as WorkerTask;
// Background work: this thread gives way to the server's (Linux: the lowest priority for this thread alone,
// found through /proc/thread-self; elsewhere it runs at the process's priority).
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // Not Linux, or not allowed: same priority as the server.
}
const { db } = createDb(database);
try {
  const data = old ? await applyChanges(db, old, changed ?? [], lastChange ?? old.lastChange) : await readCatalogue(db);
  parentPort!.postMessage({ data }, buffersOf(data));
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  await db.destroy();
}
