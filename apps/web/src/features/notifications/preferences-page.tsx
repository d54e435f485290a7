import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import {
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSubscription,
  type NotificationTopic,
} from '@granary/domain';
import { Alert, Box, Button, Container, Link, Paper, Skeleton, Stack, Switch, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useBootstrap } from '../../lib/api/bootstrap';
import { usePartner } from '../../lib/brand/partner-context';
import { T, useT } from '../../lib/i18n/t';
import type { MessageId } from '../../lib/i18n/messages';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { showToast } from '../../lib/toast/toast-store';
import { useDocumentTitle } from '../../lib/ui/document-title';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { usePreferences, useUpdatePreference } from './api';

const CHANNELS: readonly { channel: NotificationChannel; label: MessageId }[] = [
  { channel: 'email', label: 'notificationPrefs.column.email' },
  { channel: 'sms', label: 'notificationPrefs.column.sms' },
  { channel: 'in_app', label: 'notificationPrefs.column.inApp' },
];

/** The columns: the topic, then a switch per channel (on a phone, each switch with its label under the topic). */
const GRID = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr repeat(3, 96px)' }, alignItems: 'center' };

function TopicRow({
  sub,
  hasPhone,
  onChange,
}: {
  sub: NotificationSubscription;
  hasPhone: boolean;
  onChange: (topic: NotificationTopic, channel: NotificationChannel, value: boolean) => void;
}) {
  const t = useT();
  const partner = usePartner();
  const topicName = t(`notificationPrefs.topic.${sub.topic}` as MessageId);
  return (
    <Box
      component="li"
      sx={{ ...GRID, gap: { xs: 1, sm: 0 }, px: { xs: 2, sm: 3 }, py: 2, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ pr: { sm: 2 } }}>
        <Typography sx={{ fontWeight: 600 }}>{topicName}</Typography>
        <Typography variant="body2" color="text.secondary">
          <T
            id={`notificationPrefs.topic.${sub.topic}.help` as MessageId}
            values={{ brand: partner.branding.shortName }}
          />
        </Typography>
      </Box>
      <Box sx={{ display: 'contents' }}>
        {CHANNELS.map(({ channel, label }) => {
          const disabled = channel === 'sms' && !hasPhone && !sub.sms;
          return (
            <Box
              key={channel}
              component="label"
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: { xs: 'space-between', sm: 'center' },
                cursor: disabled ? 'default' : 'pointer',
              }}
            >
              <Typography
                variant="body2"
                sx={{ display: { xs: 'block', sm: 'none' }, color: disabled ? 'text.disabled' : 'text.primary' }}
              >
                {t(label)}
              </Typography>
              <Switch
                checked={sub[channel]}
                disabled={disabled}
                onChange={(event) => onChange(sub.topic, channel, event.target.checked)}
                slotProps={{
                  input: { 'aria-label': t('notificationPrefs.channelFor', { channel: t(label), topic: topicName }) },
                }}
              />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** /account/notifications: how the user hears about each topic (decision 055), saved as each switch moves. */
export function NotificationPreferencesPage() {
  const t = useT();
  const partner = usePartner();
  const localized = useLocalizedPath();
  const userId = useBootstrap().data?.user.id ?? undefined;
  const prefs = usePreferences(userId);
  const update = useUpdatePreference(userId ?? '');
  useDocumentTitle([t('notificationPrefs.title'), partner.branding.shortName]);

  const change = (topic: NotificationTopic, channel: NotificationChannel, value: boolean) => {
    update.mutate(
      { topic, update: { [channel]: value } },
      {
        onSuccess: () => showToast({ messageId: 'notificationPrefs.saved' }, { severity: 'success' }),
        onError: (error) =>
          showToast(
            error instanceof Error && error.message
              ? { text: error.message }
              : { messageId: 'notificationPrefs.saveFailed' },
            { severity: 'error' },
          ),
      },
    );
  };

  const subs = prefs.data
    ? NOTIFICATION_TOPICS.map((topic) => prefs.data.subscriptions.find((s) => s.topic === topic)).filter(
        (s): s is NotificationSubscription => s !== undefined,
      )
    : [];

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h1" component="h1">
            <T id="notificationPrefs.title" />
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560 }}>
            <T id="notificationPrefs.intro" />
          </Typography>
        </Box>
        <Button
          component={RouterLink}
          to={localized('/global-notifications')}
          startIcon={<NotificationsNoneRounded />}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          <T id="notificationPrefs.seeNotifications" />
        </Button>
      </Stack>
      {prefs.isError ? (
        <LoadErrorAlert
          error={prefs.error}
          fallback={t('notificationPrefs.loadFailed')}
          retryLabel={<T id="notifications.retry" />}
          onRetry={() => void prefs.refetch()}
        />
      ) : (
        <Paper variant="outlined">
          <Box
            aria-hidden
            sx={{ ...GRID, display: { xs: 'none', sm: 'grid' }, px: 3, py: 1.5, color: 'text.secondary' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              <T id="notificationPrefs.column.topic" />
            </Typography>
            {CHANNELS.map(({ channel, label }) => (
              <Typography key={channel} variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }}>
                {t(label)}
              </Typography>
            ))}
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('notificationPrefs.title')}>
            {prefs.data
              ? subs.map((sub) => (
                  <TopicRow key={sub.topic} sub={sub} hasPhone={prefs.data.has_phone} onChange={change} />
                ))
              : NOTIFICATION_TOPICS.map((topic) => (
                  <Box component="li" key={topic} sx={{ px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
                    <Skeleton width="40%" />
                    <Skeleton width="70%" />
                  </Box>
                ))}
          </Box>
        </Paper>
      )}
      {prefs.data && !prefs.data.has_phone ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          <T id="notificationPrefs.noPhone" />{' '}
          <Link component={RouterLink} to={localized('/user')}>
            <T id="header.myProfile" />
          </Link>
        </Alert>
      ) : null}
    </Container>
  );
}
