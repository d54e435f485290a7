import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STORE_API,
  UPLOADS_API,
  type ApplicatorLicence,
  type ApplicatorLicenceInput,
  type ApplicatorOwnerQuery,
  type UploadedFile,
} from '@granary/domain';
import { getJson, request, retryUnlessRefused, type HttpMethod, type QueryValue } from '../../../lib/api/request';

// The applicator page's calls: the checkout module's licence API (/api/store/applicator-licences, with the owner
// query when a super admin opens another user's) and the uploads API for each licence's files. Private data:
// keys under ['store-applicator'].

export const applicatorKeys = {
  all: ['store-applicator'] as const,
  licences: (owner: ApplicatorOwnerQuery) => ['store-applicator', 'licences', owner] as const,
  files: (parentGuid: string, userId: string | undefined) =>
    ['store-applicator', 'files', parentGuid, userId ?? null] as const,
};

const ownerQuery = (owner: ApplicatorOwnerQuery): Record<string, QueryValue> => ({
  enterpriseId: owner.enterpriseId,
  userId: owner.userId,
});

async function send<T>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  query?: Record<string, QueryValue>,
): Promise<T> {
  const { json } = await request<T>(url, {
    method,
    ...(body === undefined ? {} : { body }),
    ...(query ? { query } : {}),
  });
  return json;
}

export const useLicences = (owner: ApplicatorOwnerQuery) =>
  useQuery({
    queryKey: applicatorKeys.licences(owner),
    queryFn: ({ signal }) =>
      getJson<{ licences: ApplicatorLicence[] }>(`${STORE_API}/applicator-licences`, ownerQuery(owner), signal),
    retry: retryUnlessRefused,
  });

export function useLicenceMutations(owner: ApplicatorOwnerQuery) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: applicatorKeys.all });
  const L = `${STORE_API}/applicator-licences`;
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id: number | null; input: ApplicatorLicenceInput }) =>
        id === null
          ? send<ApplicatorLicence>('POST', L, input, ownerQuery(owner))
          : send<ApplicatorLicence>('PUT', `${L}/${id}`, input, ownerQuery(owner)),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => send<null>('DELETE', `${L}/${id}`, undefined, ownerQuery(owner)),
      onSuccess: refresh,
    }),
    removeFile: useMutation({
      mutationFn: (guid: string) => send<null>('DELETE', `${UPLOADS_API}/${guid}`),
      onSuccess: refresh,
    }),
  };
}

export const useLicenceFiles = (parentGuid: string, userId: string | undefined) =>
  useQuery({
    queryKey: applicatorKeys.files(parentGuid, userId),
    queryFn: async ({ signal }) =>
      (await getJson<{ files: UploadedFile[] }>(UPLOADS_API, { parentGuid, userId }, signal)).files,
    retry: retryUnlessRefused,
  });

/** Where a stored file downloads from (same origin, the session cookie proves the owner). */
export const fileUrl = (guid: string) => `${UPLOADS_API}/${guid}`;
