import { createBackup } from '../backup/backup';
import { bytes, runCli } from '../backup/cli';

/**
 * npm run backup -- FILE    a consistent copy of the running system in one .tar.gz (decision 045): the
 * database (SQLite's online backup, or pg_dump), DATA_DIR/uploads and DATA_DIR/private, and a manifest
 * with row counts and checksums. Safe while the server is serving. Same configuration as the server.
 */
runCli('Usage: npm run backup -- FILE.tar.gz   (a new file; the server may keep running)', async (config, file) => {
  const started = Date.now();
  const { manifest, bytes: size, vanished, skipped } = await createBackup(config, file);
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  const fileBytes = manifest.files.reduce((a, f) => a + f.size, 0);
  console.log(`Backup written to ${file} (${bytes(size)}, ${((Date.now() - started) / 1000).toFixed(1)} s):`);
  console.log(
    `  database: ${manifest.dialect}, migration ${manifest.migration}, ${Object.keys(manifest.tables).length} tables, ${rows} rows`,
  );
  console.log(`  files: ${manifest.files.length} (${bytes(fileBytes)}) from uploads/ and private/`);
  if (vanished.length)
    console.log(
      `  ${vanished.length} files were deleted while the backup ran and are not in it: ${vanished.slice(0, 5).join(', ')}`,
    );
  if (skipped.length)
    console.log(`  ${skipped.length} entries that are not regular files were left out: ${skipped.slice(0, 5).join(', ')}`);
  console.log(
    'Keep a copy off this machine, and try a restore now and then (npm run restore -- FILE into an empty DATA_DIR/database).',
  );
});
