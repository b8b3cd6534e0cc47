import { createHmac } from 'node:crypto';
import type { Access, Locale, SocialProvider, SocialTokenBody, User } from '@souq/contracts';
import { createRemoteJWKSet, errors as joseErrors, type JWTPayload, jwtVerify } from 'jose';
import { HttpError } from '../../http/route';
import { issueToken } from '../auth';
import { accountDeactivated } from './auth.service';
import { type AccountsContext, isUniqueViolation } from './context';
import { findSocialLink, linkSocialAccount } from './social.repository';
import { findUserByEmail, findUserById, insertUser, toUser } from './users.repository';

/** What a provider vouches for, after verification. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const PROVIDER_NAME: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

const refused = (provider: SocialProvider, why?: string) =>
  new HttpError(401, `The ${PROVIDER_NAME[provider]} sign-in could not be verified${why ? `: ${why}` : ''}.`);
const unreachable = (provider: SocialProvider) =>
  new HttpError(502, `${PROVIDER_NAME[provider]} could not be reached. Please try again.`);

/** A short reason for a refused token (never the token itself). */
function reasonOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return error.claim === 'aud' ? 'the token was issued for another application' : `invalid ${error.claim} claim`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed || error instanceof joseErrors.JWKSNoMatchingKey) {
    return 'the token signature is invalid';
  }
  return 'the token is invalid';
}

const isJwt = (s: unknown): s is string => typeof s === 'string' && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(s);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const claimTrue = (v: unknown) => v === true || v === 'true';

