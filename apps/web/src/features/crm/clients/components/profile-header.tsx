import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import type { ClientProfile, CrmMarketRow } from '@granary/domain';
import { Avatar, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { T, useT } from '../../../../lib/i18n/t';
import { useLocalizedPath } from '../../../../lib/routing/route-handle';
import { initials } from '../client-initials';

function Flag({ on, label }: { on: boolean; label: string }) {
  return (
    <Chip
      size="small"
      icon={on ? <CheckCircleRoundedIcon /> : <BlockRoundedIcon />}
      color={on ? 'success' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      label={label}
    />
  );
}

/** Links to the client's rows in the contract and delivery lists, for the crop and year shown, where the user may open them. */
function ListLinks({ profile, market }: { profile: ClientProfile; market: CrmMarketRow }) {
  const localized = useLocalizedPath();
  const query = new URLSearchParams({
    market_id: String(market.id),
    client_legal_entity_id: String(profile.legalEntityId),
    crop_year: String(profile.cropYear),
  });
  if (profile.crop.commodity) query.set('commodity', profile.crop.commodity);
  else query.set('cropId', String(profile.crop.id));
  const links = [
    market.entitlements.includes('grain-buying-contracts')
      ? { path: '/crm/contracts', id: 'crm.client.links.contracts' as const, icon: <DescriptionOutlinedIcon /> }
      : null,
    market.entitlements.includes('grain-buying-deliveries')
      ? { path: '/crm/deliveries', id: 'crm.client.links.deliveries' as const, icon: <LocalShippingOutlinedIcon /> }
      : null,
  ].filter((link) => link !== null);
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      {links.map((link) => (
        <Button
          key={link.path}
          component={RouterLink}
          to={`${localized(link.path)}?${query.toString()}`}
          variant="outlined"
          size="small"
          startIcon={link.icon}
        >
          <T id={link.id} />
        </Button>
      ))}
    </Stack>
  );
}

/** The client's name (the page's heading), id, e-sign and ACH flags, and its links to the contract and delivery lists. */
export function ProfileHeader({ profile, market }: { profile: ClientProfile; market: CrmMarketRow }) {
  const t = useT();
  const { summary } = profile;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar
          sx={{
            width: { xs: 48, sm: 60 },
            height: { xs: 48, sm: 60 },
            bgcolor: 'primary.main',
            fontSize: { xs: 18, sm: 22 },
            fontWeight: 700,
          }}
          aria-hidden
        >
          {initials(summary.clientName)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography
            variant="h1"
            component="h1"
            sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
          >
            {summary.clientName}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.75, alignItems: 'center' }}>
            {profile.extClientId ? (
              <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
                {t('crm.clients.extId', { id: profile.extClientId })}
              </Typography>
            ) : null}
            <Flag
              on={summary.flags.eSignEligible}
              label={t(summary.flags.eSignEligible ? 'crm.client.flag.esign' : 'crm.client.flag.noEsign')}
            />
            <Flag
              on={summary.flags.ach}
              label={t(summary.flags.ach ? 'crm.client.flag.ach' : 'crm.client.flag.noAch')}
            />
            {profile.onboardedUsers.length > 0 ? (
              <Chip size="small" variant="outlined" color="primary" label={t('crm.client.onboarded')} />
            ) : null}
          </Stack>
        </Box>
      </Stack>
      <ListLinks profile={profile} market={market} />
    </Stack>
  );
}
