// What other modules may use of the addresses module (DESIGN.md, Conventions 11): the farm business's one address
// book (decision 051), which the store's checkout reads and writes as the `/api/effu` calls do.
export {
  addressById,
  addressesOf,
  contactById,
  contactsOf,
  inBookOf,
  type AddressRow,
  type BookOwner,
  type ContactRow,
} from './address-book.repo.ts';
export {
  addressView,
  bookOfCaller,
  contactView,
  createAddress,
  createContact,
  deleteAddress,
  deleteContact,
  enterpriseIdOf,
  listAddresses,
  listContacts,
  updateAddress,
  updateContact,
  valuesOf,
} from './address-book.service.ts';
