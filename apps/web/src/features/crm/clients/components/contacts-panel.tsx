import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import type { ClientProfile } from '@granary/domain';
import { Box, Chip, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../../lib/i18n/t';

function ContactLine({ icon, href, text }: { icon: ReactNode; href: string; text: string }) {
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', minWidth: 0, color: 'text.secondary', '& svg': { fontSize: 16 } }}
    >
      {icon}
      <Link href={href} underline="hover" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Link>
    </Stack>
  );
}

/** The client's phone and e-mail, then its contacts (the primary one marked) with theirs. */
export function ContactsPanel({ profile }: { profile: ClientProfile }) {
  const t = useT();
  const { summary } = profile;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-contacts-title" sx={{ p: 2 }}>
      <Typography id="client-contacts-title" variant="h4" component="h2" sx={{ mb: 1 }}>
        <T id="crm.client.contacts.title" />
      </Typography>
      <Stack spacing={0.5}>
        {summary.phoneNumber ? (
          <ContactLine icon={<PhoneOutlinedIcon />} href={`tel:${summary.phoneNumber}`} text={summary.phoneNumber} />
        ) : null}
        {summary.emailAddress ? (
          <ContactLine
            icon={<EmailOutlinedIcon />}
            href={`mailto:${summary.emailAddress}`}
            text={summary.emailAddress}
          />
        ) : null}
        {!summary.phoneNumber && !summary.emailAddress ? (
          <Typography variant="body2" color="text.secondary">
            <T id="crm.client.contacts.noDirect" />
          </Typography>
        ) : null}
      </Stack>
      {summary.contacts.length > 0 ? (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Stack
            component="ul"
            spacing={1.5}
            aria-label={t('crm.client.contacts.list')}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {summary.contacts.map((contact) => (
              <Box component="li" key={contact.id}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {contact.name}
                  </Typography>
                  {contact.role ? (
                    <Typography variant="caption" color="text.secondary">
                      {contact.role}
                    </Typography>
                  ) : null}
                  {contact.id === summary.contactPersonId ? (
                    <Chip size="small" label={t('crm.client.contacts.primary')} color="primary" variant="outlined" />
                  ) : null}
                </Stack>
                {contact.phoneNumber ? (
                  <ContactLine
                    icon={<PhoneOutlinedIcon />}
                    href={`tel:${contact.phoneNumber}`}
                    text={contact.phoneNumber}
                  />
                ) : null}
                {contact.emailAddress ? (
                  <ContactLine
                    icon={<EmailOutlinedIcon />}
                    href={`mailto:${contact.emailAddress}`}
                    text={contact.emailAddress}
                  />
                ) : null}
              </Box>
            ))}
          </Stack>
        </>
      ) : null}
    </Paper>
  );
}
