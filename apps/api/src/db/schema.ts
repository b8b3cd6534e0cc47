import type { Generated } from 'kysely';

/**
 * Table types shared by both dialects.
 * Conventions (see docs/decisions/003-database-dialects.md):
 * - flags are integers 0/1, timestamps are ISO-8601 UTC text, money is integer minor units
 *   of the default currency (OMR: baisa, 3 decimals).
 */
export interface SettingsTable {
  key: string;
  value: string; // JSON
}

export interface CurrenciesTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_ar: string | null;
  symbol: string;
  symbol_ar: string | null;
  position: 'prefix' | 'suffix';
  is_default: number;
  rate: number;
  rate_from_default: number;
  decimals: number;
  is_active: number;
  sort: number;
}

export interface LanguagesTable {
  id: Generated<number>;
  name: string; // locale code
  title: string;
  direction: 'rtl' | 'ltr';
  is_default: number;
  is_active: number;
  sort: number;
}

export interface CountriesTable {
  id: Generated<number>;
  iso2: string;
  name: string;
  name_ar: string;
  phone_code: string;
  sort: number;
}

export interface MenusTable {
  id: Generated<number>;
  name: string;
  name_ar: string | null;
  url: string;
  is_external: number;
  target: '_self' | '_blank';
  sort: number;
}

export interface FootersTable {
  id: Generated<number>;
  title: string;
  title_ar: string | null;
  sort: number;
}

export interface FooterItemsTable {
  id: Generated<number>;
  footer_id: number;
  type: 'logo' | 'text' | 'phone' | 'email' | 'social_links' | 'app_store' | 'link';
  title: string;
  title_ar: string | null;
  url: string | null;
  target: '_self' | '_blank';
  sort: number;
}

export interface SocialLinksTable {
  id: Generated<number>;
  name: string;
  link: string;
  logo: string;
  sort: number;
}

export interface PaymentGatewaysTable {
  id: Generated<number>;
  name: string;
  title: string;
  logo: string | null;
  is_active: number;
  sort: number;
}

export interface SettingsTables {
  settings: SettingsTable;
  currencies: CurrenciesTable;
  languages: LanguagesTable;
  countries: CountriesTable;
  menus: MenusTable;
  footers: FootersTable;
  footer_items: FooterItemsTable;
  social_links: SocialLinksTable;
  payment_gateways: PaymentGatewaysTable;
}

// Catalogue, accounts and the rest extend this in catalogue-schema.ts.
import type { CatalogueTables } from './catalogue-schema';
import type { AccountsTables } from './accounts-schema';
import type { CommerceTables } from './commerce-schema';
import type { ChatTables } from './chat-schema';
import type { ContentTables } from './content-schema';
import type { SupportTables } from './support-schema';
import type { AuditTables } from './audit-schema';
import type { AdminOrdersTables } from './admin-orders-schema';
import type { NotificationsTables } from './notifications-schema';
export interface Database
  extends SettingsTables,
    CatalogueTables,
    AccountsTables,
    CommerceTables,
    ChatTables,
    SupportTables,
    ContentTables,
    AuditTables,
    AdminOrdersTables,
    NotificationsTables {}
