import type { Transporter } from 'nodemailer';
import type { Transport } from './outbox.ts';

/**
 * E-mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@mail.example.com:587). nodemailer is loaded with the first
 * mail sent (~20 MB a server without SMTP_URL, or that sends nothing, need not hold).
 */
export function smtpTransport(url: string, from: string): Transport {
  let transporter: Promise<Transporter> | null = null;
  return {
    channel: 'email',
    async send(message) {
      transporter ??= import('nodemailer').then((m) => m.default.createTransport(url));
      await (
        await transporter
      ).sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}
