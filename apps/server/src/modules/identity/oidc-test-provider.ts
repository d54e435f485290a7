import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestClient = { client_id: string; client_secret: string; redirect_uris: string[] };
export type TestAccountClaims = {
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
};

export type TestProvider = { issuer: string; close(): Promise<void> };

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with a random port, for the tests: its development
 * interactions accept any login name as the account id, then ask for consent. Accounts' claims come from
 * `accounts`; the ID token carries the e-mail claims (as Google's does).
 */
export async function startTestProvider(options: {
  clients: TestClient[];
  accounts: Record<string, TestAccountClaims>;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      ...c,
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    async findAccount(_ctx: unknown, sub: string) {
      return { accountId: sub, claims: async () => ({ sub, ...(options.accounts[sub] ?? {}) }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    conformIdTokenClaims: false,
    cookies: { keys: ['granary-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A minimal browser for the provider's pages: a cookie jar per host and manual redirects. */
export class ProviderBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookieHeader(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map<string, string>()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(url: URL, res: Response): void {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(url.host, cookies);
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { cookie: this.cookieHeader(target) };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(target, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    this.store(target, res);
    return res;
  }

  /**
   * Follows the provider's redirects and pages from an authorization URL, signing in as `accountId` and
   * consenting, until the provider sends the browser to `stopAt` (the relying party): the redirect URL
   * (response_mode=query) or the fields of the auto-submitted form (form_post).
   */
  async authorize(
    authorizationUrl: string,
    accountId: string,
    stopAt: string,
  ): Promise<{ url: string } | { formAction: string; fields: Record<string, string> }> {
    let url = authorizationUrl;
    let method: 'GET' | 'POST' = 'GET';
    let form: Record<string, string> | undefined;
    for (let step = 0; step < 20; step++) {
      if (url.startsWith(stopAt)) return { url };
      const res = await this.request(url, { method, form });
      method = 'GET';
      form = undefined;
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location') ?? '', url).href;
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 500)}`);
      const action =
        html.match(/<form[^>]*method="post"[^>]*action="([^"]+)"/i)?.[1] ??
        html.match(/<form[^>]*action="([^"]+)"[^>]*method="post"/i)?.[1];
      if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 500)}`);
      const actionUrl = new URL(action.replaceAll('&amp;', '&'), url).href;
      if (actionUrl.startsWith(stopAt)) {
        const fields: Record<string, string> = {};
        for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
          fields[m[1] ?? ''] = (m[2] ?? '')
            .replaceAll('&quot;', '"')
            .replaceAll('&#39;', "'")
            .replaceAll('&lt;', '<')
            .replaceAll('&gt;', '>')
            .replaceAll('&amp;', '&');
        }
        return { formAction: actionUrl, fields };
      }
      url = actionUrl;
      method = 'POST';
      form = html.includes('name="login"')
        ? { prompt: 'login', login: accountId, password: 'any' }
        : { prompt: 'consent' };
    }
    throw new Error('the provider did not send the browser back');
  }
}
