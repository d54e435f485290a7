import { Link, type LinkProps } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useLocalizedPath } from '../../../lib/routing/route-handle';

/** An in-app link that keeps the locale prefix of the page. */
export function AppLink({ to, ...props }: { to: string } & Omit<LinkProps, 'href' | 'component'>) {
  const localized = useLocalizedPath();
  return <Link component={RouterLink} to={localized(to)} underline="hover" {...props} />;
}
