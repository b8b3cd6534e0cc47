import sharp from 'sharp';
import { createSemaphore, SemaphoreBusyError } from './semaphore';

/** How long an upload may wait for its turn before it is refused as busy. */
const QUEUE_TIMEOUT_MS = 15_000;

export interface UploadedImageOptions {
  /** Decodings at once, and uploads waiting for one; beyond, `busy()`. */
  concurrency: number;
  queueLimit: number;
  /** Largest width and height accepted: a small compressed file can hold a huge flat image (decompression bomb). */
  maxSide: number;
  /** Largest width × height accepted (read from the header too); default maxSide². */
  maxPixels?: number;
  /** The stored image, from the decoded and upright upload (resize, flatten, encode). */
  render: (image: sharp.Sharp) => sharp.Sharp;
  /** Not a JPEG, PNG or WebP image, or one that does not decode (a 422). */
  badType: () => Error;
  /** Wider or taller than `maxSide` (a 422). */
  tooLarge: (width: number | undefined, height: number | undefined) => Error;
  /** The queue is full or the wait too long (a 503). */
  busy: () => Error;
}

/**
 * Turns uploaded pictures (a profile photo, a shop's logo) into the stored image. The type and the
 * dimensions are read from the file's header first, never from its name or Content-Type, and nothing
 * is decoded before they pass: anything but JPEG, PNG or WebP, or larger than `maxSide` on a side, is
 * refused. Decoding then runs through a bounded queue, so a burst of uploads cannot take the memory and
 * CPU the catalogue needs.
 */
export function createUploadedImageProcessor(options: UploadedImageOptions) {
  const queue = createSemaphore(options.concurrency, options.queueLimit, QUEUE_TIMEOUT_MS);
  const max = options.maxSide;
  const maxPixels = options.maxPixels ?? max * max;

  async function process(buffer: Buffer): Promise<Buffer> {
    let meta: sharp.Metadata;
    try {
      meta = await sharp(buffer).metadata();
    } catch {
      throw options.badType();
    }
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp') throw options.badType();
    if (!meta.width || !meta.height || meta.width > max || meta.height > max || meta.width * meta.height > maxPixels)
      throw options.tooLarge(meta.width, meta.height);
    try {
      return await queue.run(async () => {
        try {
          return await options.render(sharp(buffer, { limitInputPixels: maxPixels, pages: 1 }).rotate()).toBuffer();
        } catch {
          throw options.badType();
        }
      });
    } catch (error) {
      if (error instanceof SemaphoreBusyError) throw options.busy();
      throw error;
    }
  }

  return {
    process,
    get running() {
      return queue.running;
    },
    get waiting() {
      return queue.waiting;
    },
  };
}
