import { createStore, useStore } from '~/shared/store';

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

export const RESEND_SECONDS = 60;
export const DEMO_LOGIN = { phone: '91234567', password: 'password' } as const;
