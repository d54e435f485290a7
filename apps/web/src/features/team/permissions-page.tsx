import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import RemoveCircleOutlineRoundedIcon from '@mui/icons-material/RemoveCircleOutlineRounded';
import { Alert, Box, Button, Chip, Container, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import type { EnterpriseAccessFlag } from '@granary/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { request } from '../../lib/api/request';
import { usePartner } from '../../lib/brand/partner-context';
import { useCurrentEnterprise } from '../../lib/enterprise/current-enterprise';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { visuallyHidden } from '../../lib/ui/visually-hidden';
import { teamKeys, useMemberPermissions, type MemberPermissions } from './team-api';
import { ALL_FLAGS, TeamLoadError, flagMessageId, personName, roleMessageId } from './team-parts';

/** /permissions (platform.md 2.3): the signed-in user's own access in each farm business they belong to. */
export function MyPermissionsPage() {
  const t = useT();
  const partner = usePartner();
  const { data } = useBootstrap();
  useDocumentTitle([t('teamAccess.title'), partner.branding.shortName]);
  const enterprises = Object.values(data?.enterprises ?? {});
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        <T id="teamAccess.title" />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        <T id="teamAccess.subtitle" />
      </Typography>
      {enterprises.length === 0 ? (
        <Alert severity="info">
          <T id="teamAccess.none" />
        </Alert>
      ) : (
        <Stack spacing={2}>
          {enterprises.map((e) => (
            <OwnAccessCard key={e.publicId} enterprisePublicId={e.publicId} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

function OwnAccessCard({ enterprisePublicId }: { enterprisePublicId: string }) {
  const access = useMemberPermissions(enterprisePublicId, null);
  if (access.isPending) return <PageSpinner />;
  if (access.isError) return <TeamLoadError error={access.error} onRetry={() => void access.refetch()} />;
  const p = access.data;
  const missing = ALL_FLAGS.some((flag) => !p.permissions.includes(flag));
  return (
    <Paper variant="outlined" component="section" aria-label={p.enterprise.name} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}>
          <Typography variant="h3" component="h2">
            {p.enterprise.name}
          </Typography>
          <Chip size="small" label={<T id={roleMessageId(p.role)} />} />
        </Stack>
        {p.permissions.includes('has_team_access') || p.permissions.includes('has_manage') ? (
          <Button
            component={RouterLink}
            to={`/enterprise/${p.enterprise.publicId}/team`}
            size="small"
            variant="outlined"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            <T id="teamAccess.openTeam" />
          </Button>
        ) : null}
      </Stack>
      <FlagList permissions={p.permissions} />
      {missing ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          <T id="error.enterpriseAccessDenied" />
        </Typography>
      ) : null}
    </Paper>
  );
}

/** Every flag, allowed or not, in two columns on wide screens. */
function FlagList({ permissions }: { permissions: readonly EnterpriseAccessFlag[] }) {
  const t = useT();
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {ALL_FLAGS.map((flag) => {
        const allowed = permissions.includes(flag);
        return (
          <Box component="li" key={flag} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {allowed ? (
              <CheckCircleRoundedIcon fontSize="small" color="success" aria-hidden />
            ) : (
              <RemoveCircleOutlineRoundedIcon fontSize="small" color="disabled" aria-hidden />
            )}
            <Typography variant="body2" color={allowed ? 'text.primary' : 'text.secondary'}>
              {t(flagMessageId(flag))}
              <Box component="span" sx={visuallyHidden}>
                {` — ${allowed ? t('teamAccess.allowed') : t('teamAccess.missing')}`}
              </Box>
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * /permissions/:userId (platform.md 2.3): one member's access flags in a farm business (?enterprise=, else the current
 * one); switches for those who may change them (manage, not one's own), a read-only list otherwise.
 */
export function MemberPermissionsPage() {
  const { userId = '' } = useParams();
  const [params] = useSearchParams();
  const current = useCurrentEnterprise();
  const enterpriseId = params.get('enterprise') ?? current?.publicId ?? '';
  const access = useMemberPermissions(enterpriseId, userId);
  const t = useT();
  const partner = usePartner();
  const name = access.data ? personName(access.data.user) : '';
  useDocumentTitle([name ? t('teamAccess.memberTitle', { name }) : t('teamAccess.title'), partner.branding.shortName]);

  let body;
  if (!enterpriseId)
    body = (
      <Alert severity="info">
        <T id="teamAccess.noEnterprise" />
      </Alert>
    );
  else if (access.isPending) body = <PageSpinner />;
  else if (access.isError) body = <TeamLoadError error={access.error} onRetry={() => void access.refetch()} />;
  else body = <MemberAccess access={access.data} enterpriseId={enterpriseId} userId={userId} />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {name ? <T id="teamAccess.memberTitle" values={{ name }} /> : <T id="teamAccess.title" />}
      </Typography>
      {access.data ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          <T id="teamAccess.memberSubtitle" values={{ name, enterprise: access.data.enterprise.name }} />
        </Typography>
      ) : null}
      {body}
    </Container>
  );
}

function MemberAccess({
  access,
  enterpriseId,
  userId,
}: {
  access: MemberPermissions;
  enterpriseId: string;
  userId: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const name = personName(access.user);
  const [draft, setDraft] = useState<EnterpriseAccessFlag[] | null>(null);
  const shown = draft ?? access.permissions;
  const save = useMutation({
    mutationFn: (permissions: EnterpriseAccessFlag[]) =>
      request<MemberPermissions>(
        `/api/auth/enterprises/${encodeURIComponent(enterpriseId)}/users/${encodeURIComponent(userId)}/permissions`,
        { method: 'PUT', body: { permissions }, snakeCase: true },
      ).then((r) => r.json),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKeys.permissions(enterpriseId, userId), saved);
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      showToast({ messageId: 'team.saved', values: { name } }, { severity: 'success' });
    },
    onSettled: () => setDraft(null),
  });
  const toggle = (flag: EnterpriseAccessFlag, on: boolean) => {
    const permissions = on ? [...shown, flag] : shown.filter((f) => f !== flag);
    setDraft(permissions);
    save.mutate(permissions);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Chip label={<T id={roleMessageId(access.role)} />} color={access.role === 'owner' ? 'primary' : 'default'} />
        <Button component={RouterLink} to={`/enterprise/${access.enterprise.publicId}/team`} size="small">
          <T id="teamAccess.openTeam" />
        </Button>
      </Stack>
      {access.role === 'owner' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          <T id="team.allAccess" />
        </Typography>
      ) : null}
      {access.editable && access.role !== 'owner' ? (
        <Box
          role="group"
          aria-label={t('team.editAccess', { name })}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}
        >
          {ALL_FLAGS.map((flag) => (
            <FormControlLabel
              key={flag}
              label={t(flagMessageId(flag))}
              disabled={save.isPending}
              control={<Switch checked={shown.includes(flag)} onChange={(e) => toggle(flag, e.target.checked)} />}
            />
          ))}
        </Box>
      ) : (
        <FlagList permissions={access.permissions} />
      )}
    </Paper>
  );
}
