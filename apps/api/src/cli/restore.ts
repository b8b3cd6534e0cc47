import { bytes, runCli } from '../backup/cli';
import { restoreBackup } from '../backup/restore';

/**
 * npm run restore -- FILE    restores a backup of `npm run backup` into an empty database and DATA_DIR
 * (decision 045), after checking every checksum of its manifest; then counts the rows against it.
 * Same configuration as the server (DATA_DIR, DATABASE_URL).
 */
runCli(
  'Usage: npm run restore -- FILE.tar.gz   (into an empty database and DATA_DIR; the server stopped)',
  async (config, file) => {
    const { manifest, rows, files, fileBytes } = await restoreBackup(config, file);
    const target = config.database.dialect === 'sqlite' ? config.database.file : 'the PostgreSQL database of DATABASE_URL';
    console.log(`Restored ${file} (made ${manifest.createdAt} by version ${manifest.appVersion}):`);
    console.log(
      `  database: ${target}, migration ${manifest.migration}, ${Object.keys(manifest.tables).length} tables, ${rows} rows: every count as in the manifest`,
    );
    console.log(`  files: ${files} (${bytes(fileBytes)}) into ${config.dataDir}, every checksum as in the manifest`);
    console.log('Start the server (npm start): it applies any newer migrations first.');
  },
);
