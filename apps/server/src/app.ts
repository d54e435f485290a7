import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { TRACE_ID_HEADER } from '@granary/domain';
import type { Database } from './platform/db.ts';
import type { Env } from './platform/env.ts';
import type { AppContext } from './platform/context.ts';
import { registerAccessControl } from './platform/access.ts';
import { registerApiDocs } from './platform/api-docs.ts';
import { AppError, registerErrorHandler } from './platform/errors.ts';
import { registerRequestTransactions } from './platform/request-transaction.ts';
import { registerRequestRules } from './platform/request-rules.ts';
import { serializeRequest } from './platform/logging.ts';
import { registerWriteLimits } from './platform/write-limits.ts';
import { postgresRateLimitStore } from './platform/rate-limit-store.ts';
import { getOrCreateSetting } from './platform/settings.repo.ts';
import { randomToken } from './platform/crypto.ts';
import { createPartnerDirectory } from './modules/partners/partners.service.ts';
import { partnerRoutes } from './modules/partners/partners.routes.ts';
import { partnerSettingsRoutes } from './modules/partners/partner-settings.routes.ts';
import { shellRoutes } from './modules/shell/shell.routes.ts';
import { partnerIconRoutes } from './modules/partners/partner-icon.routes.ts';
import { pagesRoutes } from './modules/shell/pages.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { magicLinkRoutes } from './modules/identity/magic-link.routes.ts';
import { passwordRoutes } from './modules/identity/password.routes.ts';
import { oidcRoutes } from './modules/identity/oidc.routes.ts';
import { smsRoutes } from './modules/identity/sms.routes.ts';
import { actAsRoutes } from './modules/identity/act-as.routes.ts';
import { signupRoutes } from './modules/identity/signup.routes.ts';
import { verificationRoutes } from './modules/identity/verification.routes.ts';
import { botCheckRoutes } from './modules/identity/bot-check.routes.ts';
import { mailboxRoutes } from './modules/identity/mailbox.routes.ts';
import { createBotCheck } from './modules/identity/bot-check.ts';
import { crmMarketsRoutes } from './modules/crm-markets/crm-markets.routes.ts';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes.ts';
import { crmClientsRoutes } from './modules/crm-clients/crm-clients.routes.ts';
import { crmContractsRoutes } from './modules/crm-contracts/crm-contracts.routes.ts';
import { pricingFarmerRoutes } from './modules/crm-contracts/pricing-farmer.routes.ts';
import { createPublicPageRenderer, publicMarketRoutes } from './modules/public-market/public-market.routes.ts';
import { esignRoutes } from './modules/esign/esign.routes.ts';
import { contractWritingRoutes } from './modules/contract-writing/contract-writing.routes.ts';
import { deliveriesRoutes } from './modules/deliveries/deliveries.routes.ts';
import { settlementsRoutes } from './modules/settlements/settlements.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { ingestRoutes } from './modules/ingest/ingest.routes.ts';
import { crmAdminRoutes } from './modules/crm-admin/crm-admin.routes.ts';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { teamRoutes } from './modules/enterprise-team/team.routes.ts';
import { staffAdminRoutes } from './modules/staff-admin/staff-admin.routes.ts';
import { enterprisesRoutes } from './modules/enterprises/enterprises.routes.ts';
import { addressesRoutes } from './modules/addresses/addresses.routes.ts';
import { demoAbnRegister } from './modules/addresses/abn-register.ts';
import { esignProviderFromEnv } from './modules/esign/providers/select-provider.ts';
import { profitCenterRoutes } from './modules/profit-center/profit-center.routes.ts';
import { sustainabilityCrmRoutes, sustainabilityRoutes } from './modules/sustainability/sustainability.routes.ts';
import { enrolmentSignedHook } from './modules/sustainability/sustainability.public.ts';
import { marketingPlanRoutes } from './modules/marketing-plan/marketing-plan.routes.ts';
import { scsParametersRoutes } from './modules/structures/parameters.routes.ts';
import { scsPricingRoutes } from './modules/structures/pricing.routes.ts';
import { positionsRoutes } from './modules/structures/positions.routes.ts';
import { bookingRoutes } from './modules/structures/booking.routes.ts';
import { closePricingPool, structureSignedHook } from './modules/structures/structures.public.ts';
import { structureObservationJobs } from './modules/structures/observation.job.ts';
import { structureRiskJobs } from './modules/structures/positions.risk.ts';
import { farmerHomeRoutes } from './modules/farmer-home/farmer-home.routes.ts';
import { partnerOnboardingRoutes } from './modules/partner-onboarding/partner-onboarding.routes.ts';
import { farmerClients } from './modules/profit-center/profit-center.public.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
import { eventsRoutes } from './platform/events.routes.ts';
import { futuresRoutes } from './modules/futures/futures.routes.ts';
import { publicMarketAdminRoutes } from './modules/public-market-admin/public-market-admin.routes.ts';
import { storeCatalogRoutes } from './modules/store-catalog/store-catalog.routes.ts';
import { storePagesRoutes } from './modules/store-catalog/store-pages.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { storeOrdersRoutes } from './modules/store-orders/store-orders.routes.ts';
import { orderStatusRoutes } from './modules/store-orders/order-status.routes.ts';
import { storeOrderInvoiceRoutes } from './modules/store-orders/invoice.routes.ts';
import { storeDialogsRoutes } from './modules/store-dialogs/store-dialogs.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { legalTextsRoutes } from './modules/legal-texts/legal-texts.routes.ts';
import { storeAgreementsRoutes } from './modules/store-agreements/store-agreements.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';

