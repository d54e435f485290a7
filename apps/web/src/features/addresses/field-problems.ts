import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api/api-error';
import { camelCaseKey } from '../../lib/api/case';

/**
 * Puts the address book's field problems ({field, problem} of details.fields) on the form's fields as message ids
 * ('addresses.problem.required' / 'addresses.problem.invalid'). The `/api/effu` wire names a field snake_case
 * ('postal_code'), the form camelCase ('postalCode'), as the request's snakeCase option does for keys (values are not
 * converted, so this does it); `rename` maps any other server name to the form's. Answers whether any was put.
 */
export function applyFieldProblems<V extends FieldValues>(
  setError: UseFormSetError<V>,
  error: unknown,
  known: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): boolean {
  const fields = isApiError(error) ? (error.details as { fields?: unknown } | null)?.fields : null;
  if (!Array.isArray(fields)) return false;
  const problems = (fields as { field?: unknown; problem?: unknown }[]).flatMap((f) => {
    const field = typeof f.field === 'string' ? (rename[f.field] ?? camelCaseKey(f.field)) : '';
    return known.includes(field) ? [{ field, problem: f.problem === 'required' ? 'required' : 'invalid' }] : [];
  });
  problems.forEach((p, i) =>
    setError(
      p.field as FieldPath<V>,
      { type: 'server', message: `addresses.problem.${p.problem}` },
      { shouldFocus: i === 0 },
    ),
  );
  return problems.length > 0;
}
