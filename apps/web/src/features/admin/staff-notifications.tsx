import {
  NOTIFICATION_TOPICS,
  type NotificationChannel,
  type NotificationSubscription,
  type NotificationSubscriptionUpdate,
  type NotificationSubscriptions,
  type NotificationTopic,
} from '@granary/domain';
import {
  Alert,
  Chip,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, retryUnlessRefused } from '../../lib/api/request';
import type { MessageId } from '../../lib/i18n/messages';
import { T, useT } from '../../lib/i18n/t';
import { showToast } from '../../lib/toast/toast-store';
import { LoadErrorAlert } from '../../lib/ui/page-states';
import { Section, failureText } from './staff-user-page-parts';

// A user's notification preferences on their staff page (issue 16): the same calls as the user's own settings page
// (decision 055; staff with list-all-user-details who see the user by decision 053's rule), each change audited by the
// server. Marketing is the user's consent: staff may turn it off for them, never on (the server refuses it too).

const SUBSCRIPTIONS = '/api/effu/notifications/subscriptions';
const prefsKey = (userId: string) => ['staff-admin', 'notification-preferences', userId] as const;

function useUserPreferences(userId: string) {
  return useQuery({
    queryKey: prefsKey(userId),
    queryFn: async ({ signal }) =>
      (await request<NotificationSubscriptions>(`${SUBSCRIPTIONS}/user/${encodeURIComponent(userId)}`, { signal }))
        .json,
    retry: retryUnlessRefused,
  });
}

function useUpdateUserPreference(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { topic: NotificationTopic; update: NotificationSubscriptionUpdate }) =>
      (
        await request<NotificationSubscription>(
          `${SUBSCRIPTIONS}/topic/${v.topic}/sub_topic/all/user/${encodeURIComponent(userId)}`,
          { method: 'PUT', body: v.update },
        )
      ).json,
    onSuccess: (saved) => {
      client.setQueryData<NotificationSubscriptions>(prefsKey(userId), (old) =>
        old ? { ...old, subscriptions: old.subscriptions.map((s) => (s.topic === saved.topic ? saved : s)) } : old,
      );
      // The user's recent activity now lists the change.
      void client.invalidateQueries({ queryKey: ['staff-admin', 'user', userId] });
    },
  });
}

const CHANNELS: readonly { channel: NotificationChannel; label: MessageId }[] = [
  { channel: 'email', label: 'notificationPrefs.column.email' },
  { channel: 'sms', label: 'notificationPrefs.column.sms' },
  { channel: 'in_app', label: 'notificationPrefs.column.inApp' },
];

/** The user's topics by channel, each a switch; the marketing subscription said in words above them. */
export function NotificationPreferencesCard({ userId }: { userId: string }) {
  const t = useT();
  const prefs = useUserPreferences(userId);
  const update = useUpdateUserPreference(userId);
  const change = (topic: NotificationTopic, channel: NotificationChannel, value: boolean) =>
    update.mutate(
      { topic, update: { [channel]: value } },
      {
        onSuccess: () => showToast({ messageId: 'staffAdmin.notifications.saved' }, { severity: 'success' }),
        onError: (error) =>
          showToast({ text: failureText(t('staffAdmin.notifications.saveFailed'), error) }, { severity: 'error' }),
      },
    );

  const data = prefs.data;
  const subs = data
    ? NOTIFICATION_TOPICS.map((topic) => data.subscriptions.find((s) => s.topic === topic)).filter(
        (s): s is NotificationSubscription => s !== undefined,
      )
    : [];
  const marketing = subs.find((s) => s.topic === 'marketing');

  return (
    <Section title={<T id="staffAdmin.notifications.title" />}>
      {prefs.isError ? (
        <LoadErrorAlert
          error={prefs.error}
          fallback={t('staffAdmin.notifications.loadFailed')}
          retryLabel={<T id="staffAdmin.retry" />}
          onRetry={() => void prefs.refetch()}
        />
      ) : !data ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            <T id="staffAdmin.notifications.intro" />
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Chip
              size="small"
              color={marketing?.email ? 'success' : 'default'}
              label={t(
                marketing?.email ? 'staffAdmin.notifications.marketing.on' : 'staffAdmin.notifications.marketing.off',
              )}
            />
          </Stack>
          {data.has_phone ? null : (
            <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
              <T id="staffAdmin.notifications.noPhone" />
            </Alert>
          )}
          <Table size="small" aria-label={t('staffAdmin.notifications.title')} sx={{ tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ px: 0.5 }}>
                  <T id="notificationPrefs.column.topic" />
                </TableCell>
                {CHANNELS.map(({ channel, label }) => (
                  <TableCell key={channel} align="center" sx={{ px: 0.5, width: { xs: 56, sm: 72 } }}>
                    {t(label)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {subs.map((sub) => {
                const topicName = t(`notificationPrefs.topic.${sub.topic}` as MessageId);
                return (
                  <TableRow key={sub.topic}>
                    <TableCell component="th" scope="row" sx={{ px: 0.5, overflowWrap: 'anywhere' }}>
                      {topicName}
                    </TableCell>
                    {CHANNELS.map(({ channel, label }) => (
                      <TableCell key={channel} align="center" sx={{ px: 0.5 }}>
                        <Switch
                          size="small"
                          checked={sub[channel]}
                          // Consent is the user's: staff may withdraw marketing, not give it.
                          disabled={update.isPending || (sub.topic === 'marketing' && !sub[channel])}
                          onChange={(event) => change(sub.topic, channel, event.target.checked)}
                          slotProps={{
                            input: {
                              'aria-label': t('notificationPrefs.channelFor', { channel: t(label), topic: topicName }),
                            },
                          }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary">
            <T id="staffAdmin.notifications.marketing.help" />
          </Typography>
        </Stack>
      )}
    </Section>
  );
}
