import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import { Box, Button, IconButton, LinearProgress, Paper, Stack, Tooltip, Typography } from '@mui/material';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';
import { uploader, useUploader, type UploadItem, type UploaderStore } from './upload-store';

/** The failures the panel says in its own words; any other shows the server's message. */
const ERROR_MESSAGES: Partial<Record<NonNullable<UploadItem['error']>['code'], MessageId>> = {
  upload_too_large: 'uploader.error.upload_too_large',
  upload_type_not_allowed: 'uploader.error.upload_type_not_allowed',
  upload_empty: 'uploader.error.upload_empty',
  disconnected: 'uploader.error.network',
};

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / 104857.6) / 10} MB`;
}

function statusText(t: ReturnType<typeof useT>, item: UploadItem): string {
  if (item.status === 'uploading') return t('uploader.status.uploading', { progress: item.progress });
  if (item.status === 'error' && item.error) {
    const known = ERROR_MESSAGES[item.error.code];
    return `${t('uploader.status.error')}: ${known ? t(known) : item.error.message || t('uploader.error.other')}`;
  }
  return t(`uploader.status.${item.status}` as MessageId);
}

const statusColor = { completed: 'success.main', error: 'error.main', canceled: 'text.secondary' } as Record<
  string,
  string
>;

function Row({ item, store }: { item: UploadItem; store: UploaderStore }) {
  const t = useT();
  const active = item.status === 'pending' || item.status === 'uploading';
  const retriable = item.status === 'error' || item.status === 'canceled';
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }}
      aria-label={item.file.name}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" noWrap title={item.file.name} sx={{ fontWeight: 600 }}>
            {item.file.name}
          </Typography>
          <Typography
            variant="caption"
            component="p"
            sx={{ color: statusColor[item.status] ?? 'text.secondary' }}
            role="status"
          >
            {formatFileSize(item.file.size)} · {statusText(t, item)}
          </Typography>
        </Box>
        {active ? (
          <Tooltip title={t('uploader.cancel', { name: item.file.name })}>
            <IconButton
              size="small"
              aria-label={t('uploader.cancel', { name: item.file.name })}
              onClick={() => store.cancel(item.id)}
            >
              <CloseRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {retriable && !(item.error && item.error.code.startsWith('upload_')) ? (
          <Tooltip title={t('uploader.retry', { name: item.file.name })}>
            <IconButton
              size="small"
              aria-label={t('uploader.retry', { name: item.file.name })}
              onClick={() => store.retry(item.id)}
            >
              <ReplayRoundedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>
      {item.status === 'uploading' || item.status === 'pending' ? (
        <LinearProgress
          variant={item.status === 'pending' ? 'indeterminate' : 'determinate'}
          value={item.progress}
          sx={{ mt: 0.75, borderRadius: 1 }}
          aria-label={item.file.name}
        />
      ) : null}
    </Box>
  );
}

/** The uploader panel (platform.md 2.10), docked bottom-right; nothing when there are no files. */
export function UploaderPanel({ store = uploader }: { store?: UploaderStore }) {
  const t = useT();
  const { items, maximized } = useUploader(store);
  if (items.length === 0) return null;
  const done = items.filter((i) => i.status === 'completed').length;
  const uploading = items.filter((i) => i.status === 'uploading' || i.status === 'pending').length;
  const clearable = items.some((i) => i.status === 'completed' || i.status === 'canceled');
  return (
    <Paper
      elevation={8}
      component="section"
      aria-label={t('uploader.label')}
      sx={{
        position: 'fixed',
        right: { xs: 8, sm: 24 },
        bottom: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 'auto' },
        width: { sm: 380 },
        // Above the page and its app bar, below drawers (the cart) and dialogs.
        zIndex: (theme) => theme.zIndex.appBar + 1,
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', px: 2, py: 1, bgcolor: 'grey.900', color: 'common.white' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700 }}>
            {t('uploader.title')}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.8 }}>
            {uploading > 0
              ? t('uploader.uploadingSummary', { count: uploading })
              : t('uploader.summary', { done, total: items.length })}
          </Typography>
        </Box>
        {clearable ? (
          <Button
            size="small"
            color="inherit"
            onClick={() => store.clear()}
            sx={{ textTransform: 'none', fontWeight: 600 }}
          >
            {t('uploader.clear')}
          </Button>
        ) : null}
        <IconButton
          size="small"
          color="inherit"
          aria-label={maximized ? t('uploader.minimize') : t('uploader.maximize')}
          aria-expanded={maximized}
          onClick={() => store.setMaximized(!maximized)}
        >
          {maximized ? <ExpandMoreRoundedIcon /> : <ExpandLessRoundedIcon />}
        </IconButton>
      </Stack>
      {maximized ? (
        <Box component="ul" sx={{ m: 0, p: 0, maxHeight: { xs: 240, sm: 320 }, overflowY: 'auto' }}>
          {items.map((item) => (
            <Row key={item.id} item={item} store={store} />
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
