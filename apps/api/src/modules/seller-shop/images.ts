import { SHOP_BANNER_HEIGHT, SHOP_BANNER_WIDTH } from '@souq/contracts/constants';
import { SHOP_LOGO_MAX_SIDE } from '@souq/contracts/constants';
import { HttpError, validationError } from '../../http/route';
import { createUploadedImageProcessor } from '../../shared/uploaded-image';
import { SHOP_LOGO_SIZE } from '../sellers';

/** Largest side of an uploaded banner (a wide photo may be wider than a logo's limit). */
export const SHOP_BANNER_MAX_SIDE = 6000;

const badType = () => validationError({ image: ['The image field must be an image of type: jpg, jpeg, png, webp.'] });
const busy = () => new HttpError(503, 'Too many images are being processed. Please try again shortly.');
const tooLarge = (max: number) => () => validationError({ image: [`The image must be at most ${max}×${max} pixels.`] });

/**
 * The shop's pictures from an upload (type and size read from the header, decoded through a bounded
 * queue; metadata never kept: sharp writes none unless asked): the logo as the shop application stores
 * it (320×320 WebP on white), the banner 1600×400 WebP, cropped to cover.
 */
export function createShopImageProcessors(limits: { concurrency: number; queueLimit: number }) {
  const logo = createUploadedImageProcessor({
    ...limits,
    maxSide: SHOP_LOGO_MAX_SIDE,
    render: (image) =>
      image
        .resize(SHOP_LOGO_SIZE, SHOP_LOGO_SIZE, { fit: 'contain', background: '#ffffff' })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 85 }),
    badType,
    tooLarge: tooLarge(SHOP_LOGO_MAX_SIDE),
    busy,
  });
  const banner = createUploadedImageProcessor({
    ...limits,
    maxSide: SHOP_BANNER_MAX_SIDE,
    render: (image) =>
      image
        .resize(SHOP_BANNER_WIDTH, SHOP_BANNER_HEIGHT, { fit: 'cover', position: 'attention' })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 82 }),
    badType,
    tooLarge: tooLarge(SHOP_BANNER_MAX_SIDE),
    busy,
  });
  return { logo: logo.process, banner: banner.process };
}
