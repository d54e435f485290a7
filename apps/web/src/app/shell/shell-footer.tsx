import { formatDate, LEGAL_DOCUMENTS } from '@granary/domain';
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { telHref } from '../../lib/ui/tel-href';

/** The legal pages (platform.md 2.1) and support, linked from every page's footer. */
function FooterLinks() {
  const t = useT();
  const localized = useLocalizedPath();
  const links: { to: string; label: MessageId }[] = [
    ...LEGAL_DOCUMENTS.map((document) => ({ to: `/${document}`, label: `legal.${document}` as MessageId })),
    { to: '/support', label: 'support.link' },
  ];
  return (
    <Box
      component="nav"
      aria-label={t('legal.footerNav')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      {links.map((link) => (
        <Link
          key={link.to}
          component={RouterLink}
          to={localized(link.to)}
          variant="body2"
          color="text.secondary"
          underline="hover"
        >
          <T id={link.label} />
        </Link>
      ))}
    </Box>
  );
}

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
        <Stack spacing={0.75}>
          <FooterLinks />
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
                      <Link key="phone" href={telHref(supportPhone)} underline="hover" sx={{ whiteSpace: 'nowrap' }}>
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
