import nodemailer from 'nodemailer';
import type { Transport } from './outbox.ts';

/** E-mail over SMTP (`SMTP_URL`, e.g. smtp://user:pass@mail.example.com:587). */
export function smtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url);
  return {
    channel: 'email',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}
