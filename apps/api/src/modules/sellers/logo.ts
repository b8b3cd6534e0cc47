import { SHOP_LOGO_MAX_SIDE } from '@souq/contracts/constants';
import sharp from 'sharp';
import { HttpError, validationError } from '../../http/route';
import { createSemaphore, SemaphoreBusyError } from '../../shared/semaphore';

/** Side of the stored logo (square, WebP): twice the largest slot a logo fills on the storefront. */
export const SHOP_LOGO_SIZE = 320;
const QUEUE_TIMEOUT_MS = 15_000;

const badType = () => validationError({ logo: ['The logo field must be an image of type: jpg, jpeg, png, webp.'] });

/**
 * Turns an uploaded logo into the stored 320×320 WebP. The type is read from the file's content (its
 * header), never from its name or Content-Type: anything but JPEG, PNG or WebP, or larger than
 * 4096×4096 (a small file can hold a huge flat image), is refused with 422 before any decoding.
 * Decoding runs through a small bounded queue (503 beyond it), as profile photos do.
 */
export function createLogoProcessor(limits: { concurrency: number; queueLimit: number }) {
  const queue = createSemaphore(limits.concurrency, limits.queueLimit, QUEUE_TIMEOUT_MS);
  return async function process(buffer: Buffer): Promise<Buffer> {
    let meta: sharp.Metadata;
    try {
      meta = await sharp(buffer).metadata();
    } catch {
      throw badType();
    }
    if (meta.format !== 'jpeg' && meta.format !== 'png' && meta.format !== 'webp') throw badType();
    const max = SHOP_LOGO_MAX_SIDE;
    if (!meta.width || !meta.height || meta.width > max || meta.height > max) {
      throw validationError({ logo: [`The logo must be at most ${max}×${max} pixels.`] });
    }
    try {
      return await queue.run(async () => {
        try {
          return await sharp(buffer, { limitInputPixels: max * max, pages: 1 })
            .rotate()
            .resize(SHOP_LOGO_SIZE, SHOP_LOGO_SIZE, { fit: 'contain', background: '#ffffff' })
            .flatten({ background: '#ffffff' })
            .webp({ quality: 85 })
            .toBuffer();
        } catch {
          throw badType();
        }
      });
    } catch (error) {
      if (error instanceof SemaphoreBusyError)
        throw new HttpError(503, 'Too many images are being processed. Please try again shortly.');
      throw error;
    }
  };
}
