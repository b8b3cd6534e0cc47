import type { MenuItem } from '@souq/contracts';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';

/** A configured menu link: internal ones route in the app, external ones open with their target. */
export function MenuLink({ item, className, onClick }: { item: MenuItem; className?: string; onClick?(): void }) {
  const { localName } = useSite();
  const name = localName(item);
  if (item.is_external || /^https?:\/\//.test(item.url)) {
    return (
      <a
        className={className}
        href={item.url}
        target={item.target}
        rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
        onClick={onClick}
      >
        {name}
      </a>
    );
  }
  return (
    <Link className={className} to={item.url} onClick={onClick}>
      {name}
    </Link>
  );
}
