import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a backup archive holds (decision 045): `manifest.json` describes the rest. Entries are the
 * database (`database/storefront.sqlite`, or `database/storefront.pgdump` in pg_dump's custom format)
 * and the files of DATA_DIR's `uploads/` and `private/` folders under the same names.
 */
export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'souq-backup';
export const FORMAT_VERSION = 1;
/** The folders of DATA_DIR a backup carries: public uploads, and private files (support-ticket attachments). */
export const FILE_FOLDERS = ['uploads', 'private'] as const;

const entry = z.object({
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().min(1),
  /** When the database's copy was started (its snapshot is of that moment). */
  createdAt: z.string(),
  appVersion: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** The last migration applied to the database when it was copied. */
  migration: z.string().min(1),
  /** Rows of every table in the copy, by table name (`schema.table` outside PostgreSQL's `public`). */
  tables: z.record(z.string(), z.number().int().min(0)),
  database: entry.extend({ tool: z.string() }),
  files: z.array(entry),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entry>;

/** A refusal or failure the command lines print as one clear line (no stack) and exit 1 with. */
export class BackupError extends Error {}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The size and SHA-256 of a file, read as a stream (database copies can be large). */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** This code's version: the root package's. */
export function appVersion(): string {
  const file = path.resolve(import.meta.dirname, '../../../../package.json');
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Every regular file under `root` (relative paths with `/`), sorted; other kinds (links, sockets) are skipped. */
export async function listFiles(root: string): Promise<{ files: string[]; skipped: string[] }> {
  const files: string[] = [];
  const skipped: string[] = [];
  async function walk(dir: string, rel: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), r);
      else if (e.isFile()) files.push(r);
      else skipped.push(r);
    }
  }
  await walk(root, '');
  return { files, skipped };
}