export function createSocialService(ctx: AccountsContext) {
  const cfg = ctx.config.social;
  const jwks = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keysOf = (url: string) => {
    let set = jwks.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), { timeoutDuration: cfg.timeoutMs, cooldownDuration: 30_000 });
      jwks.set(url, set);
    }
    return set;
  };

  async function clientIdOf(provider: SocialProvider): Promise<string> {
    const all = (await ctx.setting('social_auths')) as Record<string, { is_active?: unknown; client_id?: unknown }> | undefined;
    const p = all?.[provider];
    if (!p || p.is_active !== true || typeof p.client_id !== 'string' || !p.client_id) {
      throw new HttpError(400, `${PROVIDER_NAME[provider]} sign-in is not available.`);
    }
    return p.client_id;
  }

  async function verifyIdToken(provider: SocialProvider, token: string, jwksUrl: string, issuer: string[], audience: string) {
    try {
      const { payload } = await jwtVerify(token, keysOf(jwksUrl), {
        issuer,
        audience,
        algorithms: ['RS256', 'ES256'],
        clockTolerance: 30,
        currentDate: ctx.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || (error as Error)?.name === 'TypeError') throw unreachable(provider);
      if (error instanceof joseErrors.JOSEError) throw refused(provider, reasonOf(error));
      throw unreachable(provider);
    }
  }

  async function fetchJson(provider: SocialProvider, url: string, init?: RequestInit): Promise<{ ok: boolean; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(cfg.timeoutMs) });
    } catch {
      throw unreachable(provider);
    }
    const body = (await res.json().catch(() => null)) as unknown;
    return { ok: res.ok, body };
  }

  const fromClaims = (payload: JWTPayload, name: string | null): SocialIdentity => ({
    subject: String(payload.sub),
    email: str(payload.email)?.toLowerCase() ?? null,
    emailVerified: claimTrue(payload.email_verified),
    name: str(payload.name) ?? name,
  });

  /** Google: exchange the authorization code, then verify the id_token against Google's keys. */
  async function google(code: string, clientId: string): Promise<SocialIdentity> {
    const g = cfg.google;
    const form = new URLSearchParams({
      code,
      client_id: clientId,
      redirect_uri: g.redirectUri,
      grant_type: 'authorization_code',
      ...(g.clientSecret ? { client_secret: g.clientSecret } : {}),
    });
    const { ok, body } = await fetchJson('google', g.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const idToken = (body as { id_token?: unknown } | null)?.id_token;
    if (!ok || !isJwt(idToken)) throw refused('google', 'the authorization code was not accepted');
    const payload = await verifyIdToken('google', idToken, g.jwksUrl, g.issuer, clientId);
    return fromClaims(payload, null);
  }

  /** Facebook: check the access token belongs to our app (debug_token), then read the profile. */
  async function facebook(accessToken: string, appId: string): Promise<SocialIdentity> {
    const f = cfg.facebook;
    if (!f.appSecret) throw new HttpError(400, 'Facebook sign-in is not configured on this server.');
    const debug = await fetchJson(
      'facebook',
      `${f.graphUrl}/debug_token?${new URLSearchParams({ input_token: accessToken, access_token: `${appId}|${f.appSecret}` })}`,
    );
    const info = (debug.body as { data?: { is_valid?: unknown; app_id?: unknown; user_id?: unknown } } | null)?.data;
    if (!debug.ok || !info || info.is_valid !== true) throw refused('facebook', 'the token is invalid');
    if (String(info.app_id) !== appId) throw refused('facebook', 'the token was issued for another application');
    const proof = createHmac('sha256', f.appSecret).update(accessToken).digest('hex');
    const me = await fetchJson(
      'facebook',
      `${f.graphUrl}/me?${new URLSearchParams({ fields: 'id,name,email', access_token: accessToken, appsecret_proof: proof })}`,
    );
    const profile = me.body as { id?: unknown; name?: unknown; email?: unknown } | null;
    if (!me.ok || !profile || typeof profile.id !== 'string' || profile.id !== String(info.user_id)) {
      throw refused('facebook', 'the profile does not match the token');
    }
    const email = str(profile.email)?.toLowerCase() ?? null;
    // Facebook only answers confirmed e-mail addresses.
    return { subject: profile.id, email, emailVerified: Boolean(email), name: str(profile.name) };
  }

  /** Apple: verify the identity token (in `code`, or `data.id_token` / `data.authorization.id_token`). */
  async function apple(body: SocialTokenBody, clientId: string): Promise<SocialIdentity> {
    const data = (body.data ?? {}) as Record<string, unknown>;
    const auth = (data.authorization ?? {}) as Record<string, unknown>;
    const token = [body.code, data.id_token, data.identityToken, data.identity_token, auth.id_token].find(isJwt);
    if (!token) throw refused('apple', 'no identity token was sent');
    const payload = await verifyIdToken('apple', token, cfg.apple.jwksUrl, cfg.apple.issuer, clientId);
    // Apple sends the name only to the client, on the first sign-in; it is not security relevant.
    const user = (data.user ?? {}) as { name?: { firstName?: unknown; lastName?: unknown } };
    const name = [str(user.name?.firstName), str(user.name?.lastName)].filter(Boolean).join(' ') || str(data.name);
    return fromClaims(payload, name || null);
  }

  async function identify(provider: SocialProvider, body: SocialTokenBody): Promise<SocialIdentity> {
    const clientId = await clientIdOf(provider);
    if (provider === 'google') return google(body.code, clientId);
    if (provider === 'facebook') return facebook(body.code, clientId);
    return apple(body, clientId);
  }

  /**
   * Finds the customer by provider subject, then by e-mail, else creates one (decision 014). An
   * identity is linked to an existing account by e-mail only when both the provider and we have
   * verified that e-mail: an account whose e-mail nobody proved (anyone may register any address)
   * is never taken over nor marked verified; the provider's user gets a separate account instead,
   * without the e-mail that account holds.
   */
  async function accountFor(provider: SocialProvider, id: SocialIdentity): Promise<number> {
    const now = ctx.now().toISOString();
    return ctx.db.transaction().execute(async (trx) => {
      const linked = await findSocialLink(trx, provider, id.subject);
      if (linked) return linked.user_id;
      let userId: number | undefined;
      if (id.email && id.emailVerified) {
        const byEmail = await findUserByEmail(trx, id.email);
        if (byEmail?.email_verified_at) userId = byEmail.id;
      }
      if (userId === undefined) {
        const emailFree = id.email && id.emailVerified ? !(await findUserByEmail(trx, id.email)) : false;
        userId = (
          await insertUser(trx, {
            name: (id.name ?? id.email?.split('@')[0] ?? `${PROVIDER_NAME[provider]} user`).slice(0, 150),
            email: emailFree ? id.email : null,
            phone: null,
            phone_code: '+968',
            country: null,
            password_hash: null,
            profile_photo: null,
            gender: null,
            date_of_birth: null,
            phone_verified_at: null,
            email_verified_at: emailFree ? now : null,
            last_online_at: now,
            created_at: now,
            updated_at: now,
          })
        ).id;
      }
      await linkSocialAccount(trx, { user_id: userId, provider, subject: id.subject, email: id.email, created_at: now });
      return userId;
    });
  }

  async function signIn(
    provider: SocialProvider,
    body: SocialTokenBody,
    locale: Locale,
  ): Promise<{ user: User; access: Access }> {
    const identity = await identify(provider, body);
    let userId: number;
    try {
      userId = await accountFor(provider, identity);
    } catch (error) {
      // The same first sign-in twice at once: the second finds the first one's link.
      if (!isUniqueViolation(error)) throw error;
      userId = await accountFor(provider, identity);
    }
    const row = await findUserById(ctx.db, userId);
    if (!row) throw new Error(`user ${userId} vanished during sign-in`);
    // The same answer, in the visitor's language, as a password sign-in of a deactivated account.
    if (row.is_active !== 1) throw new HttpError(403, accountDeactivated(locale));
    const access = await issueToken(ctx.db, 'user', row.id, provider);
    return { user: toUser(row), access };
  }

  return { signIn };
}
