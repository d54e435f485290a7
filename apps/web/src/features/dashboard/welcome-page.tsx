import HeadsetMicOutlinedIcon from '@mui/icons-material/HeadsetMicOutlined';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import ShowChartRoundedIcon from '@mui/icons-material/ShowChartRounded';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { Box, Button, Container, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';

type Action = { key: 'store' | 'market' | 'profile' | 'support'; to: string; icon: ReactNode };

const ACTIONS: readonly Action[] = [
  { key: 'store', to: '/direct', icon: <StorefrontOutlinedIcon /> },
  { key: 'market', to: '/market', icon: <ShowChartRoundedIcon /> },
  { key: 'profile', to: '/user', icon: <PersonOutlineRoundedIcon /> },
  { key: 'support', to: '/support', icon: <HeadsetMicOutlinedIcon /> },
];

function ActionCard({ action, values }: { action: Action; values: Record<string, string> }) {
  const localized = useLocalizedPath();
  const id = (part: 'title' | 'body' | 'action') => `welcome.${action.key}.${part}` as MessageId;
  const titleId = `welcome-${action.key}`;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2.5, md: 3 }, display: 'flex', flexDirection: 'column', gap: 1.25, height: '100%' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 44,
          height: 44,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
        }}
      >
        {action.icon}
      </Box>
      <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
        <T id={id('title')} />
      </Typography>
      <Typography color="text.secondary" sx={{ flex: 1 }}>
        <T id={id('body')} values={values} />
      </Typography>
      <Box>
        <Button component={RouterLink} to={localized(action.to)} variant="outlined">
          <T id={id('action')} />
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * /dashboard for a user with no experience yet (a brand-new signup): greets them by name with the partner's brand
 * words and offers what they can do now — the store, local bids, their profile, support.
 */
export function WelcomePage() {
  const t = useT();
  const partner = usePartner();
  const { data } = useBootstrap();
  const b = partner.branding;
  const brand = b.shortName || partner.displayName;
  const values = { brand, tradeName: b.tradeName || brand };
  const name = data?.user.firstName?.trim() ?? '';
  const title = name ? t('welcome.title', { brand, name }) : t('welcome.titleNoName', { brand });
  useDocumentTitle([title, brand]);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: 26, md: 36 }, fontWeight: 800 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: { xs: 3, md: 4 }, maxWidth: 720, fontSize: { md: 17 } }}>
        <T id="welcome.subtitle" values={values} />
      </Typography>
      <Box
        role="list"
        aria-label={t('welcome.actions')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}
      >
        {ACTIONS.map((action) => (
          <Box role="listitem" key={action.key}>
            <ActionCard action={action} values={values} />
          </Box>
        ))}
      </Box>
    </Container>
  );
}
