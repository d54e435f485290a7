import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { T } from '../../../lib/i18n/t';
import { fetchHasPassword, HAS_PASSWORD_KEY } from '../api/password';
import { PasswordChangeForm } from './password-change-form';

/**
 * /user's password section: 'Set a password' without a current password for a user who has none (signed up with a
 * link or a code), else 'Change password'. After setting one, the section says so and shows the change form.
 */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const [justSet, setJustSet] = useState(false);
  const query = useQuery({ queryKey: HAS_PASSWORD_KEY, queryFn: ({ signal }) => fetchHasPassword(signal) });
  // Unknown (the call failed): the change form, which the server checks anyway.
  const first = query.data === false;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="profile-password" sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Typography id="profile-password" variant="h3" component="h2">
        <T id={first ? 'identity.setPassword.title' : 'identity.changePassword.title'} />
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        <T id={first ? 'identity.setPassword.subtitle' : 'identity.changePassword.subtitle'} />
      </Typography>
      <Box sx={{ maxWidth: 420 }}>
        {justSet ? (
          <Alert severity="success" role="status" sx={{ mb: 2.5 }}>
            <T id="identity.setPassword.done" />
          </Alert>
        ) : null}
        {query.isPending ? (
          <Box aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} sx={{ mb: 2 }} />
            ))}
          </Box>
        ) : first ? (
          <PasswordChangeForm
            key="first"
            firstPassword
            onDone={() => {
              setJustSet(true);
              queryClient.setQueryData(HAS_PASSWORD_KEY, true);
            }}
          />
        ) : (
          <PasswordChangeForm key="change" />
        )}
      </Box>
    </Paper>
  );
}
