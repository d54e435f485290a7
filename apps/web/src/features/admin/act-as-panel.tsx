import { holdsAdminPermission } from '@granary/domain';
import {
  Alert,
  Button,
  Card,
  CardContent,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useBootstrap } from '../../lib/api/bootstrap';
import { pageLocation } from '../../lib/browser/page-location';
import { useT } from '../../lib/i18n/t';
import { actAs, type ActAsScope } from '../../lib/api/act-as';

/**
 * A staff user's "Act as this user" on the admin page of a user (issue 16; decision 011): choose the access (read-only
 * by default, the safe choice for support) and start; the whole app then runs as the user, under the banner every
 * page shows, until Stop brings the admin back to this user's admin page. Shown only to holders of act-as (platform.md
 * 6.2); the server checks the permission and its reach (partner, employees, wider permissions) again and answers why
 * not. Full page loads on start, so nothing cached for the admin is shown as the user's.
 */
export function ActAsPanel({ userId, name }: { userId: string; name?: string }) {
  const t = useT();
  const { data } = useBootstrap();
  const [scope, setScope] = useState<ActAsScope>('read_only');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const user = data?.user;
  if (!user?.isLoggedIn || user.id === userId) return null;
  // While acting, the bootstrap is the acted-as user's: the admin's permissions are not there to check.
  const acting = Boolean(user.actingAs);
  if (!acting && !holdsAdminPermission(user, 'act-as')) return null;
  const who = name ?? t('actAs.panel.title');

  const start = async () => {
    setBusy(true);
    setError(null);
    const result = await actAs(userId, scope);
    if (result.ok) {
      pageLocation.assign('/dashboard');
      return;
    }
    setBusy(false);
    setError(result.error.message || t('actAs.panel.failed'));
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id={titleId}>
            {t('actAs.panel.title')}
          </Typography>
          {acting ? (
            <Alert severity="info">{t('actAs.panel.notAvailable')}</Alert>
          ) : (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('actAs.panel.help')}
              </Typography>
              <FormControl>
                <FormLabel id={`${titleId}-scope`}>{t('actAs.panel.scope')}</FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-scope`}
                  value={scope}
                  onChange={(event) => setScope(event.target.value as ActAsScope)}
                >
                  <FormControlLabel value="read_only" control={<Radio />} label={t('actAs.scope.read_only')} />
                  <FormControlLabel value="full" control={<Radio />} label={t('actAs.scope.full')} />
                </RadioGroup>
              </FormControl>
              {error && <Alert severity="error">{error}</Alert>}
              <div>
                <Button variant="contained" onClick={() => void start()} disabled={busy}>
                  {name ? t('actAs.panel.start', { name: who }) : who}
                </Button>
              </div>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
