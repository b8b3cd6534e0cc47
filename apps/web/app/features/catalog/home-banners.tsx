import type { Banner } from '@souq/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { ChevronIcon, PauseIcon, PlayIcon } from '~/shared/ui/icons';
import { Img } from '~/shared/ui/image';

const AUTOPLAY_MS = 5000;

/** A banner's link: internal paths stay in the app, anything else is a plain link. */
function BannerLink({ banner, children, className }: { banner: Banner; children: React.ReactNode; className?: string }) {
  const url = banner.url;
  if (!url) return <span className={className}>{children}</span>;
  if (url.startsWith('/')) {
    return (
      <Link to={url} className={className} aria-label={banner.title}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} aria-label={banner.title} rel="noopener">
      {children}
    </a>
  );
}

/**
 * The home carousel: a scroll-snap track (swipe works without script), previous / next buttons and
 * dots, autoplay every 5 s that pauses on hover or focus and never runs with reduced motion. A pause
 * button stops it for good (WCAG 2.2.2: anything moving for more than five seconds can be paused) and
 * starts it again. The slides have a fixed aspect ratio, so nothing shifts while images load.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t, dir } = useSite();
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Stopped by the visitor's pause button, or from the start when they ask for reduced motion.
  const [stopped, setStopped] = useState(false);
  const count = banners.length;

  const goTo = useCallback(
    (i: number, smooth = true) => {
      const el = track.current;
      if (!el || count === 0) return;
      const next = (i + count) % count;
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollTo({ left: (dir === 'rtl' ? -1 : 1) * next * el.clientWidth, behavior: smooth && !reduce ? 'smooth' : 'auto' });
      setIndex(next);
    },
    [count, dir],
  );

  // Follow swipes: once a scroll has come to rest, the slide nearest to its position is the current one
  // (read mid-scroll, a smooth move to the next slide would name the previous one current for a moment).
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const settle = () => {
      if (el.clientWidth > 0) setIndex(Math.round(Math.abs(el.scrollLeft) / el.clientWidth));
    };
    if ('onscrollend' in window) {
      el.addEventListener('scrollend', settle, { passive: true });
      return () => el.removeEventListener('scrollend', settle);
    }
    let timer = 0;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(settle, 150);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setStopped(true);
  }, []);

  useEffect(() => {
    if (count < 2 || paused || stopped) return;
    const id = window.setInterval(() => {
      if (!document.hidden) goTo(index + 1);
    }, AUTOPLAY_MS);
    return () => window.clearInterval(id);
  }, [count, paused, stopped, index, goTo]);

  if (count === 0) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('catalog.banners')}
      data-testid="banner-carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="carousel__track" ref={track}>
        {banners.map((b, i) => (
          <div
            className="carousel__slide"
            key={b.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('catalog.slide_of', { n: i + 1, count })}
            aria-hidden={i !== index ? true : undefined}
            inert={i !== index ? true : undefined}
          >
            <BannerLink banner={b} className="carousel__link">
              <Img
                src={b.thumbnail}
                alt={b.title}
                width={1280}
                height={480}
                priority={i === 0}
                sizes="(max-width: 1280px) 100vw, 1280px"
              />
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="carousel__btn carousel__pause"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? t('carousel.play') : t('carousel.pause')}
            data-testid="carousel-pause"
          >
            {stopped ? <PlayIcon size={16} /> : <PauseIcon size={16} />}
          </button>
          <button
            type="button"
            className="carousel__btn carousel__btn--prev"
            onClick={() => goTo(index - 1)}
            aria-label={t('catalog.previous_slide')}
          >
            <ChevronIcon className="carousel__prev-icon" />
          </button>
          <button
            type="button"
            className="carousel__btn carousel__btn--next"
            onClick={() => goTo(index + 1)}
            aria-label={t('catalog.next_slide')}
          >
            <ChevronIcon />
          </button>
          <div className="carousel__dots">
            {banners.map((b, i) => (
              <button
                type="button"
                key={b.id}
                className={i === index ? 'carousel__dot is-active' : 'carousel__dot'}
                aria-label={t('catalog.go_to_slide', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => goTo(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

/** The ads row under the carousel (two or three images). */
export function AdsRow({ ads }: { ads: Banner[] }) {
  if (ads.length === 0) return null;
  return (
    <div className="ads-row" data-testid="ads-row">
      {ads.slice(0, 3).map((a) => (
        <BannerLink banner={a} key={a.id} className="ads-row__item">
          <Img src={a.thumbnail} alt={a.title} width={640} height={240} sizes="(max-width: 640px) 92vw, 420px" />
        </BannerLink>
      ))}
    </div>
  );
}
