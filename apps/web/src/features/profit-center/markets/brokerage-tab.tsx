import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { Box, Button, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import { T } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { telHref } from '../../../lib/ui/tel-href';

/**
 * The brokerage tab (platform.md 2.5): no brokerage account, position or trade is kept by the platform, so the tab
 * says plainly what it is for and whom to ask — the partner's support contacts, the same as /support.
 */
export function BrokerageTab() {
  const partner = usePartner();
  const localized = useLocalizedPath();
  const b = partner.branding;
  const brand = b.shortName || partner.displayName;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="brokerage-title"
      sx={{ p: { xs: 2.5, md: 3 }, maxWidth: 760 }}
    >
      <Typography
        id="brokerage-title"
        variant="h2"
        component="h2"
        sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1.5 }}
      >
        <T id="pc.brokerage.title" />
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        <T id="pc.brokerage.body" />
      </Typography>
      <Typography sx={{ mb: 2.5 }}>
        <T id="pc.brokerage.none" values={{ brand }} />
      </Typography>
      <Typography sx={{ fontWeight: 600, mb: 1.5 }}>
        <T id="pc.brokerage.how" values={{ brand }} />
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        {b.supportPhone ? (
          <ContactLine icon={<PhoneOutlinedIcon fontSize="small" />} label={<T id="pc.brokerage.phone" />}>
            <MuiLink href={telHref(b.supportPhone)}>{b.supportPhone}</MuiLink>
          </ContactLine>
        ) : null}
        {b.supportEmail ? (
          <ContactLine icon={<EmailOutlinedIcon fontSize="small" />} label={<T id="pc.brokerage.email" />}>
            <MuiLink href={`mailto:${b.supportEmail}`}>{b.supportEmail}</MuiLink>
          </ContactLine>
        ) : null}
      </Stack>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" component={Link} to={localized('/support')}>
          <T id="pc.brokerage.support" />
        </Button>
        <Button variant="outlined" component={Link} to={localized('/profit-center/sales/contracts')}>
          <T id="pc.brokerage.sales" />
        </Button>
      </Box>
    </Paper>
  );
}

function ContactLine({ icon, label, children }: { icon: ReactNode; label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: 'primary.main', mt: 0.25 }}>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{children}</Typography>
      </Box>
    </Box>
  );
}
