/**
 * The auth module's public surface (decision 016): what the app and the other modules may import.
 * Its routes live with the accounts (customers) and sellers modules; this module holds the mechanics.
 */
export { currentUser, registerAuthentication, type AuthUser } from './authenticate';
export { BAD_CREDENTIALS, guardedLogin } from './login-guard';
export { configurePasswordHashing, hashPassword, PasswordBusyError, verifyPassword, withPasswordSlot } from './password';
export { COMMON_PASSWORD, passwordProblems, WHITESPACE_PASSWORD } from './password-policy';
export type { Revoked, TokenCache } from './token-cache';
export { issueToken, liveTokenOwner, revokeAllTokens, revokeToken, TOKEN_TTL_DAYS, type TokenOwner } from './tokens';
