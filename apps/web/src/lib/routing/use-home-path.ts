import { homePathFor, HOME_PATHS } from '@granary/domain';
import { useBootstrap } from '../api/bootstrap';
import { useLocalizedPath } from './route-handle';

/**
 * The signed-in user's home (the domain's homePathFor: the administrator tools, the CRM dashboard, or /dashboard —
 * the farmer's home or the welcome page), with the locale prefix the user is on. The welcome path while the user is
 * not known yet.
 */
export function useHomePath(): string {
  const { data } = useBootstrap();
  const localized = useLocalizedPath();
  return localized(data ? homePathFor(data.user) : HOME_PATHS.welcome);
}
