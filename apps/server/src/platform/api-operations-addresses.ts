/** A farm business's one address book, delivery contacts and ABN (issue 16, decision 051): the API reference's lines. */
const ADDRESSES_OPERATIONS: Readonly<Record<string, string>> = {
  'GET /api/effu/enterprises/:enterpriseId/addresses': "Every address in the farm business's book",
  'GET /api/effu/enterprises/:enterpriseId/addresses/:type': 'The addresses of one type (billing, mailing, shipping)',
  'POST /api/effu/enterprises/:enterpriseId/addresses/:type': 'Add an address of a type, postal or legal land location',
  'PUT /api/effu/enterprises/:enterpriseId/addresses/:addressId/:type': 'Change an address (and its type)',
  'DELETE /api/effu/enterprises/:enterpriseId/addresses/:addressId/:type': 'Remove an address (orders keep their copy)',
  'POST /api/effu/enterprises/:enterpriseId/addresses/:addressId/default_billing_address':
    'Make an address the default billing address',
  'GET /api/effu/enterprises/:enterpriseId/addresses/:addressId/geocodes':
    "Where an address lies: staff's override when set, else the geocoder's answer, with its source and precision",
  'PUT /api/effu/enterprises/:enterpriseId/addresses/:addressId/geocodes/override':
    "Set an address's location by hand (manage-geocode-overrides); it wins over the geocoder's",
  'DELETE /api/effu/enterprises/:enterpriseId/addresses/:addressId/geocodes/override':
    "Clear the override (manage-geocode-overrides): the geocoder's answer is shown again",
  'POST /api/effu/addresses/validate': 'Check an address as delivery_postal or delivery_can_lll',
  'GET /api/effu/addresses/suggestions': 'Addresses from the book and a legal land location read from typed text',
  'GET /api/effu/enterprise/:enterprisePublicId/delivery-contact': "The farm business's delivery contacts",
  'POST /api/effu/enterprise/:enterprisePublicId/delivery-contact': 'Add a delivery contact',
  'PUT /api/effu/enterprise/:enterprisePublicId/delivery-contact/:contactId': 'Change a delivery contact',
  'DELETE /api/effu/enterprise/:enterprisePublicId/delivery-contact/:contactId': 'Remove a delivery contact',
  'GET /api/effu/abn/:abnNumber': "The register's record of an Australian business number",
  'GET /api/effu/abn': 'The ABN record kept on the current farm business',
  'POST /api/effu/admin/australian-accounts':
    'Create an Australian farm business and its owner from an ABN (create-australian-account)',
};

export const ADDRESSES_TAG = {
  tag: 'addresses',
  description:
    "A farm business's one address book (platform.md 3.4: addresses by type, postal or Canadian legal land " +
    'location, validation and suggestions, where each address lies and staff overrides of it), its delivery contacts (3.6), shared with the store checkout, and ' +
    'Australian business numbers: the lookup and the creation of an Australian account (6.5).',
  modules: { addresses: ADDRESSES_OPERATIONS },
};
