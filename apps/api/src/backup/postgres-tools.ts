import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './manifest';

export type PgTool = 'pg_dump' | 'pg_restore';

/** How to get PostgreSQL's client tools, for the message of a missing one. */
export const INSTALL_HINT =
  "install PostgreSQL's client tools, of the server's major version or newer (Debian/Ubuntu: `apt-get install postgresql-client`; " +
  'Alpine: `apk add postgresql-client`; macOS: `brew install libpq`), or set PG_BIN_DIR to the folder that holds pg_dump and pg_restore';

/**
 * The path of `tool`: in `binDir` (PG_BIN_DIR) when given, else the first one on PATH. A missing tool
 * is a BackupError naming what to install.
 */
export function findPgTool(tool: PgTool, binDir: string | undefined, envPath = process.env.PATH ?? ''): string {
  const dirs = binDir ? [binDir] : envPath.split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    const file = path.join(dir, tool);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  const where = binDir ? `in PG_BIN_DIR (${binDir})` : 'on PATH';
  throw new BackupError(`${tool} was not found ${where}: ${INSTALL_HINT}.`);
}

/**
 * libpq's connection settings for a postgres:// URL, the password apart (handed over in PGPASSWORD,
 * so that it never shows in the process list).
 */
export function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env };
}

/** Runs a client tool; resolves with its output, rejects with a BackupError quoting its errors when it fails. */
export function runPgTool(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      if (stdout.length < 20_000) stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 20_000) stderr += c.toString();
    });
    child.on('error', (error) => reject(new BackupError(`${path.basename(file)} could not be started: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new BackupError(
            `${path.basename(file)} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}` +
              (/version mismatch/i.test(stderr) ? `\n  ${INSTALL_HINT}.` : ''),
          ),
        );
    });
  });
}
