import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { BackupError } from './manifest';

/** 12.3 MB, for the summaries. */
export function bytes(n: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${i ? v.toFixed(1) : v} ${units[i]}`;
}

/**
 * Runs a backup or restore command line: the file argument is resolved against the folder npm was run
 * from (INIT_CWD; npm runs workspace scripts in apps/api), the configuration is read as the server reads
 * it (relative DATA_DIR meaning the project's folder, as for `npm start`). A refusal prints its message
 * and exits 1; a wrong call prints the usage and exits 2.
 */
export function runCli(usage: string, run: (config: ReturnType<typeof loadConfig>, file: string) => Promise<void>): void {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(usage);
    process.exit(2);
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  process.chdir(path.resolve(import.meta.dirname, '../../../..'));
  const main = async () => run(loadConfig(), file);
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
      else console.error(error);
      process.exit(1);
    },
  );
}
