import { useEffect, useLayoutEffect, useState } from 'react';
import { useSite } from '~/shared/site';
import { Svg, type IconProps } from '~/shared/ui/icons';
import { useMenuButton } from '~/shared/ui/menu';
import { toast } from '~/shared/ui/toast';

const ShareIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
  </Svg>
);
const LinkIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
  </Svg>
);
const ChatBubbleIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 20l1.4-4.2A8 8 0 1 1 8.3 18.7z" />
    <path d="M9 9.5c.3 2 2.5 4.3 4.6 4.8l1.2-1.1 1.7.8-.4 1.5c-3.6.4-7.9-3.5-7.9-7.2l1.5-.5.8 1.7z" />
  </Svg>
);

/** The Web Share API, where the browser offers it for this address (checked once hydrated). */
function useNativeShare(url: string) {
  const [native, setNative] = useState(false);
  useEffect(() => {
    const nav = navigator as Navigator & { canShare?(data: ShareData): boolean };
    setNative(typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare({ url })));
  }, [url]);
  return native;
}

/**
 * Share a product: the system's share sheet where the browser has the Web Share API; elsewhere a menu
 * with Copy link and WhatsApp. The menu works by keyboard: it opens on Enter, Space or Arrow Down with
 * focus on its first item, arrows and Home/End move, Escape (or a choice) closes it and gives focus back
 * to the button, Tab leaves it closed.
 */
export function ShareMenu({ url, title, text }: { url: string; title: string; text: string }) {
  const { t } = useSite();
  const native = useNativeShare(url);
  const { open, setOpen, close, id, root, button, onKeyDown, onButtonKeyDown } = useMenuButton();
  // Opens upwards when the space under the button is short (a phone's sticky buy bar takes the bottom),
  // measured as it opens, however it was opened.
  const [up, setUp] = useState(false);
  useLayoutEffect(() => {
    if (open) setUp(window.innerHeight - (button.current?.getBoundingClientRect().bottom ?? 0) < 180);
  }, [open, button]);

  const toggle = () => setOpen((o) => !o);

  const onTrigger = async () => {
    if (!native) return toggle();
    try {
      await navigator.share({ title, text, url });
    } catch (e) {
      // Dismissing the sheet is not a failure; anything else falls back to the menu.
      if ((e as DOMException).name !== 'AbortError') toggle();
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch (e) {
      console.warn('copy failed', e);
      toast.error(t('share.copy_failed'));
    }
    close();
  };

  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;
  return (
    <div className="menu share" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-sm share__button"
        aria-haspopup={native ? undefined : 'menu'}
        aria-expanded={native ? undefined : open}
        aria-controls={open ? id : undefined}
        aria-label={t('share.menu')}
        data-testid="share-button"
        onClick={() => void onTrigger()}
        onKeyDown={native ? undefined : onButtonKeyDown}
      >
        <ShareIcon size={18} />
        <span>{t('share.button')}</span>
      </button>
      {open ? (
        <div
          className={`menu__list menu__list--end share__list${up ? ' share__list--up' : ''}`}
          role="menu"
          id={id}
          aria-label={t('share.menu')}
          data-testid="share-menu"
        >
          <button type="button" role="menuitem" className="menu__item" onClick={() => void copy()} data-testid="share-copy">
            <LinkIcon size={18} />
            {t('share.copy_link')}
          </button>
          <a
            role="menuitem"
            className="menu__item"
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => setOpen(false)}
            data-testid="share-whatsapp"
          >
            <ChatBubbleIcon size={18} />
            {t('share.whatsapp')}
          </a>
        </div>
      ) : null}
    </div>
  );
}
