import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from '@souq/contracts';
import sharp from 'sharp';
import { HttpError } from '../../http/route';
import { createSemaphore, SemaphoreBusyError } from '../../shared/semaphore';

/** An uploaded file as it arrived: the field's file name (as the sender named it) and its bytes. */
export interface IncomingFile {
  name: string;
  data: Buffer;
}

/** A checked and re-encoded file, ready to be written. */
export interface PreparedFile {
  kind: 'image' | 'pdf';
  mime: 'image/jpeg' | 'image/png' | 'application/pdf';
  name: string;
  data: Buffer;
  width: number | null;
  height: number | null;
}

/** A file written under DATA_DIR/private/support. */
export interface StoredFile extends Omit<PreparedFile, 'data'> {
  file: string;
  size: number;
}

export type SniffedType = 'jpeg' | 'png' | 'pdf';

/** Largest width and height of an image accepted (a small file can hold a huge flat image), and the side it is shrunk to. */
export const ATTACHMENT_MAX_SIDE = 8000;
const ATTACHMENT_MAX_PIXELS = 40_000_000;
const STORED_MAX_SIDE = 2560;
const QUEUE_TIMEOUT_MS = 15_000;

const TYPE_ERROR = 'must be a file of type: jpg, jpeg, png, pdf.';
export const tooManyFiles = () => `You may attach at most ${TICKET_MAX_FILES} files.`;
export const tooLarge = (name: string) =>
  `The attachment "${name}" must not be greater than ${TICKET_MAX_FILE_BYTES / 1024} kilobytes.`;

/**
 * The type of a file read from its first bytes (its "magic number"), never from its name or the
 * Content-Type the client sent: a JPEG starts FF D8 FF, a PNG with its 8-byte signature, a PDF with
 * `%PDF-`. Anything else (an executable renamed .pdf, an SVG, a GIF, HTML) is null.
 */
export function sniff(data: Buffer): SniffedType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 8 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  return null;
}

const EXTENSIONS: Record<SniffedType, string> = { jpeg: 'jpg', png: 'png', pdf: 'pdf' };

/**
 * The name a file is offered under: the sender's name without folders, control or invisible
 * characters and characters that are unsafe in a file name, at most 100 characters, and always the
 * extension of its real type (`invoice.exe` holding a PDF is offered as `invoice.pdf`).
 */
