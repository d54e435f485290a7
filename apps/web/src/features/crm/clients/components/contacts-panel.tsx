import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import type { ClientProfile } from '@granary/domain';
import { Alert, Box, Button, Chip, Divider, Link, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { useInviteContact, type InviteContactParams } from '../api/invite-contact';
import { telHref } from '../../../../lib/ui/tel-href';

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

/**
 * The client's phone and e-mail, then its contacts (the primary one marked) with theirs; a contact with an e-mail can
 * be invited to the app (decision 060: the link lands on the partner's onboarding page).
 */
export function ContactsPanel({ profile, invite }: { profile: ClientProfile; invite: InviteContactParams }) {
  const t = useT();
  const { summary } = profile;
  const inviting = useInviteContact(invite);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="client-contacts-title" sx={{ p: 2 }}>
      <Typography id="client-contacts-title" variant="h4" component="h2" sx={{ mb: 1 }}>
        <T id="crm.client.contacts.title" />
      </Typography>
      <Stack spacing={0.5}>
        {summary.phoneNumber ? (
          <ContactLine icon={<PhoneOutlinedIcon />} href={telHref(summary.phoneNumber)} text={summary.phoneNumber} />
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
                    href={telHref(contact.phoneNumber)}
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
                {contact.emailAddress ? (
                  <Button
                    size="small"
                    sx={{ mt: 0.5, px: 0.5 }}
                    title={t('crm.client.contacts.inviteTitle', { name: contact.name })}
                    disabled={inviting.isPending}
                    onClick={() => inviting.mutate(contact.id)}
                  >
                    <T id="crm.client.contacts.invite" />
                  </Button>
                ) : null}
                {inviting.variables === contact.id && inviting.isSuccess ? (
                  <Alert severity="success" sx={{ mt: 0.5 }}>
                    <T id="crm.client.contacts.invited" values={{ email: inviting.data.sentTo }} />
                  </Alert>
                ) : null}
                {inviting.variables === contact.id && inviting.isError ? (
                  <Alert severity="error" role="alert" sx={{ mt: 0.5 }}>
                    {inviting.error.message}
                  </Alert>
                ) : null}
              </Box>
            ))}
          </Stack>
        </>
      ) : null}
    </Paper>
  );
}
