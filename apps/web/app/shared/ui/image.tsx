/**
 * Images in sizes that fit their slots: uploads are served resized (and as WebP) by the server at
 * /img/{width}/uploads/..., so a 200 px card never downloads a 1200 px original. Width and height are
 * always set so nothing shifts while images load.
 */
export const IMAGE_WIDTHS = [64, 128, 192, 256, 384, 512, 768, 1024, 1280] as const;

const PLACEHOLDER =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="#eef1f4"/></svg>',
  );

/** The smallest served width that covers `width` CSS pixels. */
export function servedWidth(width: number): number {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? 1280;
}

export function imageUrl(path: string | null | undefined, width: number): string {
  if (!path) return PLACEHOLDER;
  if (path.startsWith('/uploads/')) return `/img/${servedWidth(width)}${path}`;
  return path;
}

export interface ImgProps {
  src: string | null | undefined;
  alt: string;
  /** The CSS width of the slot; also the intrinsic width used for the aspect ratio. */
  width: number;
  height: number;
  /** The first image that matters on a page: eager, high fetch priority. */
  priority?: boolean;
  sizes?: string;
  className?: string;
}

/**
 * The candidate widths of a slot: with `sizes` (a fluid slot) every served width from a quarter of the
 * slot up to twice it, as width descriptors so the browser picks by the slot's real size and the screen's
 * density; without `sizes` (a fixed slot) the 1x and 2x widths.
 */
export function srcSetFor(src: string | null | undefined, width: number, fluid: boolean): string | undefined {
  if (!src || !src.startsWith('/uploads/')) return undefined;
  if (!fluid) {
    const one = imageUrl(src, width);
    const two = imageUrl(src, width * 2);
    return two !== one ? `${one} 1x, ${two} 2x` : undefined;
  }
  const low = servedWidth(width / 4);
  const high = servedWidth(width * 2);
  return IMAGE_WIDTHS.filter((w) => w >= low && w <= high)
    .map((w) => `${imageUrl(src, w)} ${w}w`)
    .join(', ');
}

export function Img({ src, alt, width, height, priority = false, sizes, className }: ImgProps) {
  return (
    <img
      src={imageUrl(src, width)}
      srcSet={srcSetFor(src, width, !!sizes)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      className={className}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
