import { useT } from '~/shared/site';
import { imageUrl, Img } from './image';

/**
 * A review's photos (issue 39) as a row of small squares, each a link to the photo at full size (a new
 * tab: the page the customer is reading stays where it was). Fixed sizes: nothing shifts as they load.
 */
export function PhotoStrip({ photos, by }: { photos: readonly string[]; by: string }) {
  const t = useT();
  if (!photos.length) return null;
  return (
    <ul className="photo-strip" data-testid="review-photos">
      {photos.map((src, i) => (
        <li key={src}>
          <a href={imageUrl(src, 1280)} target="_blank" rel="noopener noreferrer" className="photo-strip__link">
            <Img
              src={src}
              alt={t('reviews.photo_alt', { n: i + 1, count: photos.length, name: by })}
              width={72}
              height={72}
              className="photo-strip__img"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
