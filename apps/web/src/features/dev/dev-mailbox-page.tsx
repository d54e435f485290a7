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
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Fragment, useDeferredValue, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BrandMark } from '../../lib/brand/brand-mark';
import { usePartner } from '../../lib/brand/partner-context';
import { RelativeTime } from '../../lib/i18n/relative-time';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { useMailbox, type MailboxMessage } from './api/mailbox';

const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** The message text with its links clickable. */
function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    parts.push(
      <Link key={index} href={match[0]} sx={{ wordBreak: 'break-all' }}>
        {match[0]}
      </Link>,
    );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

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
      <Typography
        component="div"
        variant="body2"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'background.default',
          borderRadius: 1.5,
          p: 2,
        }}
      >
        {linkify(message.text).map((part, index) => (
          <Fragment key={index}>{part}</Fragment>
        ))}
      </Typography>
    </Paper>
  );
}

/**
 * /dev/mailbox (outside production): what the outbox sent, newest first, so magic links, password resets and SMS
 * codes work in a demo without a mail or SMS provider. Links in the messages are clickable.
 */
export function DevMailboxPage() {
  const t = useT();
  const partner = usePartner();
  const [searchParams, setSearchParams] = useSearchParams();
  const [recipient, setRecipient] = useState(searchParams.get('recipient') ?? '');
  const deferred = useDeferredValue(recipient);
  const mailbox = useMailbox(deferred);
  useDocumentTitle([t('mailbox.title'), partner.branding.shortName]);

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
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          <T id="mailbox.subtitle" />
        </Typography>
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
      </Container>
    </Box>
  );
}
