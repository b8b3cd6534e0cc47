#!/usr/bin/env node
// Writes a brotli (quality 11) and a gzip (level 9) copy next to every compressible file of the client
// build, so the server sends those bytes as they are (@fastify/static `preCompressed`) instead of
// compressing each response at the fast, weaker settings an on-the-fly compressor has to use.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const root = join(import.meta.dirname, '..', 'build', 'client');
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
const jobs = [];
for await (const file of files(root)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  jobs.push(
    (async () => {
      const data = await readFile(file);
      const [b, g] = await Promise.all([
        br(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, b), writeFile(`${file}.gz`, g)]);
      count++;
      before += data.length;
      after += b.length;
    })(),
  );
}
await Promise.all(jobs);
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
