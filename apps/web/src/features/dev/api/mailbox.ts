import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/api-error';
import { request } from '../../../lib/api/request';

export type MailboxMessage = {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  template: string;
  status: string;
  createdAt: string;
};

export type MailboxResult = { available: true; messages: MailboxMessage[] } | { available: false; messages: [] };

/** GET /api/dev/mailbox[?recipient=]: the outbox, newest first. The API is not there in production (404). */
async function fetchMailbox(recipient: string): Promise<MailboxResult> {
  try {
    const { json } = await request<{ messages: MailboxMessage[] }>('/api/dev/mailbox', {
      query: { recipient: recipient.trim() || undefined, limit: 100 },
      handleSessionExpiry: false,
      checkSession: false,
    });
    return { available: true, messages: Array.isArray(json.messages) ? json.messages : [] };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { available: false, messages: [] };
    throw error;
  }
}

const mailboxQueryOptions = (recipient: string) =>
  queryOptions({
    queryKey: ['dev', 'mailbox', recipient.trim().toLowerCase()] as const,
    queryFn: () => fetchMailbox(recipient),
    staleTime: 0,
    refetchInterval: 5000,
    retry: false,
  });

export function useMailbox(recipient: string) {
  return useQuery(mailboxQueryOptions(recipient));
}

/** A template rendered with sample data (GET /api/dev/mailbox/templates). */
type MailTemplatePreview = { template: string; subject: string; html: string; text: string };

type TemplatesResult = { available: true; templates: MailTemplatePreview[] } | { available: false; templates: [] };

/** Every e-mail template with sample data, in this host's brand (outside production: 404 there). */
async function fetchTemplates(): Promise<TemplatesResult> {
  try {
    const { json } = await request<{ templates: MailTemplatePreview[] }>('/api/dev/mailbox/templates', {
      handleSessionExpiry: false,
      checkSession: false,
    });
    return { available: true, templates: Array.isArray(json.templates) ? json.templates : [] };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { available: false, templates: [] };
    throw error;
  }
}

export function useMailTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ['dev', 'mailbox', 'templates'] as const,
    queryFn: fetchTemplates,
    enabled,
    retry: false,
  });
}
