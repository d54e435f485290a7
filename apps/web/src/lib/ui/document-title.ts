import { joinTitle } from '@granary/domain';
import { useEffect } from 'react';

/** Sets document.title from parts joined with ' | ' (platform.md 9.9); empty parts are left out. */
export function useDocumentTitle(parts: readonly (string | null | undefined)[]): void {
  const title = joinTitle(parts.filter((part): part is string => typeof part === 'string'));
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
