import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { formatTime, type SupportHours } from '@granary/domain';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Container,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { useRegion } from '../../lib/i18n/locale';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { telHref } from '../../lib/ui/tel-href';

/** Monday first, as an office's week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
const FAQ = ['signIn', 'reset', 'contracts', 'settlement'] as const;

function Card({ title, id, children }: { title: ReactNode; id: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2.5, md: 3 } }}>
      <Typography id={id} component="h2" sx={{ fontWeight: 700, fontSize: 18, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
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

function clock(hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(2000, 0, 3, h ?? 0, m ?? 0);
}

/** The week's hours, Monday first, each day open–close or 'Closed', in the locale's 12-hour times. */
function HoursTable({ hours }: { hours: SupportHours }) {
  const { locale } = useRegion();
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  const zone =
    new Intl.DateTimeFormat(locale, { timeZone: hours.timezone, timeZoneName: 'long' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value ?? hours.timezone;
  return (
    <>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 0.75 }}>
        {WEEK.map((day) => {
          const open = hours.days.find((d) => d.day === day);
          return (
            <Box key={day} sx={{ display: 'contents' }}>
              <Typography component="dt">{weekday.format(new Date(2000, 0, 2 + day))}</Typography>
              <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>
                {open ? (
                  `${formatTime(clock(open.open), locale)} – ${formatTime(clock(open.close), locale)}`
                ) : (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    <T id="support.hoursClosed" />
                  </Box>
                )}
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        <T id="support.hoursZone" values={{ zone }} />
      </Typography>
    </>
  );
}

/** /support: the partner's support contacts and office hours (partner data) and a short help section. */
export function SupportPage() {
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const b = partner.branding;
  const brand = b.shortName || partner.displayName;
  const values = { brand, tradeName: b.tradeName || brand, phone: b.supportPhone, email: b.supportEmail };
  const title = t('support.title', { brand });
  useDocumentTitle([title, brand]);
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: 26, md: 36 }, fontWeight: 800 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: { xs: 3, md: 4 }, maxWidth: 720, fontSize: { md: 17 } }}>
        <T id="support.subtitle" values={values} />
      </Typography>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '360px 1fr' }, alignItems: 'start' }}>
        <Stack spacing={2.5}>
          <Card id="support-contacts" title={<T id="support.contacts" />}>
            <Stack spacing={2}>
              {b.supportPhone ? (
                <ContactLine icon={<PhoneOutlinedIcon />} label={<T id="support.phone" />}>
                  <Link href={telHref(b.supportPhone)} underline="hover">
                    {b.supportPhone}
                  </Link>
                </ContactLine>
              ) : null}
              {b.supportEmail ? (
                <ContactLine icon={<EmailOutlinedIcon />} label={<T id="support.email" />}>
                  <Link href={`mailto:${b.supportEmail}`} underline="hover">
                    {b.supportEmail}
                  </Link>
                </ContactLine>
              ) : null}
              {b.appSupportEmail ? (
                <ContactLine icon={<EmailOutlinedIcon />} label={<T id="support.appSupport" />}>
                  <Link href={`mailto:${b.appSupportEmail}`} underline="hover">
                    {b.appSupportEmail}
                  </Link>
                </ContactLine>
              ) : null}
            </Stack>
          </Card>
          <Card id="support-hours" title={<T id="support.hours" />}>
            {b.supportHours ? (
              <HoursTable hours={b.supportHours} />
            ) : (
              <Typography color="text.secondary">
                <T id="support.hoursNone" />
              </Typography>
            )}
          </Card>
        </Stack>
        <Card id="support-faq" title={<T id="support.faq" />}>
          <Box>
            {FAQ.map((key) => (
              <Accordion key={key} disableGutters elevation={0} sx={{ '&:before': { opacity: 1 } }}>
                <AccordionSummary expandIcon={<ExpandMoreRoundedIcon />} sx={{ px: 0 }}>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    <T id={`support.faq.${key}.q` as MessageId} />
                  </Typography>
                </AccordionSummary>
                <AccordionDetails sx={{ px: 0, pt: 0 }}>
                  <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
                    <T id={`support.faq.${key}.a` as MessageId} values={values} />
                  </Typography>
                  {key === 'signIn' || key === 'reset' ? (
                    <Button
                      component={RouterLink}
                      to={localized(key === 'signIn' ? '/sign-in/password' : '/reset-password')}
                      size="small"
                      sx={{ mt: 1, px: 0 }}
                    >
                      <T id={key === 'signIn' ? 'support.signIn' : 'support.resetPassword'} />
                    </Button>
                  ) : null}
                </AccordionDetails>
              </Accordion>
            ))}
          </Box>
        </Card>
      </Box>
    </Container>
  );
}
