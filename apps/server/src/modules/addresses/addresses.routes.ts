// The `/api/effu` calls of a farm business's address book, delivery contacts and Australian business number
// (platform.md 7.4, 3.4, 3.6, 6.5; decision 051). snake_case on the wire. Reading needs membership of the enterprise
// (anyone else's id answers 404); changing needs the owner or has_manage.

import {
  ADDRESS_TYPES,
  abnRecordSchema,
  addressBodySchema,
  addressInputOf,
  addressSuggestionsSchema,
  addressValidateBodySchema,
  addressGeocodeSchema,
  addressValidateResultSchema,
  apiErrorSchema,
  bookAddressListSchema,
  bookAddressSchema,
  bookContactListSchema,
  bookContactSchema,
  contactBodySchema,
  formatOfValidationType,
  geocodeOverrideBodySchema,
  wireProblems,
  type FieldProblem,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import type { AbnRegister } from './abn-register.ts';
import * as abn from './abn.service.ts';
import * as book from './address-book.service.ts';
import { builtinGeocoder, type Geocoder } from './geocoder.ts';
import * as geocodes from './geocodes.service.ts';

/** `geocoder`: the built-in offline one unless another is given (decision 051 addendum). */
type Options = { ctx: AppContext; partners: PartnerDirectory; abnRegister: AbnRegister; geocoder?: Geocoder };

const EFFU = '/api/effu';
const ADDRESSES = `${EFFU}/enterprises/:enterpriseId/addresses`;
const CONTACTS = `${EFFU}/enterprise/:enterprisePublicId/delivery-contact`;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema } as const;
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const enterpriseParams = z.object({ enterpriseId: id }).strict();
const typeParams = z.object({ enterpriseId: id, type: z.enum(ADDRESS_TYPES) }).strict();
const addressParams = z.object({ enterpriseId: id, addressId: id, type: z.enum(ADDRESS_TYPES) }).strict();
const defaultParams = z.object({ enterpriseId: id, addressId: id }).strict();
const geocodeParams = defaultParams;
const contactsParams = z.object({ enterprisePublicId: z.string().uuid() }).strict();
const contactParams = z.object({ enterprisePublicId: z.string().uuid(), contactId: id }).strict();
const suggestionsQuery = z.object({ q: z.string().max(200), enterprise_id: id.optional() }).strict();

function sharedOf({ ctx }: Options) {
  const db = ctx.database.db;
  const config = { access: 'session' as const };

  async function userOf(request: FastifyRequest) {
    return (await requireSession(ctx, request)).user.id;
  }
  /**
   * A member's book; for anyone else, staff reading books see it (read-only, a super admin may change it: decision
   * 051) and everyone else gets 404 (decision 051 addendum H1).
   */
  async function bookOf(request: FastifyRequest, enterpriseId: number) {
    const { user } = await requireSession(ctx, request);
    try {
      return await book.bookOfEnterprise(db, user.id, { id: enterpriseId });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      return geocodes.staffReadBook(ctx, user, enterpriseId);
    }
  }
  async function contactBookOf(request: FastifyRequest, publicId: string) {
    return book.bookOfEnterprise(db, await userOf(request), { publicId });
  }
  return { ctx, db, config, userOf, bookOf, contactBookOf };
}
type Shared = ReturnType<typeof sharedOf>;
type RoutesApp = Parameters<FastifyPluginAsyncZod<Options>>[0];

export const addressesRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith(EFFU)) reply.header('Cache-Control', 'no-store');
  });
  const shared = sharedOf(options);
  addressRoutes(app, shared);
  geocodeRoutes(app, shared, options.geocoder ?? builtinGeocoder);
  validationRoutes(app, shared);
  contactRoutes(app, shared);
  abnRoutes(app, shared, options);
};

/**
 * A write's refusal with its field problems named as this wire names the fields ('postal_code', not the store's
 * 'postalCode'): the book's service is shared with the checkout, whose calls are camelCase.
 */
async function onTheWire<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const fields = error instanceof AppError ? (error.details as { fields?: unknown } | null)?.fields : undefined;
    if (!(error instanceof AppError) || !Array.isArray(fields)) throw error;
    throw new AppError(error.code, error.message, {
      ...(error.details as object),
      fields: wireProblems(fields as FieldProblem[]),
    });
  }
}

