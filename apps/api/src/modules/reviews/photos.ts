import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HttpError, validationError } from '../../http/route';
import { createUploadedImageProcessor } from '../../shared/uploaded-image';

/** Largest side of an upload accepted (a phone camera's photo fits; a larger flat image is a decompression bomb). */
const MAX_SIDE = 8000;
/** A stored photo's longest side: the product page shows them small and opens them at most this large. */
export const REVIEW_PHOTO_SIDE = 1200;

/**
 * A review's photos (issue 39), by the pictures' shared handling (shared/uploaded-image.ts: JPEG, PNG or
 * WebP read from the header before any decoding, a bounded queue, upright, no metadata kept), stored as
 * WebP of at most 1200 px under `<uploads>/reviews`, served at /uploads/ and resized by /img/<w>/.
 */
export function createReviewPhotos(uploadsDir: string, limits: { concurrency: number; queueLimit: number }) {
  const processor = createUploadedImageProcessor({
    ...limits,
    maxSide: MAX_SIDE,
    render: (image) =>
      image
        .resize(REVIEW_PHOTO_SIDE, REVIEW_PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 80 }),
    badType: () => validationError({ photos: ['Each photo must be an image of type: jpg, jpeg, png, webp.'] }),
    tooLarge: () => validationError({ photos: [`Each photo must be at most ${MAX_SIDE}×${MAX_SIDE} pixels.`] }),
    busy: () => new HttpError(503, 'Too many images are being processed. Please try again shortly.'),
  });
  const dir = path.join(uploadsDir, 'reviews');

  /**
   * Decodes every upload first (one bad photo stores none), then writes them; answers their URLs and how
   * to take them back when the review is not written.
   */
  async function store(uploads: Buffer[]) {
    const encoded = [];
    for (const upload of uploads) encoded.push(await processor.process(upload));
    await fs.mkdir(dir, { recursive: true });
    const files: string[] = [];
    for (const webp of encoded) {
      const file = `${randomBytes(12).toString('hex')}.webp`;
      await fs.writeFile(path.join(dir, file), webp);
      files.push(file);
    }
    return {
      urls: files.map((f) => `/uploads/reviews/${f}`),
      discard: () => Promise.all(files.map((f) => fs.rm(path.join(dir, f), { force: true }))).then(() => undefined),
    };
  }

  return { store };
}
export type ReviewPhotos = ReturnType<typeof createReviewPhotos>;
