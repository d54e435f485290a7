import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { Box, Button, CircularProgress, Container, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { showToast } from '../../lib/toast/toast-store';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { EmptyState, LoadErrorAlert } from '../../lib/ui/page-states';
import { useMarkRead, useNotificationList } from './api';
import { NotificationRows } from './notification-list';

/** /global-notifications: the user's in-app notifications, newest first, all or unread, a page at a time. */
export function NotificationsPage() {
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationList(unreadOnly);
  const markRead = useMarkRead();
  useDocumentTitle([t('notifications.page.title'), partner.branding.shortName]);

  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((p) => p.notifications);
  const head = pages[0];
  const unread = head?.unread ?? 0;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h1" component="h1">
            <T id="notifications.page.title" />
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            <T id="notifications.page.intro" />
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            variant="outlined"
            startIcon={<DoneAllRounded />}
            disabled={unread === 0 || markRead.isPending}
            onClick={() =>
              markRead.mutate(null, {
                onError: (e) => showToast({ text: e.message }, { severity: 'error' }),
              })
            }
          >
            <T id="notifications.markAllRead" />
          </Button>
          <Button component={RouterLink} to={localized('/account/notifications')} startIcon={<SettingsOutlined />}>
            <T id="notifications.settingsLink" />
          </Button>
        </Stack>
      </Stack>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Tabs value={unreadOnly ? 'unread' : 'all'} onChange={(_e, v: string) => setUnreadOnly(v === 'unread')}>
          <Tab value="all" label={t('notifications.filter.all')} />
          <Tab value="unread" label={t('notifications.filter.unread')} />
        </Tabs>
        {head ? (
          <Typography variant="body2" color="text.secondary">
            <T id="notifications.count" values={{ unread, total: unreadOnly ? unread : head.total }} />
          </Typography>
        ) : null}
      </Stack>
      {list.isError ? (
        <LoadErrorAlert
          error={list.error}
          fallback={t('notifications.loadFailed')}
          retryLabel={<T id="notifications.retry" />}
          onRetry={() => void list.refetch()}
        />
      ) : list.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('shell.loading')} />
        </Box>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<NotificationsNoneRounded />}
          title={<T id={unreadOnly ? 'notifications.emptyUnread.title' : 'notifications.empty.title'} />}
          body={<T id={unreadOnly ? 'notifications.emptyUnread.body' : 'notifications.empty.body'} />}
          bodyMaxWidth={420}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden', '& > ul > li:first-of-type': { borderTop: 0 } }}>
          <NotificationRows items={items} />
          {list.hasNextPage ? (
            <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1.5, textAlign: 'center' }}>
              <Button onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                <T id="notifications.loadMore" />
              </Button>
            </Box>
          ) : null}
        </Paper>
      )}
    </Container>
  );
}
