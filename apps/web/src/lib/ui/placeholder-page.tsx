import ConstructionRoundedIcon from '@mui/icons-material/ConstructionRounded';
import { Box, Container, Paper, Typography } from '@mui/material';
import { BrandMark } from '../brand/brand-mark';
import { usePartner } from '../brand/partner-context';
import { T } from '../i18n/t';
import { useCurrentRouteDef } from '../routing/route-handle';
import { useDocumentTitle } from './document-title';

/**
 * The page of a route that is not built yet (route.built false): names the page and says it is coming soon.
 * The title is the route's English page title from the domain route table.
 */
export function PlaceholderPage() {
  const def = useCurrentRouteDef();
  const partner = usePartner();
  const title = def?.title ?? '';
  useDocumentTitle([title, partner.branding.shortName]);
  // Pages without a header (sign-in, signup, ...) still wear the partner's mark.
  const bare = def?.header === 'none';
  return (
    <Container maxWidth={bare ? 'md' : 'lg'} sx={{ py: { xs: 3, md: bare ? 8 : 5 } }}>
      {bare ? (
        <Box sx={{ mb: { xs: 4, md: 6 } }}>
          <BrandMark />
        </Box>
      ) : null}
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, md: 5 },
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: 3,
        }}
      >
        <Box
          sx={{
            width: 56,
            height: 56,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <ConstructionRoundedIcon />
        </Box>
        <Box>
          <Typography variant="h3" component="p" data-testid="placeholder-message">
            <T id="shell.placeholder.comingSoon" values={{ page: title }} />
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            <T id="shell.placeholder.body" />
          </Typography>
        </Box>
      </Paper>
    </Container>
  );
}
