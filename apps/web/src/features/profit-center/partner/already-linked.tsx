import type { WhiteLabelPartner } from '@granary/domain';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { T } from '../../../lib/i18n/t';

/**
 * The partner's grain account is linked already (the bootstrap's completed_onboarding_steps, platform.md 3.1): the
 * landing and the code pages skip that finished step and open the profit center instead.
 */
export function AlreadyLinked({ partner }: { partner: WhiteLabelPartner }) {
  return (
    <Stack spacing={2.5}>
      <Typography variant="h2" component="h1">
        <T id="onboarding.landing.title" values={{ partner: partner.branding.tradeName }} />
      </Typography>
      <LinkedNotice partner={partner.branding.tradeName} />
    </Stack>
  );
}

/** Says the grain account with `partner` is linked, with the way into the profit center. */
export function LinkedNotice({ partner }: { partner: string }) {
  return (
    <Alert severity="success">
      <T id="onboarding.landing.done" values={{ partner }} />
      <Box sx={{ mt: 0.5 }}>
        <Link component={RouterLink} to="/profit-center" color="inherit" sx={{ fontWeight: 600 }}>
          <T id="onboarding.landing.open" />
        </Link>
      </Box>
    </Alert>
  );
}