export function downloadName(original: string, type: SniffedType): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff"<>:|?*]/g, '')
    .replace(/\.[^.]{1,8}$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || 'attachment'}.${EXTENSIONS[type]}`;
}

/**
 * Checks, re-encodes and stores ticket attachments (decision 021). Images are decoded and written anew
 * (EXIF orientation applied, metadata such as GPS dropped, at most 2560 px a side) in a bounded queue,
 * so whatever else the file carried is gone; PDFs are stored as sent and only ever served as downloads.
 * Files live under `<dataDir>/private/support`, outside the public uploads.
 */
export function createAttachmentStore(dataDir: string, limits: { concurrency: number; queueLimit: number }) {
  const dir = path.join(dataDir, 'private', 'support');
  const queue = createSemaphore(limits.concurrency, limits.queueLimit, QUEUE_TIMEOUT_MS);

  async function reencode(file: IncomingFile, type: 'jpeg' | 'png'): Promise<PreparedFile | string> {
    let meta: sharp.Metadata;
    try {
      meta = await sharp(file.data).metadata();
    } catch {
      return `The attachment "${file.name}" is not a readable image.`;
    }
    if (meta.format !== type) return `The attachment "${file.name}" ${TYPE_ERROR}`;
    const { width = 0, height = 0 } = meta;
    if (
      !width ||
      !height ||
      width > ATTACHMENT_MAX_SIDE ||
      height > ATTACHMENT_MAX_SIDE ||
      width * height > ATTACHMENT_MAX_PIXELS
    ) {
      return `The image "${file.name}" must be at most ${ATTACHMENT_MAX_SIDE}×${ATTACHMENT_MAX_SIDE} pixels.`;
    }
    try {
      return await queue.run(async () => {
        try {
          const pipeline = sharp(file.data, { limitInputPixels: ATTACHMENT_MAX_PIXELS, pages: 1, failOn: 'error' })
            .rotate()
            .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
          const out =
            type === 'jpeg'
              ? await pipeline.jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true })
              : await pipeline.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
          return {
            kind: 'image' as const,
            mime: type === 'jpeg' ? ('image/jpeg' as const) : ('image/png' as const),
            name: downloadName(file.name, type),
            data: out.data,
            width: out.info.width,
            height: out.info.height,
          };
        } catch {
          return `The attachment "${file.name}" is not a readable image.`;
        }
      });
    } catch (error) {
      if (error instanceof SemaphoreBusyError)
        throw new HttpError(503, 'Too many files are being processed. Please try again shortly.');
      throw error;
    }
  }

  /**
   * Checks every file and prepares it. Answers the prepared files, or the problems (one message a
   * file) when any file is refused: nothing is stored then.
   */
  async function prepare(files: IncomingFile[]): Promise<{ files: PreparedFile[]; errors: string[] }> {
    const errors: string[] = [];
    const out: PreparedFile[] = [];
    if (files.length > TICKET_MAX_FILES) return { files: [], errors: [tooManyFiles()] };
    for (const f of files) {
      if (f.data.length > TICKET_MAX_FILE_BYTES) {
        errors.push(tooLarge(f.name));
        continue;
      }
      const type = sniff(f.data);
      if (!type) {
        errors.push(`The attachment "${f.name}" ${TYPE_ERROR}`);
        continue;
      }
      if (type === 'pdf') {
        out.push({
          kind: 'pdf',
          mime: 'application/pdf',
          name: downloadName(f.name, 'pdf'),
          data: f.data,
          width: null,
          height: null,
        });
        continue;
      }
      const prepared = await reencode(f, type);
      if (typeof prepared === 'string') errors.push(prepared);
      else out.push(prepared);
    }
    return errors.length ? { files: [], errors } : { files: out, errors };
  }

  /** Writes prepared files under random names; on a failure the ones written are removed again. */
  async function write(files: PreparedFile[]): Promise<StoredFile[]> {
    if (!files.length) return [];
    await fs.mkdir(dir, { recursive: true });
    const stored: StoredFile[] = [];
    try {
      for (const f of files) {
        const file = `${randomBytes(16).toString('hex')}.${f.kind === 'pdf' ? 'pdf' : f.mime === 'image/png' ? 'png' : 'jpg'}`;
        await fs.writeFile(path.join(dir, file), f.data, { flag: 'wx' });
        const { data, ...rest } = f;
        stored.push({ ...rest, file, size: data.length });
      }
    } catch (error) {
      await remove(stored.map((s) => s.file));
      throw error;
    }
    return stored;
  }

  async function remove(files: string[]) {
    for (const f of files) await fs.rm(path.join(dir, f), { force: true });
  }

  /** The path of a stored file (its name comes from the database: 32 hex digits and an extension). */
  function pathOf(file: string): string | null {
    return /^[a-f0-9]{32}\.(jpg|png|pdf)$/.test(file) ? path.join(dir, file) : null;
  }

  return { prepare, write, remove, pathOf };
}
export type AttachmentStore = ReturnType<typeof createAttachmentStore>;

/**
 * Short-lived signed links to attachments (decision 021). An <img> or a download link cannot carry the
 * Bearer token, so the answer that lists a file gives its viewer a link signed for that file and that
 * viewer's token: `/api/support-ticket/files/{id}?t={tokenId}&e={expiry}&s={signature}`. The link is
 * checked at each use: the signature, the expiry, that the token is still live (sign-out ends it), and
 * that its owner may still see the file. The expiry is rounded up to a ten-minute step, so the links
 * of one file stay the same for a while and browsers can reuse the image they already have.
 */
export function createFileSigner(secret: string, ttlMin: number, now: () => Date) {
  const key = createHmac('sha256', secret).update('souq:support-file-links').digest();
  const STEP_S = 600;
  const mac = (id: number, tokenId: number, exp: number) =>
    createHmac('sha256', key).update(`${id}.${tokenId}.${exp}`).digest('base64url').slice(0, 43);

  function sign(id: number, tokenId: number) {
    const exp = Math.ceil((now().getTime() / 1000 + ttlMin * 60) / STEP_S) * STEP_S;
    const url = `/api/support-ticket/files/${id}?t=${tokenId}&e=${exp}&s=${mac(id, tokenId, exp)}`;
    return { url, download_url: `${url}&download=1`, url_expires_at: new Date(exp * 1000).toISOString() };
  }

  /** The token the link was signed for, when the link is genuine and unexpired; else null. */
  function verify(id: number, query: { t?: string; e?: string; s?: string }): { tokenId: number; expiresAt: number } | null {
    const { t, e, s } = query;
    if (!t || !e || !s || !/^\d{1,10}$/.test(t) || !/^\d{1,12}$/.test(e) || !/^[A-Za-z0-9_-]{43}$/.test(s)) return null;
    const tokenId = Number(t);
    const exp = Number(e);
    if (exp * 1000 <= now().getTime()) return null;
    const want = Buffer.from(mac(id, tokenId, exp));
    const got = Buffer.from(s);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    return { tokenId, expiresAt: exp * 1000 };
  }

  return { sign, verify };
}
export type FileSigner = ReturnType<typeof createFileSigner>;
