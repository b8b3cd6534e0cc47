import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { Header, Pax } from 'tar';
import { BackupError } from './manifest';

const BLOCK = 512;
const CHUNK = 1 << 20;

/**
 * Writes a gzip-compressed tar archive, one entry after the other, with tar's own header and PAX
 * encoders (decision 045). Unlike `tar.c`, which stats a file and then reads it, each file here is read
 * from one open descriptor for exactly the size it had when opened, and hashed from the very bytes that
 * go into the archive: a file still growing while a serving system is copied gives a consistent prefix,
 * and the manifest's checksum is always that of the archived bytes. Only the bytes of one chunk are held
 * in memory; the writes wait for the disk (backpressure).
 */
export class TarGzWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly done: Promise<void>;
  private failed: Error | null = null;

  constructor(file: string) {
    this.done = pipeline(this.gzip, fs.createWriteStream(file, { flags: 'wx' }));
    this.done.catch((error: Error) => (this.failed = error));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    if (!this.gzip.write(chunk)) await Promise.race([once(this.gzip, 'drain'), this.done]);
  }

  private async header(name: string, size: number, mtime: Date): Promise<void> {
    const fields = { path: name, type: 'File' as const, mode: 0o644, size, mtime };
    const header = new Header(fields);
    // encode() fills header.block and answers whether the fields need a PAX record (long or non-ASCII names).
    if (header.encode()) await this.write(new Pax(fields).encode());
    await this.write(header.block!);
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest));
  }

  /** Adds bytes held in memory (the manifest). */
  async addBuffer(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.header(name, data.length, mtime);
    await this.write(data);
    await this.pad(data.length);
  }

  /**
   * Adds a file from disk: its size is taken when it is opened, and that many bytes are archived.
   * Answers their size and SHA-256, or null when the file is gone (deleted since it was listed).
   */
  async addFile(name: string, file: string): Promise<{ size: number; sha256: string } | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const stat = await handle.stat();
      const size = stat.size;
      const hash = createHash('sha256');
      await this.header(name, size, stat.mtime);
      let position = 0;
      while (position < size) {
        const buffer = Buffer.allocUnsafe(Math.min(CHUNK, size - position));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
        if (bytesRead === 0)
          throw new BackupError(`${file} became shorter while it was copied (rewritten in place?): run the backup again.`);
        const chunk = bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead);
        hash.update(chunk);
        await this.write(chunk);
        position += bytesRead;
      }
      await this.pad(size);
      return { size, sha256: hash.digest('hex') };
    } finally {
      await handle.close();
    }
  }

  /** Writes the end-of-archive blocks and waits until everything is on disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
    this.gzip.end();
    await this.done;
  }

  /** Stops writing after a failure (the caller removes the partial file). */
  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.done.catch(() => undefined);
  }
}
