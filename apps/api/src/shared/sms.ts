import type { AccountsConfig } from '../config';

/** A text message through the SMS gateway (SMS_DRIVER=http): POST {to, message, reference?} as JSON. */
export interface SmsSender {
  send(m: { to: string; message: string; reference?: string }): Promise<void>;
}

/** The SMS gateway of SMS_DRIVER=http; null with SMS_DRIVER=log (the callers log instead). */
export function createSmsSender(sms: AccountsConfig['sms']): SmsSender | null {
  if (sms.driver !== 'http' || !sms.url) return null;
  const url = sms.url;
  return {
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(sms.token ? { authorization: `Bearer ${sms.token}` } : {}),
        },
        body: JSON.stringify(m),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
