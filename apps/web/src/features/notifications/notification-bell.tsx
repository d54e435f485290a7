import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Popover,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { useNotificationList, useUnreadCount } from './api';
import { NotificationRows } from './notification-list';

/** How many of the latest the bell's panel shows. */
const RECENT = 5;

function RecentNotifications({ onNavigate }: { onNavigate: () => void }) {
  const list = useNotificationList(false);
  const items = (list.data?.pages[0]?.notifications ?? []).slice(0, RECENT);
  if (list.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
        <T id="notifications.menu.empty" />
      </Typography>
    );
  }
  return <NotificationRows items={items} dense onOpen={onNavigate} />;
}

/**
 * Every header's bell (decision 055): the unread count (live, through the user's notifications topic) and a panel with
 * the latest notifications, a way to the whole list and to the settings.
 */
export function NotificationBell({ userId, tone = 'default' }: { userId: string; tone?: 'default' | 'inverse' }) {
  const t = useT();
  const localized = useLocalizedPath();
  const unread = useUnreadCount(userId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        sx={{ color: tone === 'inverse' ? 'common.white' : 'text.secondary', flexShrink: 0 }}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsNoneRounded />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 380, maxWidth: 'calc(100vw - 16px)', mt: 1 } } }}
      >
        <Box role="dialog" aria-label={t('notifications.menu.title')}>
          <Stack direction="row" sx={{ px: 2, py: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem' }}>
              <T id="notifications.menu.title" />
            </Typography>
            <Button size="small" component={RouterLink} to={localized('/account/notifications')} onClick={close}>
              <T id="notifications.menu.settings" />
            </Button>
          </Stack>
          {anchor ? <RecentNotifications onNavigate={close} /> : null}
          <Divider />
          <Box sx={{ p: 1, textAlign: 'center' }}>
            <Button component={RouterLink} to={localized('/global-notifications')} onClick={close} fullWidth>
              <T id="notifications.menu.seeAll" />
            </Button>
          </Box>
        </Box>
      </Popover>
    </>
  );
}

/** The account menu's way to the notification settings. */
export function NotificationSettingsMenuItem({ onClick }: { onClick: () => void }) {
  const localized = useLocalizedPath();
  return (
    <MenuItem component={RouterLink} to={localized('/account/notifications')} onClick={onClick}>
      <ListItemIcon>
        <NotificationsNoneOutlined fontSize="small" />
      </ListItemIcon>
      <ListItemText>
        <T id="notifications.menu.settings" />
      </ListItemText>
    </MenuItem>
  );
}
