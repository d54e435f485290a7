import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import UnsubscribeOutlined from '@mui/icons-material/UnsubscribeOutlined';
import type { UnsubscribeLink } from '@granary/domain';
import { Alert, Box, Button, CircularProgress, Container, Link, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { unsubscribe, useUnsubscribeLink } from './api';

/**
 * /one-click-unsubscribe/:id, the page an e-mail's unsubscribe link opens (decision 055): what it stops, to which
 * address, and one button; no sign-in (the link's signed id is the proof). Mail clients that support RFC 8058 POST to
 * the same address and never show it.
 */
export function UnsubscribePage() {
  const t = useT();
  const partner = usePartner();
  const id = useParams()['id'] ?? '';
  const link = useUnsubscribeLink(id);
  const [done, setDone] = useState<UnsubscribeLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  useDocumentTitle([t('unsubscribe.title'), partner.branding.shortName]);

  const confirm = async () => {
    setBusy(true);
    setFailed(null);
    const result = await unsubscribe(id);
    setBusy(false);
    if (result.ok) setDone(result.json);
    else setFailed(result.error.message || t('unsubscribe.failed'));
  };

  const shown = done ?? link.data;
  const topic = shown ? t(`unsubscribe.topic.${shown.topic}` as MessageId) : '';

  let content;
  if (link.isPending) {
    content = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress aria-label={t('shell.loading')} />
      </Box>
    );
  } else if (!shown) {
    content = (
      <Alert severity="error" role="alert">
        <T id="unsubscribe.invalid" />
      </Alert>
    );
  } else if (done || !shown.subscribed) {
    content = (
      <Box role="status">
        <CheckCircleOutlineRounded color="success" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 1 }}>
          <T id="unsubscribe.done" />
        </Typography>
        <Typography color="text.secondary">
          <T id={done ? 'unsubscribe.doneBody' : 'unsubscribe.already'} values={{ email: shown.email, topic }} />
        </Typography>
      </Box>
    );
  } else {
    content = (
      <>
        <UnsubscribeOutlined color="primary" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, mb: 3 }}>
          <T id="unsubscribe.question" values={{ topic, email: shown.email }} />
        </Typography>
        {failed ? (
          <Alert severity="error" role="alert" sx={{ mb: 2, textAlign: 'left' }}>
            {failed}
          </Alert>
        ) : null}
        <Button variant="contained" size="large" disabled={busy} onClick={() => void confirm()}>
          <T id="unsubscribe.button" />
        </Button>
      </>
    );
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        {content}
        <Typography variant="body2" sx={{ mt: 4 }}>
          <Link component={RouterLink} to="/account/notifications">
            <T id="unsubscribe.manage" />
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
