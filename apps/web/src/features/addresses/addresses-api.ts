// The farm business's one address book, delivery contacts and ABN calls (issue 16, decision 051): snake_case on the
// wire, camelCase here (the request's snakeCase option).
import type {
  AddressBody,
  AddressGeocodeWire,
  CamelCased,
  bookAddressSchema,
  bookContactSchema,
  contactBodySchema,
} from '@granary/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, retryUnlessRefused } from '../../lib/api/request';

const EFFU = '/api/effu';

export type BookAddress = CamelCased<z.infer<typeof bookAddressSchema>>;
export type AddressValuesIn = CamelCased<AddressBody>;
export type BookContact = CamelCased<z.infer<typeof bookContactSchema>>;
export type ContactValuesIn = CamelCased<z.input<typeof contactBodySchema>>;
export type AddressGeocode = CamelCased<AddressGeocodeWire>;

const send = async <T>(method: 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> =>
  (await request<T>(path, { method, snakeCase: true, ...(body === undefined ? {} : { body }) })).json;

const keys = {
  addresses: (enterpriseId: number) => ['addresses', 'book', enterpriseId] as const,
  contacts: (publicId: string) => ['addresses', 'contacts', publicId] as const,
  geocode: (enterpriseId: number, addressId: number) => ['addresses', 'geocode', enterpriseId, addressId] as const,
};

export const useAddresses = (enterpriseId: number) =>
  useQuery(
    queryOptions({
      queryKey: keys.addresses(enterpriseId),
      queryFn: async ({ signal }) =>
        (
          await request<{ addresses: BookAddress[] }>(`${EFFU}/enterprises/${enterpriseId}/addresses`, {
            snakeCase: true,
            signal,
          })
        ).json.addresses,
      retry: retryUnlessRefused,
    }),
  );

/** Add (id null) or change an address of a type; set the default billing address; remove one. */
export function useAddressWrites(enterpriseId: number) {
  const client = useQueryClient();
  const base = `${EFFU}/enterprises/${enterpriseId}/addresses`;
  const done = () => client.invalidateQueries({ queryKey: keys.addresses(enterpriseId) });
  const save = useMutation({
    mutationFn: ({ id, type, values }: { id: number | null; type: string; values: AddressValuesIn }) =>
      id === null
        ? send<BookAddress>('POST', `${base}/${type}`, values)
        : send<BookAddress>('PUT', `${base}/${id}/${type}`, values),
    onSuccess: done,
  });
  const setDefault = useMutation({
    mutationFn: (id: number) => send<BookAddress>('POST', `${base}/${id}/default_billing_address`),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (a: BookAddress) => send<null>('DELETE', `${base}/${a.id}/${a.addressType}`),
    onSuccess: done,
  });
  return { save, setDefault, remove };
}

export const useContacts = (publicId: string) =>
  useQuery(
    queryOptions({
      queryKey: keys.contacts(publicId),
      queryFn: async ({ signal }) =>
        (
          await request<{ contacts: BookContact[] }>(`${EFFU}/enterprise/${publicId}/delivery-contact`, {
            snakeCase: true,
            signal,
          })
        ).json.contacts,
      retry: retryUnlessRefused,
    }),
  );

export function useContactWrites(publicId: string) {
  const client = useQueryClient();
  const base = `${EFFU}/enterprise/${publicId}/delivery-contact`;
  const done = () => client.invalidateQueries({ queryKey: keys.contacts(publicId) });
  const save = useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: ContactValuesIn }) =>
      id === null ? send<BookContact>('POST', base, values) : send<BookContact>('PUT', `${base}/${id}`, values),
    onSuccess: done,
  });
  const remove = useMutation({ mutationFn: (id: number) => send<null>('DELETE', `${base}/${id}`), onSuccess: done });
  return { save, remove };
}

const geocodePath = (enterpriseId: number, addressId: number) =>
  `${EFFU}/enterprises/${enterpriseId}/addresses/${addressId}/geocodes`;

/** Where an address lies (7.4 geocodes): staff's override when set, else the geocoder's answer. */
export const useGeocode = (enterpriseId: number, addressId: number) =>
  useQuery(
    queryOptions({
      queryKey: keys.geocode(enterpriseId, addressId),
      queryFn: async ({ signal }) =>
        (await request<AddressGeocode>(geocodePath(enterpriseId, addressId), { snakeCase: true, signal })).json,
      retry: retryUnlessRefused,
    }),
  );

/** Staff's override of an address's location (manage-geocode-overrides): set a latitude/longitude, or clear it. */
export function useGeocodeOverride(enterpriseId: number, addressId: number) {
  const client = useQueryClient();
  const path = `${geocodePath(enterpriseId, addressId)}/override`;
  const done = (g: AddressGeocode) => client.setQueryData(keys.geocode(enterpriseId, addressId), g);
  const set = useMutation({
    mutationFn: (values: { latitude: number; longitude: number }) => send<AddressGeocode>('PUT', path, values),
    onSuccess: done,
  });
  const clear = useMutation({ mutationFn: () => send<AddressGeocode>('DELETE', path), onSuccess: done });
  return { set, clear };
}
