import { formatDate } from '@granary/domain';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { usePartner } from '../../lib/brand/partner-context';
import { T } from '../../lib/i18n/t';

/** The slim footer: legal line and support contacts from the partner branding. */
export function ShellFooter() {
  const partner = usePartner();
  const { legalName, supportEmail, supportPhone } = partner.branding;
  if (!legalName && !supportEmail && !partner.legalFooter) return null;
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 'auto' }}>
      <Container
        maxWidth="lg"
        sx={{
          py: 2.5,
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 1,
          justifyContent: 'space-between',
          alignItems: { xs: 'flex-start', md: 'center' },
        }}
      >
        <Stack spacing={0.25}>
          {partner.legalFooter ? (
            <Typography variant="body2" color="text.secondary">
              {partner.legalFooter}
            </Typography>
          ) : legalName ? (
            <Typography variant="body2" color="text.secondary">
              <T id="footer.copyright" values={{ year: formatDate(new Date(), 'YYYY'), legalName }} />
            </Typography>
          ) : null}
        </Stack>
        {supportEmail ? (
          <Typography variant="body2" color="text.secondary">
            <T
              id="footer.supportLine"
              values={{
                email: (
                  <Link key="email" href={`mailto:${supportEmail}`} underline="hover">
                    {supportEmail}
                  </Link>
                ),
              }}
            />
            {supportPhone ? (
              <>
                {' '}
                <T
                  id="footer.supportPhone"
                  values={{
                    phone: (
                      <Link key="phone" href={`tel:${supportPhone}`} underline="hover">
                        {supportPhone}
                      </Link>
                    ),
                  }}
                />
              </>
            ) : null}
          </Typography>
        ) : null}
      </Container>
    </Box>
  );
}
