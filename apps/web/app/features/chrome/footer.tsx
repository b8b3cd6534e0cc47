import type { FooterGroup, FooterItem } from '@souq/contracts';
import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { ChevronDownIcon, MailIcon, PhoneIcon } from '~/shared/ui/icons';
import { StoreBadges } from './bottom-bar';

function FooterItemView({ item }: { item: FooterItem }) {
  const { master } = useSite();
  switch (item.type) {
    case 'logo':
      return master.web_footer_logo ? (
        <Link to="/" className="footer__logo" aria-label={master.app_name}>
          <img src={master.web_footer_logo} alt={master.app_name} width={150} height={42} loading="lazy" />
        </Link>
      ) : null;
    case 'text':
      return <p className="footer__text">{item.title}</p>;
    case 'phone':
      return (
        <a className="footer__contact" href={item.url ?? `tel:${item.title.replace(/\s+/g, '')}`}>
          <PhoneIcon size={16} />
          <bdi dir="ltr">{item.title}</bdi>
        </a>
      );
    case 'email':
      return (
        <a className="footer__contact" href={item.url ?? `mailto:${item.title}`}>
          <MailIcon size={16} />
          <bdi dir="ltr">{item.title}</bdi>
        </a>
      );
    case 'social_links':
      return (
        <div className="footer__social">
          <span className="footer__social-title">{item.title}</span>
          <div className="footer__social-icons">
            {master.social_links.map((s) => (
              <a
                key={s.name}
                className="circle"
                href={s.link}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={s.name}
                title={s.name}
              >
                <img src={s.logo} alt="" width={20} height={20} loading="lazy" />
              </a>
            ))}
          </div>
        </div>
      );
    case 'app_store':
      return (
        <div className="footer__apps">
          <span className="footer__social-title">{item.title}</span>
          <div className="footer__apps-row">
            {master.footer_qr ? (
              <img className="footer__qr" src={master.footer_qr} alt="" width={84} height={84} loading="lazy" />
            ) : null}
            <StoreBadges />
          </div>
        </div>
      );
    case 'link':
    default: {
      const url = item.url ?? '/';
      return /^(https?:)?\/\//.test(url) ? (
        <a
          className="footer__link"
          href={url}
          target={item.target}
          rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
        >
          {item.title}
        </a>
      ) : (
        <Link className="footer__link" to={url}>
          {item.title}
        </Link>
      );
    }
  }
}

/**
 * One footer column. Below 640 px its title is a `<summary>` and the list starts folded: it opens and
 * closes without script (decision 012). Wider, the list always shows under a plain heading.
 */
function FooterColumn({ group }: { group: FooterGroup }) {
  const list = group.items.map((item) => (
    <li key={item.id}>
      <FooterItemView item={item} />
    </li>
  ));
  return (
    <section className="footer__col">
      <h2 className="footer__title footer__title--static">{group.title}</h2>
      <details className="footer__fold">
        <summary className="footer__title footer__title--toggle" data-testid="footer-toggle">
          <h2>{group.title}</h2>
          <ChevronDownIcon size={16} />
        </summary>
        <ul className="footer__links stack-list" data-testid="footer-links">
          {list}
        </ul>
      </details>
    </section>
  );
}

export function SiteFooter() {
  const { master } = useSite();
  if (!master.web_show_footer) return null;
  return (
    <footer className="footer" data-testid="site-footer">
      <div className="container footer__grid">
        {master.footers.map((g) => (
          <FooterColumn key={g.id} group={g} />
        ))}
      </div>
      <div className="footer__bottom">
        <div className="container">
          © {new Date().getFullYear()} {master.web_footer_text}
        </div>
      </div>
    </footer>
  );
}
