import { PRODUCT_IMAGE_MAX_PIXELS } from '@souq/contracts';
import { HttpError, validationError } from '../../http/route';
import { createUploadedImageProcessor } from '../../shared/uploaded-image';

/** Longest side of a stored product picture (WebP): the widest the product page shows it, at 2× density. */
export const PRODUCT_IMAGE_SIDE = 1600;
/** Widest or tallest upload accepted (a 40-megapixel picture of any usual shape fits). */
const MAX_SIDE = 20_000;
/**
 * Pictures decoded at once, and uploads waiting for a turn: two decodings (the machine's cores), so that
 * a burst of eight 12-megapixel uploads is through in well under two seconds each, while JPEG's
 * shrink-on-load keeps each decoding to a fraction of the full picture's memory.
 */
export const PRODUCT_IMAGE_CONCURRENCY = 2;
export const PRODUCT_IMAGE_QUEUE = 16;

/**
 * Turns an uploaded product picture into the stored one: JPEG, PNG or WebP by content (never by name or
 * Content-Type), at most 40 megapixels read from the header before anything is decoded (422), upright,
 * at most 1600 px on its longest side, WebP, without metadata (sharp keeps none unless asked: no EXIF,
 * no GPS position, no camera serial). Decoding runs through a bounded queue (503 beyond it).
 */
export function createProductImageProcessor() {
  return createUploadedImageProcessor({
    concurrency: PRODUCT_IMAGE_CONCURRENCY,
    queueLimit: PRODUCT_IMAGE_QUEUE,
    maxSide: MAX_SIDE,
    maxPixels: PRODUCT_IMAGE_MAX_PIXELS,
    // WebP's effort 2 (of 0-6; 4 by default): a 12-megapixel photo's picture in 0.23 instead of 0.43 s on one
    // thread of this machine, for a file 1 % larger.
    render: (image) =>
      image
        .resize(PRODUCT_IMAGE_SIDE, PRODUCT_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82, effort: 2 }),
    badType: () => validationError({ image: ['The image field must be an image of type: jpg, jpeg, png, webp.'] }),
    tooLarge: () => validationError({ image: [`The image must be at most ${PRODUCT_IMAGE_MAX_PIXELS / 1_000_000} megapixels.`] }),
    busy: () => new HttpError(503, 'Too many images are being processed. Please try again shortly.'),
  });
}
