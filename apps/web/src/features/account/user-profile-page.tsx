import { holdsAdminPermission } from '@granary/domain';
import { Avatar, Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { useUserProfile } from './account-api';
import { Fact } from './account-parts';
import { ProfileDetailsForm } from './profile-details-form';

/** Staff who may open another user's profile (6.5 list-all-user-details; a super admin passes). */
const LIST_ALL_USER_DETAILS = 'list-all-user-details';

function initialsOf(
  first: string | null | undefined,
  last: string | null | undefined,
  email: string | null | undefined,
) {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || (email?.[0] ?? '?').toUpperCase();
}

function Identity({ first, last, email }: { first?: string | null; last?: string | null; email?: string | null }) {
  const name = [first, last].filter(Boolean).join(' ');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 }, display: 'flex', alignItems: 'center', gap: 2.5 }}>
      <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 600 }}>
        {initialsOf(first, last, email)}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        {name ? (
          <Typography variant="h3" component="p" noWrap>
            {name}
          </Typography>
        ) : null}
        {email ? (
          <Typography color="text.secondary" noWrap>
            {email}
          </Typography>
        ) : null}
      </Box>
    </Paper>
  );
}

/**
 * /user/:id? — my profile: who is signed in, and the account's security settings (the password section belongs to the
 * identity area; the app shell passes it in, features do not import each other). '/user/<my id>' is the same page;
 * another user's id shows their profile to staff holding list-all-user-details, and the not-found page to anyone else.
 */
export function UserProfilePage({ security, notFound }: { security?: ReactNode; notFound?: ReactNode }) {
  const { id } = useParams();
  const { data } = useBootstrap();
  const user = data?.user;
  if (id && user && id !== user.id) {
    return holdsAdminPermission(user, LIST_ALL_USER_DETAILS) ? (
      <OtherUserProfile userId={id} notFound={notFound} />
    ) : (
      notFound
    );
  }
  return <OwnProfile security={security} />;
}

function OwnProfile({ security }: { security?: ReactNode }) {
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const { data } = useBootstrap();
  const user = data?.user;
  useDocumentTitle([t('profile.title'), partner.branding.shortName]);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        <T id="profile.title" />
      </Typography>
      <Stack spacing={3}>
        <Identity first={user?.firstName} last={user?.lastName} email={user?.email} />
        {user?.id ? <ProfileDetailsForm userId={user.id} /> : null}
        <Box>
          <Button component={RouterLink} to={localized('/account')} variant="outlined">
            <T id="header.account" />
          </Button>
        </Box>
        {security ?? null}
      </Stack>
    </Container>
  );
}

function OtherUserProfile({ userId, notFound }: { userId: string; notFound?: ReactNode }) {
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const profile = useUserProfile(userId);
  useDocumentTitle([t('userPage.otherTitle'), partner.branding.shortName]);
  if (profile.isPending) return <PageSpinner />;
  if (!profile.data) return notFound;
  const p = profile.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        <T id="userPage.otherTitle" />
      </Typography>
      <Stack spacing={3}>
        <Identity first={p.firstName} last={p.lastName} email={p.email} />
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <Fact label={<T id="account.phone" />}>{p.phoneNumber ?? <T id="account.none" />}</Fact>
            <Fact label={<T id="userPage.enterprises" />}>
              <T id="account.enterprisesCount" values={{ count: p.enterprises.length }} />
            </Fact>
          </Box>
        </Paper>
        <Box>
          <Button component={RouterLink} to={localized(`/account/user/${userId}/enterprises`)} variant="contained">
            <T id="userPage.enterprises" />
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
