import { formatDate } from '@granary/domain';
import { Box, Link, Paper, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { BrandMark } from '../../../lib/brand/brand-mark';
import { usePartner } from '../../../lib/brand/partner-context';
import { T } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';

/**
 * The frame of every sign-in, signup and password page: the partner's mark, one centred card with the page title,
 * optional lines under the card (e.g. "New here? Create account") and a quiet legal and support footer. Pages
 * without a header (route header 'none') render in it, so the brand always comes from the partner branding.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  below,
  wide = false,
  icon,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  below?: ReactNode;
  /** The signup form needs more room than a sign-in form. */
  wide?: boolean;
  /** A round badge above the title (confirmation and error states). */
  icon?: ReactNode;
}) {
  const partner = usePartner();
  const titleId = useId();
  const { legalName, supportEmail } = partner.branding;
  useDocumentTitle([typeof title === 'string' ? title : null, partner.branding.shortName]);
  return (
    <Box
      sx={(theme) => ({
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: { xs: 2, sm: 3 },
        pt: { xs: 3, sm: 7 },
        pb: 3,
        background: `radial-gradient(1100px 460px at 50% -160px, ${alpha(theme.palette.primary.main, 0.13)}, transparent 72%)`,
      })}
    >
      <Box sx={{ mb: { xs: 3, sm: 4 } }}>
        <BrandMark />
      </Box>
      <Paper
        component="section"
        aria-labelledby={titleId}
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: wide ? 600 : 444,
          p: { xs: 3, sm: 5 },
          boxShadow: '0 1px 2px rgba(16,24,40,0.04), 0 16px 40px -16px rgba(16,24,40,0.16)',
        }}
      >
        {icon ? (
          <Box
            aria-hidden
            sx={(theme) => ({
              width: 52,
              height: 52,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              mb: 2.5,
              bgcolor: alpha(theme.palette.primary.main, 0.1),
              color: 'primary.main',
            })}
          >
            {icon}
          </Box>
        ) : null}
        <Typography id={titleId} variant="h2" component="h1" sx={{ fontSize: { xs: '1.45rem', sm: '1.6rem' } }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        ) : null}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
      {below ? (
        <Box sx={{ mt: 3, textAlign: 'center', display: 'flex', flexDirection: 'column', gap: 1 }}>{below}</Box>
      ) : null}
      <Box
        component="footer"
        sx={{ mt: 'auto', pt: 6, textAlign: 'center', display: 'flex', flexDirection: 'column', gap: 0.5 }}
      >
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
          </Typography>
        ) : null}
        {partner.legalFooter || legalName ? (
          <Typography variant="caption" color="text.secondary">
            {partner.legalFooter || (
              <T id="footer.copyright" values={{ year: formatDate(new Date(), 'YYYY'), legalName }} />
            )}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
