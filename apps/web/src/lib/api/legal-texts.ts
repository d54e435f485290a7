import {
  LEGAL_TEXTS_PATH,
  legalTextPath,
  type LegalDocument,
  type LegalText,
  type LegalTextList,
} from '@granary/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, request, retryUnlessRefused } from './request';

/** The legal pages' texts of the host's partner (platform.md 2.1): the public pages read them, administrators edit. */
const legalKeys = {
  all: ['legal-texts'] as const,
  one: (document: LegalDocument) => ['legal-texts', document] as const,
};

/** GET /api/legal-texts/:document: one text (an empty body when the partner has not published it). */
export const useLegalText = (document: LegalDocument) =>
  useQuery({
    queryKey: legalKeys.one(document),
    queryFn: ({ signal }) => getJson<LegalText>(legalTextPath(document), undefined, signal),
    retry: retryUnlessRefused,
  });

/** GET /api/legal-texts: the five texts, for the editor. */
export const useLegalTexts = () =>
  useQuery({
    queryKey: legalKeys.all,
    queryFn: ({ signal }) => getJson<LegalTextList>(LEGAL_TEXTS_PATH, undefined, signal),
    retry: retryUnlessRefused,
  });

/** PUT /api/legal-texts/:document; the pages and the list read the new text afterwards. */
export function useSaveLegalText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ document, body }: { document: LegalDocument; body: string }) =>
      (await request<LegalText>(legalTextPath(document), { method: 'PUT', body: { body } })).json,
    onSuccess: (text) => {
      queryClient.setQueryData(legalKeys.one(text.document), text);
      void queryClient.invalidateQueries({ queryKey: legalKeys.all, exact: true });
    },
  });
}
