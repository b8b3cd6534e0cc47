import path from 'node:path';
import { loadConfig } from '../config';
import { createDb } from '../db';
import { migrateToLatest } from '../db/migrations';
import { createShopStatusService } from '../modules/admin-shops';
import type { Actor } from '../modules/audit';
import { createSettingsService } from '../modules/settings';
import { createApplicationService, createLogoProcessor } from '../modules/sellers';
import { createNotifications } from '../modules/notifications';

/** Who the audit log names for an approval from the command line (no operator account is signed in). */
const COMMAND_LINE: Actor = { role: 'operator', id: 0, name: 'npm run shop:approve', shopId: null, ip: null };

/**
 * npm run shop:approve -- <id>   approves the pending shop <id>: it appears to shoppers and its seller may sign in.
 * npm run shop:approve           lists the shops waiting for approval.
 * Uses the same configuration (DATABASE_URL, DATA_DIR, MAIL_*) as the server, and the operator console's
 * shop status service: the same rules, audit entry (`shop.approve`) and e-mail to the seller (written to the
 * outbox: a running server sends it, decision 046).
 */
async function main(args: string[]): Promise<number> {
  // Relative paths (DATA_DIR=./data) mean the project's folder, as for `npm start` (npm runs this in apps/api).
  process.chdir(path.resolve(import.meta.dirname, '../../../..'));
  const config = loadConfig();
  const { db, dialect } = createDb(config.database);
  try {
    await migrateToLatest(db, dialect);
    const applications = createApplicationService({
      db,
      uploadsDir: path.join(config.dataDir, 'uploads'),
      processLogo: createLogoProcessor(config.accounts.photo),
      now: config.now,
    });
    const settings = createSettingsService(db, config);
    const status = createShopStatusService({
      db,
      now: config.now,
      // The seller's e-mail goes into the outbox; the server's worker sends it (now, or at its next start).
      notify: createNotifications({
        enabled: config.notifications.enabled,
        publicUrl: config.publicUrl,
        now: config.now,
        siteName: async (locale) => (await settings.master(locale)).app_name,
      }).prepare,
    });
    const arg = args.find((a) => a !== '--');
    if (arg === undefined) {
      const pending = await applications.pending();
      if (!pending.length) console.log('No shop is waiting for approval.');
      for (const s of pending) {
        console.log(
          `${s.id}\t${s.name} / ${s.name_ar ?? ''}\t${s.owner ?? ''} <${s.email ?? ''}> ${s.phone ?? ''}\tapplied ${s.applied_at ?? ''}`,
        );
      }
      if (pending.length) console.log('\nApprove one with: npm run shop:approve -- <id>');
      return 0;
    }
    if (!/^\d{1,10}$/.test(arg)) {
      console.error(`Not a shop id: ${arg}`);
      return 2;
    }
    const result = await status.change(Number(arg), 'approve', null, COMMAND_LINE);
    if (result.kind === 'not_found') {
      console.error(`No shop has the id ${arg}.`);
      return 1;
    }
    if (result.kind === 'conflict') {
      console.error(`Shop ${arg} is not waiting for approval. ${result.message}`);
      return 1;
    }
    console.log(
      `Shop ${result.id} (${result.name}) is approved: it is open to shoppers and its seller can sign in (the server e-mails them).`,
    );
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
