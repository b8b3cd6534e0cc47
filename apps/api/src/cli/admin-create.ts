import path from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { loadConfig } from '../config';
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrations';
import { createOperator } from '../modules/admin';

/**
 * npm run admin:create -- --email E --name N    adds an operator of the console (BACKOFFICE.md "Roles").
 * The password is read from standard input (typed unseen at a terminal, or piped: `… < file`), never
 * from the command line (which other users and the shell's history can read). The customers' password
 * rules apply. Uses the same configuration (DATABASE_URL, DATA_DIR) as the server.
 */
const USAGE = 'Usage: npm run admin:create -- --email E --name N   (the password is read from standard input)';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

/** The first line of standard input; at a terminal, asked for without echoing what is typed. */
async function readPassword(): Promise<string> {
  const tty = process.stdin.isTTY === true;
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output: tty ? output : undefined, terminal: tty });
  if (tty) {
    process.stderr.write('Password: ');
    muted = true;
  }
  try {
    for await (const line of rl) return line.replace(/\r$/, '');
    return '';
  } finally {
    rl.close();
    if (tty) process.stderr.write('\n');
  }
}

async function main(args: string[]): Promise<number> {
  const email = option(args, '--email');
  const name = option(args, '--name');
  if (!email || !name) {
    console.error(USAGE);
    return 2;
  }
  const password = await readPassword();
  // Relative paths (DATA_DIR=./data) mean the project's folder, as for `npm start` (npm runs this in apps/api).
  process.chdir(path.resolve(import.meta.dirname, '../../../..'));
  const config = loadConfig();
  const { db, dialect } = createDb(config.database);
  try {
    await migrateToLatest(db, dialect);
    const result = await createOperator(db, { email, name, password }, config.now());
    if ('problems' in result) {
      for (const p of result.problems) console.error(p);
      return 1;
    }
    console.log(`Operator ${result.id} (${email.trim().toLowerCase()}) is created: they can sign in at /admin/login.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
