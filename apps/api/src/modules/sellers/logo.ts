import { SHOP_LOGO_MAX_SIDE } from '@souq/contracts/constants';
import { HttpError, validationError } from '../../http/route';
import { createUploadedImageProcessor } from '../../shared/uploaded-image';

/** Side of the stored logo (square, WebP): twice the largest slot a logo fills on the storefront. */
export const SHOP_LOGO_SIZE = 320;

const badType = () => validationError({ logo: ['The logo field must be an image of type: jpg, jpeg, png, webp.'] });

/**
 * Turns an uploaded logo into the stored 320×320 WebP on white: JPEG, PNG or WebP of at most 4096×4096
 * (read from the header, 422 otherwise), decoded through a small bounded queue (503 beyond it), as
 * profile photos are.
 */
export function createLogoProcessor(limits: { concurrency: number; queueLimit: number }) {
  return createUploadedImageProcessor({
    concurrency: limits.concurrency,
    queueLimit: limits.queueLimit,
    maxSide: SHOP_LOGO_MAX_SIDE,
    render: (image) =>
      image
        .resize(SHOP_LOGO_SIZE, SHOP_LOGO_SIZE, { fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 85 }),
    badType,
    tooLarge: () => validationError({ logo: [`The logo must be at most ${SHOP_LOGO_MAX_SIDE}×${SHOP_LOGO_MAX_SIDE} pixels.`] }),
    busy: () => new HttpError(503, 'Too many images are being processed. Please try again shortly.'),
  }).process;
}
