import { isDefaultAvatar } from '@souq/contracts/constants';
import { Link } from 'react-router';
import { ACCOUNT_MENU } from '~/shared/account-pages';
import { useAuth } from '~/shared/auth-store';
import { useSite } from '~/shared/site';
import { ChevronDownIcon, LogoutIcon, UserIcon } from '~/shared/ui/icons';
import { useMenuButton } from '~/shared/ui/menu';
import { openOverlay } from '~/shared/ui-store';

/** The person's photo; their initial instead when they have none (the API's default avatar, or nothing). */
export function Avatar({ photo, name, size = 32 }: { photo: string | null | undefined; name: string; size?: number }) {
  return photo && !isDefaultAvatar(photo) ? (
    <img className="avatar" src={photo} alt="" width={size} height={size} />
  ) : (
    <span className="avatar avatar--initial" style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0) || <UserIcon size={16} />}
    </span>
  );
}

/**
 * The account drop-down: the account links and Log Out, a menu as the language one is: opening it puts
 * focus on its first item, the arrow keys, Home and End move, Escape closes it back on its button, Tab
 * leaves it closed.
 */
export function AccountMenu() {
  const { t } = useSite();
  const user = useAuth((s) => s.user);
  const { open, setOpen, id, root, button, onKeyDown, triggerProps } = useMenuButton();
  if (!user) return null;
  return (
    <div className="menu account-menu" ref={root} onKeyDown={onKeyDown}>
      <button {...triggerProps} className="menu__trigger" data-testid="user-menu">
        <Avatar photo={user.profile_photo} name={user.name} />
        {/* On phones only the avatar shows; "My account" and the name stay the button's name. */}
        <span className="sr-only">{t('account.menu')}: </span>
        <span className="sr-only-sm account-menu__name">{user.name}</span>
        <ChevronDownIcon size={14} />
      </button>
      {open ? (
        <div className="menu__list menu__list--end" role="menu" id={id} data-testid="account-menu-list">
          {ACCOUNT_MENU.map((l) => (
            <Link key={l.to} to={l.to} role="menuitem" className="menu__item" onClick={() => setOpen(false)}>
              {t(l.key)}
            </Link>
          ))}
          <button
            type="button"
            role="menuitem"
            className="menu__item menu__item--danger"
            onClick={() => {
              setOpen(false);
              // The dialog gives focus back to what had it: the menu's button, not this item (gone with the menu).
              button.current?.focus();
              openOverlay('logout');
            }}
            data-testid="logout-button"
          >
            <LogoutIcon size={16} /> {t('account.logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
