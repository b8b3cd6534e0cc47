import { createStore, useStore } from '~/shared/store';
import { formErrors } from '~/shared/ui/form';
import { authApi } from './api';

/**
 * What the code and new-password dialogs need from the step before: who the code went to, why
 * (registration verification or forgot password), and the reset token from verify-otp.
 */
export interface AuthFlow {
  purpose: 'register' | 'forgot';
  phone: string;
  phoneCode: string | null;
  /** When the last code was sent (ms), for the 60 s resend countdown. */
  sentAt: number;
  resetToken: string | null;
  /** After a password reset, the login opens with this phone or e-mail. */
  loginPrefill: string;
}

export const flowStore = createStore<AuthFlow>({
  purpose: 'forgot',
  phone: '',
  phoneCode: null,
  sentAt: 0,
  resetToken: null,
  loginPrefill: '',
});
export const useFlow = <S>(selector: (f: AuthFlow) => S) => useStore(flowStore, selector);

export const DEMO_LOGIN = { phone: '91234567', password: 'password' } as const;

/**
 * Sends a verification code; the answer (or a 429) is only toasted on failure. Verifying the new
 * account's own phone or e-mail passes its token: the server sends codes to an unverified phone or
 * e-mail only when its signed-in owner asks.
 */
export async function sendCode(
  body: { phone: string; phone_code?: string | null; forgot_password?: boolean },
  locale: string,
  fallback: string,
  token?: string | null,
) {
  try {
    const answer = await authApi.sendOtp(body, locale, token);
    flowStore.set({ sentAt: Date.now() });
    return answer;
  } catch (error) {
    flowStore.set({ sentAt: 0 });
    formErrors(error, { fallback, fields: [] });
    return null;
  }
}
