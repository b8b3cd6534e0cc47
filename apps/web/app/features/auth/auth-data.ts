import type { SocialProvider } from '@souq/contracts';
import { authStore, clearAuth, runLogoutCleanups } from '~/shared/auth-store';
import { documentLocale, makeTranslate, messagesOf } from '~/shared/i18n';
import { formErrors, type ActionResult } from '~/shared/ui/form';
import { toast, TOAST_SUCCESS_MS } from '~/shared/ui/toast';
import { authApi, loadUserData, storeSession } from './api';
import { flowStore, sendCode, type AuthFlow } from './flow';

/**
 * The sign-in dialogs' action (routes/resources/auth.ts, decision 036), by `intent`: `login`,
 * `register` (and the code to verify the new account, when the settings ask for one), `social` (the
 * provider's grant, got by its SDK in the click), `logout`, and the code steps — `forgot` (a reset code
 * to the phone or e-mail given), `verify` and `resend` (of the flow in `flowStore`), `reset` (the new
 * password). It stores the session, says so in a toast,
 * and answers the dialog what to do next; a refusal answers the fields' errors (anything else is toasted).
 */
export const AUTH = '/resources/auth';

export type AuthDone =
  | { intent: 'login' | 'social' | 'logout' | 'forgot' | 'resend' | 'reset' }
  | { intent: 'register'; verify: { phone: string; phone_code: string | null } | null }
  | { intent: 'verify'; purpose: AuthFlow['purpose'] };

const text = (form: FormData, key: string) => String(form.get(key) ?? '');

/** How the dialogs submit to it: a sign-in's session is taken up by the pages that show it (their session hooks), not by reloading every loader. */
export const AUTH_SUBMIT = { method: 'post', action: AUTH, defaultShouldRevalidate: false } as const;

/** Logs out locally whatever the server says (SPEC §4): user, addresses, token, favourites, then the registered cleanups. */
export async function logout(locale: string) {
  const token = authStore.get().token;
  try {
    if (token) await authApi.logout(token, locale);
  } catch (error) {
    console.warn('logout call failed; signed out locally', error);
  }
  clearAuth();
  runLogoutCleanups();
}

export async function authAction({ request }: { request: Request }): Promise<ActionResult<AuthDone>> {
  const form = await request.formData();
  const locale = documentLocale();
  const t = makeTranslate(messagesOf(locale));
  const intent = text(form, 'intent');
  try {
    const step = await codeStep(intent, form, locale, t);
    if (step) return step;
    if (intent === 'logout') {
      await logout(locale);
      toast.success(t('account.logout_success'));
      return { ok: true, data: { intent } };
    }
    if (intent === 'register') {
      const body = {
        name: text(form, 'name').trim(),
        country: text(form, 'country'),
        phone_code: text(form, 'phone_code'),
        phone: text(form, 'phone'),
        email: text(form, 'email').trim(),
        password: text(form, 'password'),
      };
      const answer = await authApi.register(body, locale);
      storeSession(answer);
      toast.success(t('auth.register_success'), { duration: TOAST_SUCCESS_MS });
      // SPEC §5: with register_otp_verify on, the code goes to the new account's phone (or e-mail).
      const by = text(form, 'verify_by');
      const verify =
        by === 'email' && body.email
          ? { phone: body.email, phone_code: null }
          : by
            ? { phone: body.phone, phone_code: body.phone_code }
            : null;
      if (verify) void sendCode(verify, locale, t('auth.code_send_failed'), answer.data.access.token);
      return { ok: true, data: { intent, verify } };
    }
    const answer =
      intent === 'social'
        ? await authApi.social(text(form, 'provider') as SocialProvider, JSON.parse(text(form, 'grant')), locale)
        : await authApi.login({ phone: text(form, 'phone').trim(), password: text(form, 'password') }, locale);
    storeSession(answer);
    toast.success(t('auth.login_success'));
    void loadUserData(locale);
    return { ok: true, data: { intent: intent === 'social' ? 'social' : 'login' } };
  } catch (error) {
    const { fallback, fields } = REFUSALS[intent] ?? REFUSALS.login!;
    const errors = formErrors(error, { fallback: t(fallback), fields });
    // The API names the phone or e-mail of a reset code `phone` either way.
    if (intent === 'forgot')
      return {
        ok: false,
        errors: form.get('by_email') ? { email: errors.phone } : { phone: errors.phone, country: errors.phone_code },
      };
    return { ok: false, errors };
  }
}

/** Each intent's refusal: the message when the answer has none, and the fields it shows under its form. */
const REFUSALS: Record<string, { fallback: string; fields: string[] }> = {
  login: { fallback: 'auth.login_failed', fields: ['phone', 'password'] },
  register: { fallback: 'auth.register_failed', fields: ['name', 'country', 'phone', 'email', 'password'] },
  forgot: { fallback: 'auth.code_send_failed', fields: ['phone', 'phone_code'] },
  verify: { fallback: 'auth.code_invalid', fields: ['otp'] },
  reset: { fallback: 'auth.reset_failed', fields: ['password', 'password_confirmation'] },
};

/** The code steps of registration and forgot password; null for the other intents. */
async function codeStep(
  intent: string,
  form: FormData,
  locale: string,
  t: (key: string) => string,
): Promise<ActionResult<AuthDone> | null> {
  const flow = flowStore.get();
  if (intent === 'forgot') {
    const body = { phone: text(form, 'phone'), phone_code: text(form, 'phone_code') || null, forgot_password: true };
    await authApi.sendOtp(body, locale);
    flowStore.set({ purpose: 'forgot', phone: body.phone, phoneCode: body.phone_code, sentAt: Date.now(), resetToken: null });
    toast.success(t('auth.code_sent'));
    return { ok: true, data: { intent } };
  }
  if (intent === 'verify') {
    const answer = await authApi.verifyOtp({ phone: flow.phone, phone_code: flow.phoneCode, otp: text(form, 'otp') }, locale);
    if (flow.purpose === 'forgot') flowStore.set({ resetToken: answer.data.token });
    else toast.success(t('auth.verified'));
    return { ok: true, data: { intent, purpose: flow.purpose } };
  }
  if (intent === 'resend') {
    const body = {
      phone: flow.phone,
      phone_code: flow.phoneCode,
      ...(flow.purpose === 'forgot' ? { forgot_password: true } : {}),
    };
    // Verifying the new account's own phone or e-mail: its token (the server sends only to its owner).
    const answer = await sendCode(
      body,
      locale,
      t('auth.code_send_failed'),
      flow.purpose === 'register' ? authStore.get().token : null,
    );
    if (answer) toast.success(t('auth.code_sent'));
    return { ok: true, data: { intent } };
  }
  if (intent === 'reset') {
    const password = text(form, 'password');
    await authApi.resetPassword(
      { token: flow.resetToken ?? '', password, password_confirmation: text(form, 'password_confirmation') },
      locale,
    );
    flowStore.set({ resetToken: null, loginPrefill: flow.phone });
    toast.success(t('auth.password_reset_success'));
    return { ok: true, data: { intent } };
  }
  return null;
}
