import type { Generated } from 'kysely';

/** Tables of migration 003: sign-in tokens, one-time codes, password-reset tokens. */
export interface AccessTokensTable {
  id: Generated<number>;
  /** 'user' for customers, 'seller' for shop accounts. */
  owner_type: 'user' | 'seller';
  owner_id: number;
  /** SHA-256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  revoked_at: string | null;
}

export interface AccountsTables {
  access_tokens: AccessTokensTable;
}
