import type { BootstrapUser, PersonSummary } from '@granary/domain';
import { Box, Button, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '../../lib/api/query-keys';
import { pageLocation } from '../../lib/browser/page-location';
import { useT } from '../../lib/i18n/t';
import { inNativeApp, postNativeMessage } from '../../lib/native/bridge';
import { showToast } from '../../lib/toast/toast-store';
import { fullName } from '../../features/crm/administrator/users/user-names';
import { changeActAsScope, stopActingAs, type ActAsScope } from '../../lib/api/act-as';

/** Where Stop leads: the admin's page of the user acted as (the staff admin area, /admin/users/:userId). */
function adminUserPath(userId: string): string {
  return `/admin/users/${encodeURIComponent(userId)}`;
}

/** Tells the native shell once per page load who is acted as (grain-marketing.md 4 'Native-shell messages'). */
function useNativeActAs(actingAs: PersonSummary, actor: PersonSummary | null, scope: ActAsScope): void {
  useEffect(() => {
    if (inNativeApp()) postNativeMessage('ACT_AS', { user: actingAs, actor, scope });
  }, [actingAs, actor, scope]);
}

/**
 * The strip above every page's header while an admin acts as a user (issue 16; decision 011): "Acting as <name> —
 * read-only — Stop", the scope switch and Stop. It is part of the page's flow and sticks with the header, so it never
 * covers content, at any width; inside the native shell too (where the shell may hide the header), and the shell is
 * told (ACT_AS / DROP_ACT_AS). Stop drops acting and returns to the admin's page of that user; full page loads, so
 * nothing of the user's stays cached for the admin.
 */
export function ActAsBanner({
  actingAs,
  actor,
  scope,
}: {
  actingAs: PersonSummary;
  actor: PersonSummary | null;
  scope: ActAsScope;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  useNativeActAs(actingAs, actor, scope);
  const readOnly = scope === 'read_only';

  const failed = () => {
    setBusy(false);
    showToast({ messageId: 'actAs.banner.failed' }, { severity: 'error' });
  };

  const stop = async () => {
    setBusy(true);
    const result = await stopActingAs();
    if (!result.ok) return failed();
    if (inNativeApp()) postNativeMessage('DROP_ACT_AS', { user: actingAs });
    pageLocation.assign(adminUserPath(actingAs.id));
  };

  const switchScope = async () => {
    setBusy(true);
    const result = await changeActAsScope(readOnly ? 'full' : 'read_only');
    if (!result.ok) return failed();
    await queryClient.invalidateQueries({ queryKey: queryKeys.bootstrap });
    setBusy(false);
  };

  return (
    <Box
      role="region"
      aria-label={t('actAs.banner.label')}
      data-testid="act-as-banner"
      sx={{
        // Amber with near-black text: unmistakable on every partner's header, and readable (AA) at body size.
        bgcolor: 'warning.light',
        color: 'grey.900',
        borderBottom: 1,
        borderColor: 'warning.dark',
        px: { xs: 1.5, md: 3 },
        py: 0.5,
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.25,
        minHeight: 40,
      }}
    >
      <Typography variant="body2" component="p" sx={{ fontWeight: 600, flex: '1 1 auto', minWidth: 0 }}>
        {t('actAs.banner.actingAs', { name: fullName(actingAs) })}
        {' — '}
        {t(readOnly ? 'actAs.banner.readOnly' : 'actAs.banner.full')}
        {actor ? (
          <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, fontWeight: 400 }}>
            {' · '}
            {t('actAs.banner.signedInAs', { actor: fullName(actor) })}
          </Box>
        ) : null}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <Button size="small" color="inherit" onClick={() => void switchScope()} disabled={busy}>
          {t(readOnly ? 'actAs.banner.allowChanges' : 'actAs.banner.makeReadOnly')}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={() => void stop()}
          disabled={busy}
          sx={{ bgcolor: 'grey.900', color: 'common.white', '&:hover': { bgcolor: 'common.black' } }}
        >
          {t('actAs.banner.stop')}
        </Button>
      </Box>
    </Box>
  );
}

/** The banner's inputs from the bootstrap's user, or null when nobody is acted as. */
export function actingOf(
  user: BootstrapUser | null,
): { actingAs: PersonSummary; actor: PersonSummary | null; scope: ActAsScope } | null {
  if (!user?.isLoggedIn || !user.actingAs) return null;
  return {
    actingAs: user.actingAs,
    actor: user.actor ?? null,
    scope: user.actAsScope === 'read_only' ? 'read_only' : 'full',
  };
}