/** Where an address lies (7.4 geocodes): members and staff reading books read it; geocode staff override it. */
function geocodeRoutes(app: RoutesApp, { ctx, db, config, bookOf }: Shared, geocoder: Geocoder): void {
  // --- Geocodes ------------------------------------------------------------------------------------------------
  const GEOCODES = `${ADDRESSES}/:addressId/geocodes`;
  app.get(
    GEOCODES,
    { config, schema: { params: geocodeParams, response: { 200: addressGeocodeSchema, ...errors } } },
    async (request) => {
      const { enterpriseId, addressId } = request.params;
      return geocodes.readGeocode(db, geocoder, await bookOf(request, enterpriseId), addressId);
    },
  );
  app.put(
    `${GEOCODES}/override`,
    {
      config,
      schema: {
        params: geocodeParams,
        body: geocodeOverrideBodySchema,
        response: { 200: addressGeocodeSchema, ...errors },
      },
    },
    async (request) => geocodes.overrideGeocode(ctx, request, geocoder, request.params, request.body),
  );
  app.delete(
    `${GEOCODES}/override`,
    { config, schema: { params: geocodeParams, response: { 200: addressGeocodeSchema, ...errors } } },
    async (request) => geocodes.overrideGeocode(ctx, request, geocoder, request.params, null),
  );
}

