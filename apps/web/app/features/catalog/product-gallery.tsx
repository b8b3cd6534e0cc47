import type { ProductDetail } from '@souq/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '~/shared/site';
import { Img } from '~/shared/ui/image';

type Media = ProductDetail['thumbnails'][number];

const isEmbed = (url: string) => /youtube\.com|youtu\.be|vimeo\.com/.test(url);

function embedUrl(url: string): string {
  const yt = /(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{6,})/.exec(url);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = /vimeo\.com\/(\d+)/.exec(url);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return url;
}

/** Main image in a fixed square with a row of thumbnails; arrow keys move between thumbnails. */
export function ProductGallery({ name, media, fallback }: { name: string; media: Media[]; fallback: string | null }) {
  const t = useT();
  const items: Media[] = media.length ? media : [{ id: -1, thumbnail: fallback ?? '', url: fallback ?? '', type: 'image' }];
  const [index, setIndex] = useState(0);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = items[Math.min(index, items.length - 1)]!;

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, Home: -Infinity, End: Infinity }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = Number.isFinite(step) ? (index + step + items.length) % items.length : step < 0 ? 0 : items.length - 1;
    setIndex(next);
    thumbs.current[next]?.focus();
  }

  return (
    <div className="gallery" data-testid="gallery">
      <div className="gallery__main">
        {current.type === 'video' ? (
          isEmbed(current.url) ? (
            <iframe
              src={embedUrl(current.url)}
              title={t('product.video_of', { name })}
              allow="encrypted-media; picture-in-picture"
              allowFullScreen
              loading="lazy"
            />
          ) : (
            <video src={current.url} controls playsInline preload="metadata" aria-label={t('product.video_of', { name })} />
          )
        ) : (
          <Img
            key={current.id}
            src={current.url}
            alt={name}
            width={640}
            height={640}
            priority={index === 0}
            sizes="(max-width: 767px) 100vw, 560px"
            className="gallery__image"
          />
        )}
      </div>
      {items.length > 1 ? (
        <div className="gallery__thumbs" role="tablist" aria-label={t('product.gallery')} onKeyDown={onKey}>
          {items.map((m, i) => (
            <button
              key={`${m.id}-${i}`}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              role="tab"
              aria-selected={i === index}
              tabIndex={i === index ? 0 : -1}
              className={i === index ? 'gallery__thumb is-active' : 'gallery__thumb'}
              onClick={() => setIndex(i)}
              data-testid="gallery-thumb"
              aria-label={m.type === 'video' ? t('product.video_of', { name }) : t('product.image_n', { n: i + 1 })}
            >
              <Img src={m.thumbnail} alt="" width={72} height={72} />
              {m.type === 'video' ? (
                <span className="gallery__play" aria-hidden="true">
                  ▶
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
