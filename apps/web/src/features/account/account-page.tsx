import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import { Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { useCurrentEnterprise } from '../../lib/enterprise/current-enterprise';
import { useSwitchEnterprise } from '../../lib/enterprise/enterprise-api';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { showToast } from '../../lib/toast/toast-store';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { EmptyState } from '../../lib/ui/page-states';
import { useUserEnterprises, useUserProfile, type UserEnterprise } from './account-api';
import { Fact, Loaded, roleMessageId, useAreaText, useLocationText } from './account-parts';

/**
 * /account and /account/user/:userPublicId/enterprises (platform.md 2.3): the user's profile and their farm
 * businesses, each opening its pages; the signed-in user can make one current (the header's switcher does the same).
 * Another user's list is for staff holding list-all-user-details (the server answers 404 to anyone else).
 */
export function AccountPage() {
  const { userPublicId } = useParams();
  const { data } = useBootstrap();
  const me = data?.user.id ?? '';
  const userId = userPublicId ?? me;
  const own = userId === me;
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const profile = useUserProfile(userId);
  const enterprises = useUserEnterprises(userId);
  const name = [profile.data?.firstName, profile.data?.lastName].filter(Boolean).join(' ') || profile.data?.email || '';
  const title = own ? t('account.title') : t('account.otherUserTitle', { name });
  useDocumentTitle([title, partner.branding.shortName]);

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {own ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          <T id="account.subtitle" />
        </Typography>
      ) : null}
      <Stack spacing={3} sx={{ mt: own ? 0 : 3 }}>
        <Paper variant="outlined" component="section" aria-labelledby="account-profile" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
            <Typography variant="h3" component="h2" id="account-profile">
              <T id={own ? 'account.profile' : 'account.otherProfile'} />
            </Typography>
            {own ? (
              <Button component={RouterLink} to={localized('/user')} variant="outlined" size="small">
                <T id="account.editProfile" />
              </Button>
            ) : null}
          </Stack>
          <Loaded query={profile}>
            {() => (
              <Box
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
              >
                <Fact label={<T id="account.name" />}>{name || <T id="account.none" />}</Fact>
                <Fact label={<T id="account.email" />}>{profile.data?.email ?? <T id="account.none" />}</Fact>
                <Fact label={<T id="account.phone" />}>{profile.data?.phoneNumber ?? <T id="account.none" />}</Fact>
              </Box>
            )}
          </Loaded>
        </Paper>

        <Box component="section" aria-labelledby="account-enterprises">
          <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1.5, gap: 2 }}>
            <Typography variant="h3" component="h2" id="account-enterprises">
              <T id="account.enterprises" />
            </Typography>
            {enterprises.data ? (
              <Typography color="text.secondary" variant="body2">
                <T id="account.enterprisesCount" values={{ count: enterprises.data.enterprises.length }} />
              </Typography>
            ) : null}
          </Stack>
          <Loaded query={enterprises}>
            {() =>
              enterprises.data?.enterprises.length ? (
                <Stack spacing={1.5}>
                  {enterprises.data.enterprises.map((e) => (
                    <EnterpriseCard key={e.id} enterprise={e} userId={userId} own={own} />
                  ))}
                </Stack>
              ) : (
                <EmptyState
                  icon={<AgricultureOutlinedIcon />}
                  title={t('account.enterprises')}
                  body={t('account.noEnterprises')}
                />
              )
            }
          </Loaded>
        </Box>
      </Stack>
    </Container>
  );
}

function EnterpriseCard({ enterprise: e, userId, own }: { enterprise: UserEnterprise; userId: string; own: boolean }) {
  const t = useT();
  const current = useCurrentEnterprise();
  const switchTo = useSwitchEnterprise();
  const localized = useLocalizedPath();
  const areaText = useAreaText();
  const locationText = useLocationText();
  const [busy, setBusy] = useState(false);
  const isCurrent = own && current?.id === e.id;
  const makeCurrent = async () => {
    setBusy(true);
    try {
      await switchTo(e.id);
      showToast({ messageId: 'account.switched', values: { name: e.name } }, { severity: 'success' });
    } catch {
      showToast({ messageId: 'switcher.failed' }, { severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
        borderColor: isCurrent ? 'primary.main' : undefined,
      }}
      aria-label={e.name}
      role="group"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {e.name}
          </Typography>
          <Chip size="small" label={t(roleMessageId(e.role))} variant="outlined" />
          {isCurrent ? <Chip size="small" color="primary" label={t('account.current')} /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {locationText(e.country, e.state)} ·{' '}
          {e.areaEstimate > 0 ? areaText(e.areaEstimate, e.areaEstimateUnits) : t('account.areaNotSet')}
        </Typography>
      </Box>
      <Stack direction="row" sx={{ gap: 1, flexShrink: 0, justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
        {own && !isCurrent ? (
          <Button variant="text" onClick={() => void makeCurrent()} disabled={busy}>
            <T id="account.makeCurrent" />
          </Button>
        ) : null}
        <Button
          variant="contained"
          component={RouterLink}
          to={localized(`/account/user/${userId}/enterprise/${e.publicId}`)}
          aria-label={`${t('account.open')} ${e.name}`}
        >
          <T id="account.open" />
        </Button>
      </Stack>
    </Paper>
  );
}
