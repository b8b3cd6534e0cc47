import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { HttpError, validationError } from '../../http/route';
import { createUploadedImageProcessor } from '../../shared/uploaded-image';

/** Largest side of an uploaded thumbnail, and of the stored one (fits inside, never enlarged). */
const MAX_SIDE = 6000;
const STORED_WIDTH = 1200;
const STORED_HEIGHT = 900;

/** Where each kind of thumbnail is kept under the uploads folder and served from. */
export const THUMBNAIL_FOLDERS = { blog: 'blogs', flash_sale: 'flash-sales' } as const;
export type ThumbnailKind = keyof typeof THUMBNAIL_FOLDERS;

/** A thumbnail this module stored (others, like the seed's pictures, are never removed by it). */
const OWN_FILE = /^\/uploads\/(blogs|flash-sales)\/admin-[0-9a-f]{32}\.webp$/;

/**
 * A post's or a flash sale's thumbnail from an upload, through the shared image handling (type and
 * size read from the header before anything is decoded, a bounded queue; no metadata kept): fitted
 * inside 1200×900, WebP. Stored under `uploads/<folder>/admin-<random>.webp`.
 */
export function createThumbnailStore(uploadsDir: string, limits: { concurrency: number; queueLimit: number }) {
  const processor = createUploadedImageProcessor({
    ...limits,
    maxSide: MAX_SIDE,
    render: (image) =>
      image
        .resize(STORED_WIDTH, STORED_HEIGHT, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .webp({ quality: 82 }),
    badType: () => validationError({ thumbnail: ['The thumbnail must be an image of type: jpg, jpeg, png, webp.'] }),
    tooLarge: () => validationError({ thumbnail: [`The thumbnail must be at most ${MAX_SIDE}×${MAX_SIDE} pixels.`] }),
    busy: () => new HttpError(503, 'Too many images are being processed. Please try again shortly.'),
  });

  return {
    /** Decodes and stores the upload; answers its URL (`/uploads/...`). */
    async save(kind: ThumbnailKind, upload: Buffer): Promise<string> {
      const webp = await processor.process(upload);
      const folder = THUMBNAIL_FOLDERS[kind];
      const dir = path.join(uploadsDir, folder);
      await fs.mkdir(dir, { recursive: true });
      const file = `admin-${randomBytes(16).toString('hex')}.webp`;
      await fs.writeFile(path.join(dir, file), webp);
      return `/uploads/${folder}/${file}`;
    },
    /** Removes a thumbnail this module stored (after its row no longer names it); others are left. */
    async remove(url: string | null | undefined): Promise<void> {
      if (!url || !OWN_FILE.test(url)) return;
      await fs.rm(path.join(uploadsDir, url.slice('/uploads/'.length)), { force: true });
    },
  };
}
export type ThumbnailStore = ReturnType<typeof createThumbnailStore>;
