import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../src/db/index';

/**
 * What every seeding step gets. Its own file: the steps import it, and index.ts imports the steps, so
 * declared in index.ts it made each step and index.ts import each other.
 */
export interface SeedContext {
  db: Db;
  dialect: Dialect;
  /** Folder where generated demo images are written (served at /uploads/). */
  uploadsDir: string;
  log: Pick<FastifyBaseLogger, 'info'>;
}
