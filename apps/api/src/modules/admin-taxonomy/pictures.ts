import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HttpError, validationError } from '../../http/route';
import { createUploadedImageProcessor } from '../../shared/uploaded-image';

/** Largest side of an upload accepted (a wide banner photo fits; a larger flat image is a decompression bomb). */
const MAX_SIDE = 8000;
/** A thumbnail's longest side (categories' tiles and brands' logos show at most 160 px, at 2× and more). */
export const THUMBNAIL_SIDE = 512;
/** A banner's longest side (the home slider is at most 1280 px wide, here at 1.5×). */
export const BANNER_SIDE = 1920;

const refusals = (field: string) => ({
  badType: () => validationError({ [field]: [`The ${field} field must be an image of type: jpg, jpeg, png, webp.`] }),
  tooLarge: () => validationError({ [field]: [`The ${field} must be at most ${MAX_SIDE}×${MAX_SIDE} pixels.`] }),
  busy: () => new HttpError(503, 'Too many images are being processed. Please try again shortly.'),
});

/**
 * The console's pictures from uploads, through the shared handling (shared/uploaded-image.ts: type and
 * size read from the header before any decoding, a bounded queue, no metadata kept): a category's,
 * sub-category's or brand's thumbnail at most 512 px (transparency kept), a banner at most 1920 px, WebP.
 * Stored under `<uploads>/taxonomy` and `<uploads>/banners`, served at /uploads/ and resized by /img/<w>/.
 */
export function createConsolePictures(uploadsDir: string, limits: { concurrency: number; queueLimit: number }) {
  const thumbnail = createUploadedImageProcessor({
    ...limits,
    maxSide: MAX_SIDE,
    render: (image) =>
      image.resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 85 }),
    ...refusals('thumbnail'),
  });
  const banner = createUploadedImageProcessor({
    ...limits,
    maxSide: MAX_SIDE,
    render: (image) =>
      image
        .resize(BANNER_SIDE, BANNER_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 82 }),
    ...refusals('image'),
  });

  /** Decodes and stores an upload; answers its URL and how to take it back (when its write rolls back). */
  async function store(kind: 'taxonomy' | 'banners', prefix: string, upload: Buffer) {
    const webp = await (kind === 'banners' ? banner : thumbnail).process(upload);
    const dir = path.join(uploadsDir, kind);
    const file = `${prefix}-${randomBytes(12).toString('hex')}.webp`;
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, file), webp);
    return { url: `/uploads/${kind}/${file}`, discard: () => fs.rm(path.join(dir, file), { force: true }) };
  }

  return { store };
}
export type ConsolePictures = ReturnType<typeof createConsolePictures>;

/** Runs a write with a stored picture: the picture's file goes when the write fails. */
export async function withPicture<T>(
  picture: { url: string; discard(): Promise<void> } | null,
  write: (url: string | null) => Promise<T>,
): Promise<T> {
  try {
    return await write(picture?.url ?? null);
  } catch (error) {
    await picture?.discard();
    throw error;
  }
}
