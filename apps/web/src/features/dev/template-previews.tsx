import { Alert, Box, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { T, useT } from '../../lib/i18n/t';
import { useMailTemplates } from './api/mailbox';
import { MailView } from './mail-view';

/**
 * Every e-mail template rendered with sample data in this host's brand, one at a time (?preview=name), so a designer
 * sees each without triggering it.
 */
export function TemplatePreviews({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (name: string) => void;
}) {
  const t = useT();
  const query = useMailTemplates(true);
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('shell.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error">
        <T id="error.unexpected" />
      </Alert>
    );
  }
  if (!query.data.available) {
    return (
      <Alert severity="info">
        <T id="mailbox.unavailable" />
      </Alert>
    );
  }
  const templates = query.data.templates;
  const current = templates.find((m) => m.template === selected) ?? templates[0];
  if (!current) return null;
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('mailbox.template')}
        value={current.template}
        onChange={(event) => onSelect(event.target.value)}
        sx={{ maxWidth: { sm: 360 } }}
      >
        {templates.map((m) => (
          <MenuItem key={m.template} value={m.template}>
            {m.template}
          </MenuItem>
        ))}
      </TextField>
      <Paper component="article" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-label={current.subject}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{current.subject}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          <T id="mailbox.sampleData" />
        </Typography>
        <MailView key={current.template} html={current.html} text={current.text} title={current.subject} />
      </Paper>
    </Stack>
  );
}