export type BuildAppOptions = {
  database: Database;
  env: Env;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; null to serve no pages (API-only tests). */
  webDist?: string | null;
};

/** A trace id the client sent (a decimal of at most 19 digits) is kept; otherwise one is made. */
function traceIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value && /^\d{1,19}$/.test(value)) return value;
  const bytes = new BigUint64Array(1);
  crypto.getRandomValues(bytes);
  return String((bytes[0] ?? 0n) >> 1n);
}

function readBuildTag(webDist: string | null): string {
  const file = webDist ? join(webDist, 'build.json') : null;
  if (file && existsSync(file)) {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { tag?: unknown };
      if (typeof parsed.tag === 'string') return parsed.tag;
    } catch {
      // fall through: a broken build.json is not worth refusing to start over
    }
  }
  return 'dev';
}

/** Builds the whole server: platform plugins first, then each module, registered explicitly. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { database, env } = options;
  const webDist = options.webDist ?? null;
  const logger = options.logger ?? false;
  const app = Fastify({
    // Request URLs are logged with their secrets (reset, sign-in and signing tokens) redacted.
    logger:
      typeof logger === 'object'
        ? { ...logger, serializers: { req: serializeRequest, ...logger.serializers } }
        : logger,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    genReqId: (req) => traceIdFrom(req.headers[TRACE_ID_HEADER.toLowerCase()]),
    logController: new LogController({ requestIdLogLabel: 'traceId' }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First: every later hook and handler runs in the request's database scope (request-transaction.ts).
  registerRequestTransactions(app, database);
  registerRequestRules(app);

  const ctx: AppContext = {
    database,
    env,
    sessions: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: env.SESSION_MAX_DAYS * 86_400_000,
      alwaysSecure: env.NODE_ENV === 'production',
    },
    csrfSecret: await getOrCreateSetting(database.db, 'csrf_secret', () => randomToken(32)),
    webDist,
  };

  app.addHook('onRequest', async (request, reply) => {
    reply.header(TRACE_ID_HEADER, request.id);
  });
  app.addHook('onClose', async () => {
    // The structures' pricing workers (decision 062), started on the first valuation.
    await closePricingPool();
    await database.close();
  });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Served over plain http on localhost in development; a proxy adds HSTS in production.
    strictTransportSecurity: env.NODE_ENV === 'production',
  });
  registerWriteLimits(app, ctx);
  await app.register(fastifyRateLimit, {
    global: false,
    store: postgresRateLimitStore(database.db),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds before trying again.`,
    }),
  });
  registerAccessControl(app, ctx);
  // The API's OpenAPI description, generated from the routes' zod schemas, and its reference at /api/docs.
  await registerApiDocs(app, env);

  const partners = createPartnerDirectory(database.db);
  await app.register(shellRoutes, { ctx, partners, buildTag: readBuildTag(webDist) });
  // The partner's icon at /favicon.svg and /favicon.ico (issue 13: no more 404 on every page load).
  await app.register(partnerIconRoutes, { partners });
  await app.register(partnerRoutes, { partners });
  await app.register(partnerSettingsRoutes, { ctx, partners });
  const identity = { ctx, partners, botCheck: await createBotCheck(ctx) };
  await app.register(identityRoutes, identity);
  await app.register(magicLinkRoutes, identity);
  await app.register(passwordRoutes, identity);
  await app.register(oidcRoutes, identity);
  await app.register(smsRoutes, identity);
  await app.register(actAsRoutes, identity);
  await app.register(signupRoutes, identity);
  await app.register(verificationRoutes, identity);
  await app.register(botCheckRoutes, identity);
  if (env.NODE_ENV !== 'production') await app.register(mailboxRoutes, identity);
  // Buyer CRM (issue 4): markets and dashboard, clients and notes, contracts.
  await app.register(crmMarketsRoutes, { ctx, partners });
  await app.register(crmClientsRoutes, { ctx, partners });
  await app.register(crmContractsRoutes, { ctx, partners });
  await app.register(savedViewsRoutes, { ctx, partners });
  // The grain book's write side (issue 14): writing contracts, deliveries, settlements and payments.
  await app.register(contractWritingRoutes, { ctx, partners });
  await app.register(deliveriesRoutes, { ctx, partners });
  await app.register(settlementsRoutes, { ctx, partners });
  await app.register(paymentsRoutes, { ctx, partners });
  // Data in and the CRM administrator (issue 15): ERP syncs and imports, the partner's users and permissions, API tokens.
  await app.register(ingestRoutes, { ctx, partners });
  await app.register(crmAdminRoutes, { ctx, partners });
  await app.register(apiTokensRoutes, { ctx, partners });
  // A farm business's team: members, access flags, invitations (issue 16, decision 052).
  await app.register(teamRoutes, { ctx, partners });
  await app.register(staffAdminRoutes, { ctx });
  // The enterprise (farm business) profile, the switcher and a user's own profile (issue 16, decision 050).
  await app.register(enterprisesRoutes, { ctx });
  // A farm business's one address book, delivery contacts and ABN; Australian accounts (issue 16, decision 051).
  await app.register(addressesRoutes, { ctx, partners, abnRegister: demoAbnRegister });
  // E-signing of contracts (issue 5): the built-in provider unless ESIGN_PROVIDER names another.
  const esignProvider = esignProviderFromEnv(env.ESIGN_PROVIDER);
  // A signed sustainability enrolment's notices (decision 059): the hook keeps e-sign from importing sustainability.
  const onEnrolmentSigned = enrolmentSignedHook({ ctx, partners, provider: esignProvider });
  // A signed structure confirmation's notice (issue 18): the hook keeps e-sign from importing the structures module.
  const onStructureSigned = structureSignedHook({ ctx });
  await app.register(esignRoutes, { ctx, partners, provider: esignProvider, onEnrolmentSigned, onStructureSigned });
  // My Sales Lite (issue 5): the farmer's own contracts, tickets, summary and balances.
  await app.register(profitCenterRoutes, { ctx });
  // Sustainability programs (issue 17, decision 059): the farmer's enrolment and the buyer's enrolled clients.
  // Enrolments are signed through the e-sign module (decision 016's enrolment kind): the same provider.
  await app.register(sustainabilityRoutes, { ctx, partners, provider: esignProvider, onEnrolmentSigned });
  await app.register(sustainabilityCrmRoutes, { ctx, partners });
  // The profit center's marketing tab: marketing plans and price alerts (issue 17, decision 058).
  await app.register(marketingPlanRoutes, { ctx });
  // Structured products' pricing (issue 18, decisions 061 and 062): the pricing tool, theos, zero-cost solves, the
  // exchange calendar and quotes; and the pricing parameters the structures admin edits.
  await app.register(scsPricingRoutes, { ctx, partners });
  await app.register(scsParametersRoutes, { ctx, partners });
  // Structured products' booking and life (issue 18, decision 062): quotes, trades (confirmed through e-sign when
  // asked), the CRM list, close costs and close requests, and the farmer's read-only structures.
  await app.register(bookingRoutes, { ctx, partners, provider: esignProvider });
  // Structured products' nightly observation (issue 18, decision 062): on each settlement and a recurring catch-up.
  await app.register(structureObservationJobs, { ctx });
  // The live structures' stored delta and gamma, valued in the background (decision 062 'Positions', 'Stored risk').
  await app.register(structureRiskJobs, { ctx });
  // The merchandiser's position (issue 18, decision 062 'Positions'): hedge trades and the position by futures month.
  await app.register(positionsRoutes, { ctx, partners });
  // The farmer's home at /dashboard (issue 17): what needs them now, their bids and notifications, in one call.
  await app.register(farmerHomeRoutes, { ctx, partners });
  // Partner onboarding (issue 17, decision 060): a farmer links their elevator's grain account with a code.
  await app.register(partnerOnboardingRoutes, { ctx, partners });
  await app.register(pricingFarmerRoutes, { ctx });
  // Cash bids (issue 5): the CRM's instruments and a farmer's read of a market's public bids.
  await app.register(bidsRoutes, { ctx, partners });
  // Farmer offers as working orders (issue 5): /crm/offers' calls, the farmer's offers, the price watcher.
  await app.register(offersRoutes, { ctx, partners });
  // Live events (server-sent events) and the futures quotes (issue 5).
  await app.register(eventsRoutes, { ctx, partners, farmerClients });
  await app.register(futuresRoutes, { ctx, partners });
  // Public page admin (issue 5): what each market's public page shows, its hours and announcements.
  await app.register(publicMarketAdminRoutes, { ctx, partners });
  // The public market page (issue 5): its JSON, and its light HTML entry served by the pages route.
  await app.register(publicMarketRoutes, { ctx, partners });
  // The farm-input store's catalogue (issue 6): anyone may browse it.
  await app.register(storeCatalogRoutes, { ctx });
  // The store's information pages (issue 6): acre plans, house-brand packs, feed products, warehouse locations.
  await app.register(storePagesRoutes, { ctx });
  // The store's server-side cart (issue 6): guests (cookie) and signed-in users, serial-checked writes.
  await app.register(cartRoutes, { ctx });
  await app.register(checkoutRoutes, { ctx, partners });
  // A buyer's store orders, reviews, readiness actions, previously purchased products and shopping lists (issue 6).
  await app.register(storeOrdersRoutes, { ctx });
  await app.register(orderStatusRoutes, { ctx, partners });
  // An order's invoice as a PDF (issue 13), with the partner's brand words.
  await app.register(storeOrderInvoiceRoutes, { ctx, partners });
  // The store dialogs (platform.md 2.9): accept the terms of service, the marketing-subscribe dialog.
  await app.register(storeDialogsRoutes, { ctx, partners });
  // Notification preferences, the in-app list and one-click unsubscribe (issue 16, decision 055).
  await app.register(notificationsRoutes, { ctx, partners });
  // The legal pages' texts (platform.md 2.1): each partner's own, edited by its administrators.
  await app.register(legalTextsRoutes, { ctx, partners });
  await app.register(storeAgreementsRoutes, { ctx, partners });
  // Uploaded files (platform.md 3.6, 4.4): raw-body uploads of PDF/PNG/JPEG, the owner's alone.
  await app.register(uploadsRoutes, { ctx });
  // A farm business's billing (issue 17, decision 056): payment methods, what it paid and what it was paid.
  await app.register(billingRoutes, { ctx });
  await app.register(pagesRoutes, { ctx, publicPages: createPublicPageRenderer(ctx, partners) });

  // An unknown route answers like every refusal: the error handler's { code, message } body, with the code's status.
  app.setNotFoundHandler(async (request) => {
    throw new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
  });

  return app;
}
