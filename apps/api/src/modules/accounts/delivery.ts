import type { FastifyBaseLogger } from 'fastify';
import type { AccountsConfig, AppConfig } from '../../config';
import { createMailer } from '../../shared/mailer';
import { createSmsSender } from '../../shared/sms';

export interface CodeMessage {
  channel: 'phone' | 'email';
  /** E-mail address, or the phone number with its dialling code (+96891234567). */
  to: string;
  code: string;
  minutes: number;
}

/** Sends one-time codes by the configured e-mail and SMS drivers. */
export interface Notifier {
  sendCode(message: CodeMessage): Promise<void>;
}

const codeText = (m: CodeMessage) =>
  `Your Souq verification code is ${m.code}. It expires in ${m.minutes} minutes. Do not share it with anyone.`;

export function createNotifier(config: AccountsConfig, appEnv: AppConfig['appEnv'], log: FastifyBaseLogger): Notifier {
  const local = appEnv === 'local';
  const logDriver = (m: CodeMessage) => {
    // The code itself is written only in the local environment.
    if (local) log.info({ channel: m.channel, to: m.to, otp: m.code }, `one-time code for ${m.to}: ${m.code}`);
    else log.info({ channel: m.channel, to: m.to }, 'one-time code issued (log driver: not delivered)');
  };

  const mailer = createMailer(config.mail);

  async function sendMail(m: CodeMessage) {
    if (!mailer) return logDriver(m);
    await mailer.send({ to: m.to, subject: 'Your verification code', text: codeText(m) });
  }

  const sms = createSmsSender(config.sms);

  async function sendSms(m: CodeMessage) {
    if (!sms) return logDriver(m);
    await sms.send({ to: m.to, message: codeText(m) });
  }

  return {
    async sendCode(m) {
      if (m.channel === 'email') await sendMail(m);
      else await sendSms(m);
    },
  };
}
