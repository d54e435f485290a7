import { Avatar, Box, Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';

/**
 * /user, my profile: who is signed in, and the account's security settings. The password section (set a first
 * password, or change it) belongs to the identity area; the app shell passes it in (features do not import each other).
 */
export function UserProfilePage({ security }: { security?: ReactNode }) {
  const t = useT();
  const partner = usePartner();
  const { data } = useBootstrap();
  const user = data?.user;
  useDocumentTitle([t('profile.title'), partner.branding.shortName]);
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const initials =
    `${user?.firstName?.[0] ?? ''}${user?.lastName?.[0] ?? ''}`.toUpperCase() ||
    (user?.email?.[0] ?? '?').toUpperCase();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        <T id="profile.title" />
      </Typography>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 }, display: 'flex', alignItems: 'center', gap: 2.5 }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 600 }}>{initials}</Avatar>
          <Box sx={{ minWidth: 0 }}>
            {name ? (
              <Typography variant="h3" component="p" noWrap>
                {name}
              </Typography>
            ) : null}
            {user?.email ? (
              <Typography color="text.secondary" noWrap>
                {user.email}
              </Typography>
            ) : null}
          </Box>
        </Paper>
        {security ?? null}
      </Stack>
    </Container>
  );
}
