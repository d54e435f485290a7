import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { listOutbox, type OutboxMessage } from '../platform/outbox.ts';
import type { Database } from '../platform/db.ts';
import { cookiesFrom } from './test-app.ts';

/**
 * A browser for API tests: keeps its cookies (the anonymous id, the session), sends the CSRF token the
 * bootstrap gave it, and comes from its own IP (rate limits are per IP).
 */
export class TestBrowser {
  cookies: Record<string, string> = {};
  csrf = '';

  constructor(
    private readonly app: FastifyInstance,
    readonly ip: string,
  ) {}

  static async open(app: FastifyInstance, ip: string, cookies: Record<string, string> = {}): Promise<TestBrowser> {
    const browser = new TestBrowser(app, ip);
    browser.cookies = { ...cookies };
    await browser.bootstrap();
    return browser;
  }

  private cookieHeader(): string {
    return Object.entries(this.cookies)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  }

  private keep(res: LightMyRequestResponse): void {
    for (const [name, value] of Object.entries(cookiesFrom(res.headers['set-cookie']))) this.cookies[name] = value;
  }

  async bootstrap(): Promise<void> {
    const res = await this.app.inject({
      method: 'GET',
      url: '/api/bootstrap',
      remoteAddress: this.ip,
      headers: { cookie: this.cookieHeader() },
    });
    this.keep(res);
    this.csrf = res.json().csrf;
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.ip,
      headers: { cookie: this.cookieHeader() },
    });
    this.keep(res);
    return res;
  }

  async post(url: string, payload: unknown = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: 'POST',
      url,
      remoteAddress: this.ip,
      headers: { cookie: this.cookieHeader(), 'x-csrf-token': this.csrf },
      payload: payload as Record<string, unknown>,
    });
    const before = this.cookies.granary_session;
    this.keep(res);
    // A new session means a new CSRF token (the page re-reads the bootstrap after any sign-in).
    if (this.cookies.granary_session !== before) await this.bootstrap();
    return res;
  }

  /** Who the browser is signed in as (null when signed out). */
  async whoAmI(): Promise<string | null> {
    const res = await this.get('/api/auth/session');
    return res.statusCode === 200 ? (res.json().userId as string) : null;
  }
}

/** The newest message sent to a recipient (e-mail address or E.164 number), optionally of one template. */
export async function lastMessage(
  database: Database,
  recipient: string,
  template?: string,
): Promise<OutboxMessage | null> {
  const messages = await listOutbox(database.db, { recipient, limit: 50 });
  return messages.find((m) => !template || m.template === template) ?? null;
}

export async function messagesTo(database: Database, recipient: string): Promise<OutboxMessage[]> {
  return listOutbox(database.db, { recipient, limit: 50 });
}

/** The 6-digit code in a message. */
export function codeIn(message: OutboxMessage | null): string {
  const match = message?.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code in ${message?.text ?? 'no message'}`);
  return match[1];
}

/** The link (first URL) in a message. */
export function linkIn(message: OutboxMessage | null): URL {
  const match = message?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${message?.text ?? 'no message'}`);
  return new URL(match[0]);
}
