import type { Generated } from 'kysely';

/** Tables of migration 003: sign-in tokens, one-time codes, password-reset tokens. */
export interface AccessTokensTable {
  id: Generated<number>;
  /** 'user' for customers, 'seller' for shop accounts, 'operator' for the console's staff (migration 020). */
  owner_type: 'user' | 'seller' | 'operator';
  owner_id: number;
  /** SHA-256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
}

/** Migration 005: delivery addresses of customers. */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  phone: string;
  area: string | null;
  flat_no: string | null;
  address_type: 'home' | 'office' | 'other';
  address_line: string;
  address_line2: string | null;
  post_code: string | null;
  is_default: number;
  latitude: number | null;
  longitude: number | null;
  created_at: string;
  updated_at: string;
}

/** One-time codes sent by SMS or e-mail; only an HMAC of the code is stored. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  channel: 'phone' | 'email';
  /** Lower-case e-mail, or the phone number's digits (without the dialling code). */
  target: string;
  phone_code: string | null;
  /** The account the code was sent to; null when no account matched (nothing was delivered). */
  user_id: number | null;
  /** HMAC-SHA256(server secret, target + code), hex. */
  code_hash: string;
  attempts: number;
  ip: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** 1 when the account's owner asked for it signed in (migration 027). */
  by_owner: Generated<number>;
}

/** Short-lived single-use tokens given by verify-otp to reset a password. */
export interface ResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A customer's identity at a social sign-in provider. */
export interface SocialAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: 'google' | 'facebook' | 'apple';
  subject: string;
  email: string | null;
  created_at: string;
}

export interface AccountsTables {
  access_tokens: AccessTokensTable;
  addresses: AddressesTable;
  one_time_codes: OneTimeCodesTable;
  reset_tokens: ResetTokensTable;
  social_accounts: SocialAccountsTable;
}
