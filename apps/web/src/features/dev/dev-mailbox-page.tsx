import MailOutlineRoundedIcon from '@mui/icons-material/MailOutlineRounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Container,
  InputAdornment,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BrandMark } from '../../lib/brand/brand-mark';
import { usePartner } from '../../lib/brand/partner-context';
import { RelativeTime } from '../../lib/i18n/relative-time';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useMailbox, type MailboxMessage } from './api/mailbox';
import { MailView } from './mail-view';
import { TemplatePreviews } from './template-previews';

function MessageCard({ message }: { message: MailboxMessage }) {
  const t = useT();
  const sms = message.channel === 'sms';
  return (
    <Paper
      component="article"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-label={message.subject ?? message.recipient}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 36,
            height: 36,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          {sms ? <SmsOutlinedIcon fontSize="small" /> : <MailOutlineRoundedIcon fontSize="small" />}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {message.subject ?? t('mailbox.sms')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <T id="mailbox.to" values={{ recipient: message.recipient }} /> · <RelativeTime value={message.createdAt} />
          </Typography>
        </Box>
        <Chip
          size="small"
          label={message.template}
          variant="outlined"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        />
      </Stack>
      <MailView html={message.html} text={message.text} title={message.subject ?? message.recipient} />
    </Paper>
  );
}

/** The outbox, newest first, with a search by recipient (kept in the URL). */
function MessagesPanel() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const [recipient, setRecipient] = useState(searchParams.get('recipient') ?? '');
  const deferred = useDeferredValue(recipient);
  const mailbox = useMailbox(deferred);
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 3 }}>
        <TextField
          label={t('mailbox.recipient')}
          type="search"
          size="small"
          value={recipient}
          onChange={(event) => {
            setRecipient(event.target.value);
            const next = new URLSearchParams(searchParams);
            if (event.target.value) next.set('recipient', event.target.value);
            else next.delete('recipient');
            setSearchParams(next, { replace: true });
          }}
          sx={{ flex: 1 }}
          slotProps={{
            input: {
              endAdornment: mailbox.isFetching ? (
                <InputAdornment position="end">
                  <CircularProgress size={16} aria-hidden />
                </InputAdornment>
              ) : null,
            },
          }}
        />
        <Button variant="outlined" startIcon={<RefreshRoundedIcon />} onClick={() => void mailbox.refetch()}>
          <T id="mailbox.refresh" />
        </Button>
      </Stack>
      {mailbox.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('shell.loading')} />
        </Box>
      ) : mailbox.isError ? (
        <Alert severity="error">
          <T id="error.unexpected" />
        </Alert>
      ) : !mailbox.data.available ? (
        <Alert severity="info">
          <T id="mailbox.unavailable" />
        </Alert>
      ) : mailbox.data.messages.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 5, textAlign: 'center' }}>
          <Typography color="text.secondary">
            <T id="mailbox.empty" />
          </Typography>
        </Paper>
      ) : (
        <Stack spacing={2} component="section" aria-label={t('mailbox.messages')}>
          {mailbox.data.messages.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </>
  );
}

/**
 * /dev/mailbox (outside production): what the outbox sent, newest first, so magic links, password resets and SMS
 * codes work in a demo without a mail or SMS provider; each e-mail as it arrives (HTML, or its plain text), and under
 * Templates (?view=templates, one with ?preview=name) every e-mail template with sample data.
 */
export function DevMailboxPage() {
  const t = useT();
  const partner = usePartner();
  const [searchParams, setSearchParams] = useSearchParams();
  const preview = searchParams.get('preview');
  const tab = preview !== null || searchParams.get('view') === 'templates' ? 'templates' : 'messages';
  useDocumentTitle([t('mailbox.title'), partner.branding.shortName]);
  const show = (next: 'messages' | 'templates', name?: string | null) => {
    const params = new URLSearchParams(searchParams);
    params.delete('preview');
    if (next === 'templates') params.set('view', 'templates');
    else params.delete('view');
    if (name) params.set('preview', name);
    setSearchParams(params, { replace: true });
  };

  return (
    <Box sx={{ flex: 1, bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ py: 1.5, display: 'flex', alignItems: 'center', gap: 2 }}>
          <BrandMark />
          <Chip label={t('mailbox.devOnly')} size="small" color="warning" variant="outlined" sx={{ ml: 'auto' }} />
        </Container>
      </Box>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h1" component="h1">
          <T id="mailbox.title" />
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
          <T id="mailbox.subtitle" />
        </Typography>
        <Tabs
          value={tab}
          onChange={(_event, next: 'messages' | 'templates') => show(next)}
          sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="messages" label={t('mailbox.messages')} />
          <Tab value="templates" label={t('mailbox.templates')} />
        </Tabs>
        {tab === 'messages' ? (
          <MessagesPanel />
        ) : (
          <TemplatePreviews selected={preview} onSelect={(name) => show('templates', name)} />
        )}
      </Container>
    </Box>
  );
}
