import sharp from 'sharp';
import { HttpError, validationError } from '../../http/route';
import { createSemaphore, SemaphoreBusyError } from '../../shared/semaphore';

export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PHOTO_SIZE = 256;
/** Largest width and height accepted: a small compressed file can hold a huge flat image (decompression bomb). */
export const PROFILE_PHOTO_MAX_SIDE = 4096;
/** How long an upload may wait for its turn before it is answered 503. */
const QUEUE_TIMEOUT_MS = 15_000;
export const PHOTO_RETRY_AFTER_SECONDS = 2;

/** The queue of photo decoding is full (or the wait too long): the route answers 503 with Retry-After. */
export class PhotoBusyError extends HttpError {
  constructor() {
    super(503, 'Too many photos are being processed. Please try again shortly.');
  }
}

const badType = () =>
  validationError({ profile_photo: ['The profile photo field must be a file of type: jpg, jpeg, png, webp.'] });

/**
 * Turns uploads into the 256×256 WebP profile photo. The format and the dimensions are read from the
 * file's header first (nothing is decoded): anything but JPEG, PNG or WebP, or larger than 4096×4096,
 * is refused with 422. Decoding then runs through a bounded queue: at most `concurrency` at once,
 * `queueLimit` waiting; beyond, PhotoBusyError (503), so a burst of uploads cannot take the memory and
 * CPU the catalogue needs.
 */
export function createPhotoProcessor(limits: { concurrency: number; queueLimit: number }) {
  const queue = createSemaphore(limits.concurrency, limits.queueLimit, QUEUE_TIMEOUT_MS);

  async function process(buffer: Buffer): Promise<Buffer> {
    let meta: sharp.Metadata;
    try {
      meta = await sharp(buffer).metadata();
    } catch {
      throw badType();
    }
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp') throw badType();
    const max = PROFILE_PHOTO_MAX_SIDE;
    if (!meta.width || !meta.height || meta.width > max || meta.height > max) {
      throw validationError({
        profile_photo: [`The profile photo must be at most ${max}×${max} pixels (this one is ${meta.width}×${meta.height}).`],
      });
    }
    try {
      return await queue.run(async () => {
        try {
          return await sharp(buffer, { limitInputPixels: max * max, pages: 1 })
            .rotate()
            .resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: 'cover' })
            .webp({ quality: 82 })
            .toBuffer();
        } catch {
          throw badType();
        }
      });
    } catch (error) {
      if (error instanceof SemaphoreBusyError) throw new PhotoBusyError();
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

export type PhotoProcessor = ReturnType<typeof createPhotoProcessor>;
