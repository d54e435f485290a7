import { LEGAL_DOCUMENTS, legalTextUpdateSchema, type LegalDocument } from '@granary/domain';
import { Alert, Box, Button, Link, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { useLegalTexts, useSaveLegalText } from '../../../lib/api/legal-texts';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useLocalizedPath } from '../../../lib/routing/route-handle';
import { showToast } from '../../../lib/toast/toast-store';
import { LegalTextView } from '../../../lib/ui/legal-text';
import { PageSpinner } from '../../../lib/ui/page-spinner';

/** The editor of one document: the text beside its preview, published with PUT. */
function LegalTextEditor({ document, saved }: { document: LegalDocument; saved: string }) {
  const t = useT();
  const localized = useLocalizedPath();
  const save = useSaveLegalText();
  const [body, setBody] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const name = t(`legal.${document}` as MessageId);
  const publish = () => {
    const parsed = legalTextUpdateSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('error.unexpected'));
      return;
    }
    setError(null);
    save.mutate(
      { document, body: parsed.data.body },
      {
        onSuccess: () =>
          showToast(
            { messageId: 'crm.administrator.legal.saved', values: { document: name } },
            { severity: 'success' },
          ),
        onError: (cause) => setError(isApiError(cause) ? cause.message : t('error.unexpected')),
      },
    );
  };
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <TextField
          label={t('crm.administrator.legal.text')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          minRows={14}
          maxRows={30}
          fullWidth
          error={error !== null}
          helperText={error ?? undefined}
          slotProps={{
            htmlInput: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } },
          }}
        />
        <Paper
          variant="outlined"
          component="section"
          aria-label={t('crm.administrator.legal.preview')}
          sx={{ p: 2, maxHeight: 560, overflow: 'auto', bgcolor: 'background.default' }}
        >
          <Typography variant="overline" color="text.secondary">
            <T id="crm.administrator.legal.preview" />
          </Typography>
          {body.trim() ? (
            <LegalTextView body={body} />
          ) : (
            <Typography color="text.secondary">
              <T id="crm.administrator.legal.empty" />
            </Typography>
          )}
        </Paper>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
        <Button variant="contained" onClick={publish} disabled={save.isPending || body === saved}>
          <T id="crm.administrator.legal.save" />
        </Button>
        <Link component={RouterLink} to={localized(`/${document}`)} target="_blank" rel="noopener">
          <T id="crm.administrator.legal.view" />
        </Link>
      </Stack>
    </>
  );
}

/** /crm/administrator: the partner's legal pages (platform.md 2.1), edited by its administrators and super admins. */
export function LegalTextsSection() {
  const t = useT();
  const texts = useLegalTexts();
  const [document, setDocument] = useState<LegalDocument>('terms-of-service');
  const current = texts.data?.texts.find((text) => text.document === document);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('crm.administrator.legal.title')}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        <T id="crm.administrator.legal.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 760 }}>
        <T id="crm.administrator.legal.subtitle" />
      </Typography>
      <TextField
        select
        label={t('crm.administrator.legal.document')}
        value={document}
        onChange={(event) => setDocument(event.target.value as LegalDocument)}
        sx={{ mb: 2, minWidth: 280 }}
        size="small"
      >
        {LEGAL_DOCUMENTS.map((d) => (
          <MenuItem key={d} value={d}>
            {t(`legal.${d}` as MessageId)}
          </MenuItem>
        ))}
      </TextField>
      {texts.isPending ? (
        <PageSpinner />
      ) : texts.isError ? (
        <Alert severity="error">
          <T id="crm.administrator.legal.loadError" />
        </Alert>
      ) : (
        <LegalTextEditor
          key={`${document}:${current?.updatedAt ?? ''}`}
          document={document}
          saved={current?.body ?? ''}
        />
      )}
    </Paper>
  );
}
