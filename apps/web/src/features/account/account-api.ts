import type {
  CamelCased,
  agronomicSummaryBodySchema,
  agronomicsSchema,
  catalogueSchema,
  contributedDataSchema,
  dataFeatureUnlocksSchema,
  enterpriseFieldsSchema,
  qualifyingQuestionsSchema,
  userEnterprisesSchema,
  userProfileSchema,
} from '@granary/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request, retryUnlessRefused } from '../../lib/api/request';
import { EFFU } from '../../lib/enterprise/enterprise-api';
import type { EnterpriseProfile } from '../../lib/enterprise/enterprise-store';

export type UserEnterprises = CamelCased<z.infer<typeof userEnterprisesSchema>>;
export type UserEnterprise = UserEnterprises['enterprises'][number];
export type UserProfile = CamelCased<z.infer<typeof userProfileSchema>>;
export type Catalogue = CamelCased<z.infer<typeof catalogueSchema>>;
export type EnterpriseFields = CamelCased<z.infer<typeof enterpriseFieldsSchema>>;
export type ContributedData = CamelCased<z.infer<typeof contributedDataSchema>>;
export type DataFeatureUnlocks = CamelCased<z.infer<typeof dataFeatureUnlocksSchema>>;
export type QualifyingQuestions = CamelCased<z.infer<typeof qualifyingQuestionsSchema>>;
export type Agronomics = CamelCased<z.infer<typeof agronomicsSchema>>;
export type AgronomicSummaryInput = CamelCased<z.infer<typeof agronomicSummaryBodySchema>>;

const get = async <T>(path: string, signal?: AbortSignal): Promise<T> =>
  (await request<T>(path, { snakeCase: true, signal })).json;

const send = async <T>(method: 'PUT' | 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> =>
  (await request<T>(path, { method, snakeCase: true, ...(body === undefined ? {} : { body }) })).json;

export const accountKeys = {
  all: ['account'] as const,
  userEnterprises: (userId: string) => ['account', 'user-enterprises', userId] as const,
  userEnterprise: (userId: string, enterpriseId: string) =>
    ['account', 'user-enterprise', userId, enterpriseId] as const,
  userProfile: (userId: string) => ['account', 'user-profile', userId] as const,
  catalogue: (kind: 'software-tools' | 'monitor-brands') => ['account', 'catalogue', kind] as const,
  enterprise: (id: number, part: string) => ['account', 'enterprise', id, part] as const,
};

const options = <T>(queryKey: readonly unknown[], path: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => get<T>(path, signal),
    retry: retryUnlessRefused,
  });

export const useUserEnterprises = (userId: string) =>
  useQuery(options<UserEnterprises>(accountKeys.userEnterprises(userId), `${EFFU}/user/${userId}/enterprises`));

export const useUserProfile = (userId: string) =>
  useQuery(options<UserProfile>(accountKeys.userProfile(userId), `/api/auth/user/${userId}/profile`));

/** One of a user's enterprises, its profile (/account/user/:userPublicId/enterprise/:enterprisePublicId). */
export const useUserEnterprise = (userId: string, enterprisePublicId: string) =>
  useQuery(
    options<EnterpriseProfile>(
      accountKeys.userEnterprise(userId, enterprisePublicId),
      `${EFFU}/user/${userId}/enterprise/${enterprisePublicId}`,
    ),
  );

export const useCatalogue = (kind: 'software-tools' | 'monitor-brands') =>
  useQuery({
    ...options<Catalogue>(accountKeys.catalogue(kind), `${EFFU}/${kind}`),
    staleTime: Number.POSITIVE_INFINITY,
  });

const enterprisePath = (id: number, part: string) => `${EFFU}/enterprises/${id}/${part}`;

export const useEnterpriseFields = (id: number) =>
  useQuery(options<EnterpriseFields>(accountKeys.enterprise(id, 'fields'), enterprisePath(id, 'fields')));
export const useContributedData = (id: number) =>
  useQuery(
    options<ContributedData>(accountKeys.enterprise(id, 'contributed-data'), enterprisePath(id, 'contributed-data')),
  );
export const useDataFeatureUnlocks = (id: number) =>
  useQuery(
    options<DataFeatureUnlocks>(
      accountKeys.enterprise(id, 'data-feature-unlocks'),
      enterprisePath(id, 'data-feature-unlocks'),
    ),
  );
export const useQualifyingQuestions = (id: number) =>
  useQuery(
    options<QualifyingQuestions>(
      accountKeys.enterprise(id, 'qualifying-questions'),
      enterprisePath(id, 'qualifying-questions'),
    ),
  );
export const useAgronomics = (id: number) =>
  useQuery(options<Agronomics>(accountKeys.enterprise(id, 'agronomics'), enterprisePath(id, 'agronomics')));

type QualifyingChange =
  | { kind: 'answers'; body: { answers: Record<string, string | null> } }
  | { kind: 'business-units'; body: { businessUnits: string[] } }
  | { kind: 'hide'; body: { hidden: boolean } };

export function useChangeQualifying(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: QualifyingChange) =>
      send<QualifyingQuestions>('PUT', enterprisePath(id, `qualifying-questions/${change.kind}`), change.body),
    onSuccess: (data) => client.setQueryData(accountKeys.enterprise(id, 'qualifying-questions'), data),
  });
}

/** Saving or removing a summary changes what the enterprise has contributed too. */
export function useChangeAgronomics(id: number) {
  const client = useQueryClient();
  const settle = (data: Agronomics) => {
    client.setQueryData(accountKeys.enterprise(id, 'agronomics'), data);
    void client.invalidateQueries({ queryKey: accountKeys.enterprise(id, 'contributed-data') });
    void client.invalidateQueries({ queryKey: accountKeys.enterprise(id, 'data-feature-unlocks') });
  };
  const save = useMutation({
    mutationFn: (input: AgronomicSummaryInput) => send<Agronomics>('PUT', enterprisePath(id, 'agronomics'), input),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (key: { cropYear: number; crop: string }) =>
      send<Agronomics>('DELETE', enterprisePath(id, `agronomics/${key.cropYear}/${encodeURIComponent(key.crop)}`)),
    onSuccess: settle,
  });
  return { save, remove };
}
