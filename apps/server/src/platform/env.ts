import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads from its environment, validated once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The address to listen on. Unset: `localhost` (this machine only: 127.0.0.1 and ::1) outside production, every
   * interface (0.0.0.0) in production, where a proxy or a container's port mapping reaches it (docs/decisions/025).
   */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  WEB_VERSION_REQUIRED: z.coerce.number().int().positive().default(63),
  WEB_VERSION_LATEST: z.coerce.number().int().positive().default(64),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  /** Absolute session lifetime: however busy a session is kept, after this many days its user signs in again. */
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  TRUST_PROXY: bool,
  /** Public origin used in links that go out by e-mail (magic links, resets). */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Granary <no-reply@granary.test>'),
  /** Bot check on sign-in, signup and the other listed actions: altcha (self-hosted proof of work), recaptcha or off. */
  BOT_CHECK: z.enum(['altcha', 'recaptcha', 'off']).optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  /**
   * OpenID Connect sign-in (issue 3). A provider is on only when its client id is set (and, for SSO, its
   * issuer). The issuer is discovered lazily through /.well-known/openid-configuration; plain http is
   * accepted only for a loopback issuer outside production (local test providers).
   */
  OIDC_GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_GOOGLE_NAME: z.string().min(1).default('Google'),
  OIDC_APPLE_ISSUER: z.string().url().default('https://appleid.apple.com'),
  OIDC_APPLE_CLIENT_ID: z.string().min(1).optional(),
  /** Apple's client secret is a signed JWT (ES256, made from the team's key); it is used as given. */
  OIDC_APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_APPLE_NAME: z.string().min(1).default('Apple'),
  /** Apple answers with a form POST when e-mail is asked for; a test provider may use the query. */
  OIDC_APPLE_RESPONSE_MODE: z.enum(['form_post', 'query']).default('form_post'),
  /** A partner's own identity provider (the /sign-in/sso button). */
  OIDC_SSO_ISSUER: z.string().url().optional(),
  OIDC_SSO_CLIENT_ID: z.string().min(1).optional(),
  OIDC_SSO_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SSO_NAME: z.string().min(1).default('SSO'),
  /** When set, the SSO provider signs in only users of this partner (a partner's own identity provider). */
  OIDC_SSO_PARTNER: z.string().min(1).optional(),
  /** The futures price feed: the simulated demo feed, or off (quotes change only by the admin CSV import). Off under test by default. */
  PRICE_FEED: z.enum(['simulated', 'off']).optional(),
  /** How often the simulated feed ticks. */
  PRICE_FEED_INTERVAL_MS: z.coerce.number().int().min(500).default(5000),
  /**
   * The card payment provider of the store and billing (docs/decisions/021, 056): 'test' is built in; 'off' offers no
   * card payment. Unset: 'test' outside production and tests (the demo), 'off' in production and under test.
   */
  CARD_PROVIDER: z.enum(['test', 'off']).optional(),
  /** The API reference at /api/docs: unset, on outside production and off in production (platform/api-docs.ts). */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /**
   * Experiment flags that are on (platform.md 4.6; the seam until an experiment service is wired in, 7.7): a comma-
   * or space-separated list of `flag` (variant 'on') or `flag=variant`, delivered in the bootstrap as `experiments`.
   * E.g. EXPERIMENT_FLAGS=store-marketing-subscribe shows the store's marketing-subscribe dialog (2.9). Empty: none.
   */
  EXPERIMENT_FLAGS: z.string().default(''),
  /** The e-signature provider contracts are sent through; 'builtin' (our own signing page) when unset. */
  ESIGN_PROVIDER: z.string().min(1).optional(),
  /** The payment provider approved payments are sent through (docs/decisions/045); 'builtin' when unset. */
  PAYMENT_PROVIDER: z.string().min(1).optional(),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof envSchema>;

/** Where the server listens: HOST, else this machine only outside production and every interface in production. */
export function listenHost(env: Env): string {
  return env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
}

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return parsed.data;
}