/** Addresses by type: list, add, change, make the default billing address, remove. */
function addressRoutes(app: RoutesApp, { db, config, bookOf }: Shared): void {
  // --- Addresses by type ---------------------------------------------------------------------------------------
  app.get(
    ADDRESSES,
    { config, schema: { params: enterpriseParams, response: { 200: bookAddressListSchema, ...errors } } },
    async (request) => ({
      addresses: (await book.listAddresses(db, await bookOf(request, request.params.enterpriseId))).map(
        book.bookAddressView,
      ),
    }),
  );
  app.get(
    `${ADDRESSES}/:type`,
    { config, schema: { params: typeParams, response: { 200: bookAddressListSchema, ...errors } } },
    async (request) => ({
      addresses: (
        await book.listAddresses(db, await bookOf(request, request.params.enterpriseId), request.params.type)
      ).map(book.bookAddressView),
    }),
  );
  app.post(
    `${ADDRESSES}/:type`,
    {
      config,
      schema: { params: typeParams, body: addressBodySchema, response: { 201: bookAddressSchema, ...errors } },
    },
    async (request, reply) => {
      const b = await bookOf(request, request.params.enterpriseId);
      const row = await onTheWire(book.createAddress(db, b, addressInputOf(request.params.type, request.body)));
      return reply.status(201).send(book.bookAddressView(row));
    },
  );
  app.put(
    `${ADDRESSES}/:addressId/:type`,
    {
      config,
      schema: { params: addressParams, body: addressBodySchema, response: { 200: bookAddressSchema, ...errors } },
    },
    async (request) => {
      const { enterpriseId, addressId, type } = request.params;
      const b = await bookOf(request, enterpriseId);
      return book.bookAddressView(
        await onTheWire(book.updateAddress(db, b, addressId, addressInputOf(type, request.body))),
      );
    },
  );
  app.post(
    `${ADDRESSES}/:addressId/default_billing_address`,
    { config, schema: { params: defaultParams, response: { 200: bookAddressSchema, ...errors } } },
    async (request) => {
      const b = await bookOf(request, request.params.enterpriseId);
      return book.bookAddressView(await onTheWire(book.setDefaultBilling(db, b, request.params.addressId)));
    },
  );
  app.delete(
    `${ADDRESSES}/:addressId/:type`,
    { config, schema: { params: addressParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await book.deleteAddress(db, await bookOf(request, request.params.enterpriseId), request.params.addressId);
      return reply.status(204).send(null);
    },
  );
}

/** Checking an address as a validation type, and suggestions for what a caller types. */
function validationRoutes(app: RoutesApp, { ctx, db, config, userOf }: Shared): void {
  // --- Validation and suggestions ------------------------------------------------------------------------------
  app.post(
    `${EFFU}/addresses/validate`,
    {
      config,
      schema: { body: addressValidateBodySchema, response: { 200: addressValidateResultSchema, ...errors } },
    },
    async (request) => {
      const { validation_type: validationType, address } = request.body;
      if (address.format !== formatOfValidationType(validationType))
        throw new AppError(
          'invalid_address',
          `A ${validationType} check needs a ${formatOfValidationType(validationType)} address.`,
          {
            fields: [{ field: 'format', problem: 'invalid' }],
          },
        );
      const { problems, write } = book.checkAddress(addressInputOf('shipping_address', address));
      return {
        valid: problems.length === 0,
        problems: wireProblems(problems),
        normalized: problems.length === 0 ? book.wireBody(write) : null,
      };
    },
  );
  app.get(
    `${EFFU}/addresses/suggestions`,
    { config, schema: { querystring: suggestionsQuery, response: { 200: addressSuggestionsSchema, ...errors } } },
    async (request) => {
      const userId = await userOf(request);
      const session = await requireSession(ctx, request);
      const b =
        request.query.enterprise_id !== undefined
          ? await book.bookOfEnterprise(db, userId, { id: request.query.enterprise_id })
          : await book.bookOfCaller(db, { userId, currentEnterpriseId: session.session.currentEnterpriseId ?? null });
      return { suggestions: await book.suggestAddresses(db, b, request.query.q) };
    },
  );
}

/** The farm business's delivery contacts. */
function contactRoutes(app: RoutesApp, { db, config, contactBookOf }: Shared): void {
  // --- Delivery contacts ---------------------------------------------------------------------------------------
  const contactBody = (b: z.output<typeof contactBodySchema>) => ({
    firstName: b.first_name,
    lastName: b.last_name,
    email: b.email,
    phoneNumber: b.phone_number,
    country: b.country,
    aal1: b.aal1,
  });
  const contactWire = (c: Awaited<ReturnType<typeof book.listContacts>>[number]) => ({
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    phone_number: c.phoneNumber,
    aal1: c.region,
  });
  app.get(
    CONTACTS,
    { config, schema: { params: contactsParams, response: { 200: bookContactListSchema, ...errors } } },
    async (request) => ({
      contacts: (await book.listContacts(db, await contactBookOf(request, request.params.enterprisePublicId))).map(
        contactWire,
      ),
    }),
  );
  app.post(
    CONTACTS,
    {
      config,
      schema: { params: contactsParams, body: contactBodySchema, response: { 201: bookContactSchema, ...errors } },
    },
    async (request, reply) => {
      const b = await contactBookOf(request, request.params.enterprisePublicId);
      return reply.status(201).send(contactWire(await onTheWire(book.createContact(db, b, contactBody(request.body)))));
    },
  );
  app.put(
    `${CONTACTS}/:contactId`,
    {
      config,
      schema: { params: contactParams, body: contactBodySchema, response: { 200: bookContactSchema, ...errors } },
    },
    async (request) => {
      const b = await contactBookOf(request, request.params.enterprisePublicId);
      return contactWire(
        await onTheWire(book.updateContact(db, b, request.params.contactId, contactBody(request.body))),
      );
    },
  );
  app.delete(
    `${CONTACTS}/:contactId`,
    { config, schema: { params: contactParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const b = await contactBookOf(request, request.params.enterprisePublicId);
      await book.deleteContact(db, b, request.params.contactId);
      return reply.status(204).send(null);
    },
  );
}

/** The ABN lookup, the farm business's ABN record, and the staff's Australian account creation. */
function abnRoutes(app: RoutesApp, { ctx, db, config }: Shared, { partners, abnRegister }: Options): void {
  // --- Australian business numbers -----------------------------------------------------------------------------
  app.get(
    `${EFFU}/abn/:abnNumber`,
    {
      config,
      schema: {
        params: z.object({ abnNumber: z.string().max(20) }).strict(),
        response: { 200: abnRecordSchema, ...errors },
      },
    },
    async (request) => abn.abnView(await abn.lookupAbn(abnRegister, request.params.abnNumber)),
  );
  app.get(
    `${EFFU}/abn`,
    { config, schema: { response: { 200: z.object({ abn: abnRecordSchema.nullable() }), ...errors } } },
    async (request) => {
      const session = await requireSession(ctx, request);
      const b = await book.bookOfCaller(db, {
        userId: session.user.id,
        currentEnterpriseId: session.session.currentEnterpriseId ?? null,
      });
      const record = await abn.abnOfEnterprise(db, b.owner.enterpriseId);
      return { abn: record ? abn.abnView(record) : null };
    },
  );
  app.post(
    `${EFFU}/admin/australian-accounts`,
    {
      config: { access: 'create-australian-account' },
      schema: {
        body: z
          .object({
            abn: z.string().trim().max(20),
            first_name: z.string().trim().min(1).max(100),
            last_name: z.string().trim().min(1).max(100),
            email: z.string().trim().email().max(254),
            phone_number: z.string().trim().max(40).nullable().optional(),
          })
          .strict(),
        response: {
          201: z.object({
            enterprise_id: z.number().int(),
            enterprise_public_id: z.string(),
            enterprise_name: z.string(),
            owner_user_id: z.string(),
            owner_email: z.string(),
            abn: abnRecordSchema,
          }),
          409: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(ctx, request);
      const partner: WhiteLabelPartner = await partners.byHost(request.headers.host);
      const b = request.body;
      const created = await abn.createAustralianAccount(ctx, request, partner, abnRegister, session.user.id, {
        abn: b.abn,
        firstName: b.first_name,
        lastName: b.last_name,
        email: b.email,
        phoneNumber: b.phone_number || null,
      });
      return reply.status(201).send(created);
    },
  );
}
