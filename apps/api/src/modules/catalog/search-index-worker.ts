import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { AppConfig } from '../../config';
import { createDb } from '../../db';
import { buffersOf, readCatalogue } from './search-index-data';

/**
 * A worker thread that reads a large catalogue for the search index (search-index.ts) on a connection of
 * its own, so that the server's thread goes on answering; the arrays are transferred, not copied.
 */
const { database } = workerData as { database: AppConfig['database'] };
// Background work: this thread gives way to the server's (Linux: the lowest priority for this thread alone,
// found through /proc/thread-self; elsewhere it runs at the process's priority).
try {
  os.setPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // Not Linux, or not allowed: same priority as the server.
}
const { db } = createDb(database);
try {
  const data = await readCatalogue(db);
  parentPort!.postMessage({ data }, buffersOf(data));
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) });
} finally {
  await db.destroy();
}
