/** Wording of the dev mailbox (/dev/mailbox, outside production only). Loaded with its page (areas/dev.ts). */
export const devMessages = {
  'mailbox.title': 'Dev mailbox',
  'mailbox.subtitle': 'Every e-mail and text message the app sent, newest first. Links open right here.',
  'mailbox.devOnly': 'Development only',
  'mailbox.recipient': 'Recipient',
  'mailbox.refresh': 'Refresh',
  'mailbox.messages': 'Messages',
  'mailbox.to': 'To {recipient}',
  'mailbox.sms': 'Text message',
  'mailbox.empty': 'No messages yet.',
  'mailbox.unavailable': 'The mailbox is only available outside production.',
} as const;
