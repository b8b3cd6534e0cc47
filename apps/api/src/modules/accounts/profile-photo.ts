import { HttpError, validationError } from '../../http/route';
import { createUploadedImageProcessor } from '../../shared/uploaded-image';

export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PHOTO_SIZE = 256;
/** Largest width and height accepted: a small compressed file can hold a huge flat image (decompression bomb). */
export const PROFILE_PHOTO_MAX_SIDE = 4096;
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
 * Turns uploads into the 256×256 WebP profile photo: JPEG, PNG or WebP of at most 4096×4096 (read from
 * the header, 422 otherwise), decoded through a bounded queue (PhotoBusyError, 503, beyond it).
 */
export function createPhotoProcessor(limits: { concurrency: number; queueLimit: number }) {
  return createUploadedImageProcessor({
    concurrency: limits.concurrency,
    queueLimit: limits.queueLimit,
    maxSide: PROFILE_PHOTO_MAX_SIDE,
    render: (image) => image.resize(PROFILE_PHOTO_SIZE, PROFILE_PHOTO_SIZE, { fit: 'cover' }).webp({ quality: 82 }),
    badType,
    tooLarge: (width, height) =>
      validationError({
        profile_photo: [
          `The profile photo must be at most ${PROFILE_PHOTO_MAX_SIDE}×${PROFILE_PHOTO_MAX_SIDE} pixels (this one is ${width}×${height}).`,
        ],
      }),
    busy: () => new PhotoBusyError(),
  });
}

export type PhotoProcessor = ReturnType<typeof createPhotoProcessor>;
