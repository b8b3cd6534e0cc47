import { Link } from 'react-router';
import { useSite } from '~/shared/site';
import { currencyName, currencySymbol } from '~/shared/money';
import { GlobeIcon, PhoneIcon, StoreIcon } from '~/shared/ui/icons';
import { Menu } from '~/shared/ui/menu';

export function CurrencyPicker() {
  const { master, currency, setCurrency, locale, t } = useSite();
  return (
    <Menu
      testId="currency-picker"
      ariaLabel={t('chrome.currency')}
      label={
        <span>
          {currency.code}
          {currencySymbol(currency, locale) !== currency.code ? (
            <span className="muted-inline"> ({currencySymbol(currency, locale)})</span>
          ) : null}
        </span>
      }
      options={master.currencies.map((c) => ({
        key: String(c.id),
        selected: c.id === currency.id,
        testId: `currency-option-${c.code}`,
        label: (
          <span className="menu__row">
            <span>{currencyName(c, locale)}</span>
            <span className="muted-inline">{currencySymbol(c, locale)}</span>
          </span>
        ),
      }))}
      onSelect={(id) => setCurrency(Number(id))}
    />
  );
}

export function LanguagePicker() {
  const { master, locale, changeLanguage, t } = useSite();
  const current = master.languages.find((l) => l.name === locale);
  return (
    <Menu
      testId="language-picker"
      ariaLabel={t('chrome.language')}
      label={
        <span className="inline-icon">
          <GlobeIcon size={16} />
          {current?.title ?? 'English'}
        </span>
      }
      options={master.languages.map((l) => ({
        key: l.name,
        selected: l.name === locale,
        testId: `language-option-${l.name}`,
        label: (
          <span lang={l.name} dir={l.direction}>
            {l.title}
          </span>
        ),
      }))}
      onSelect={(name) => void changeLanguage(name)}
    />
  );
}

export function TopBar() {
  const { master, t } = useSite();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        {master.mobile ? (
          <a className="top-bar__hotline inline-icon" href={`tel:${master.mobile.replace(/\s+/g, '')}`}>
            <PhoneIcon size={15} />
            <span className="hide-sm">{t('chrome.hotline')}:</span>
            <bdi dir="ltr">{master.mobile}</bdi>
          </a>
        ) : (
          <span />
        )}
        <div className="top-bar__end">
          {master.multi_vendor ? (
            <Link className="top-bar__link inline-icon hide-sm" to="/shop/register">
              <StoreIcon size={15} />
              {t('chrome.become_seller')}
            </Link>
          ) : null}
          <CurrencyPicker />
          <LanguagePicker />
        </div>
      </div>
    </div>
  );
}
