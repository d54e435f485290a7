import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';

/**
 * The field errors an ApiError carries, as (field path, message) pairs: `details.fields` ({field: message key},
 * platform.md 5.3) or the request validation's `details` ([{path, message}], dotted paths). Nothing for other errors.
 */
export function serverFieldErrors(error: unknown): { path: string; message: string }[] {
  if (!isApiError(error)) return [];
  const details = error.details;
  if (Array.isArray(details)) {
    return details.flatMap((d: unknown) => {
      const { path, message } = (d ?? {}) as { path?: unknown; message?: unknown };
      return typeof path === 'string' && path && typeof message === 'string' ? [{ path, message }] : [];
    });
  }
  const fields = (details as { fields?: unknown } | null | undefined)?.fields;
  if (fields && typeof fields === 'object') {
    return Object.entries(fields as Record<string, unknown>).flatMap(([path, message]) =>
      typeof message === 'string' ? [{ path, message }] : [],
    );
  }
  return [];
}

/**
 * Puts the server's field errors on the form's fields (only the fields in `known`, when given, so a server path the
 * form does not show is left to the form's general failure). Answers whether any was put; the first gets the focus.
 */
export function applyServerErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  error: unknown,
  known?: readonly FieldPath<V>[],
): boolean {
  const errors = serverFieldErrors(error).filter((e) => !known || (known as readonly string[]).includes(e.path));
  errors.forEach((e, i) =>
    setError(e.path as FieldPath<V>, { type: 'server', message: e.message }, { shouldFocus: i === 0 }),
  );
  return errors.length > 0;
}
