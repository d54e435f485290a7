import DoneRounded from '@mui/icons-material/DoneRounded';
import type { InAppNotification } from '@granary/domain';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { RelativeTime } from '../../lib/i18n/relative-time';
import { T, useT } from '../../lib/i18n/t';
import { useLocalizedPath } from '../../lib/routing/route-handle';
import { visuallyHidden } from '../../lib/ui/visually-hidden';
import { useMarkRead } from './api';

/**
 * Notifications as rows: a dot and bold title while unread, the body, when; a row with a link opens it (and is read),
 * an unread one can be marked read where it is. Shared by the list page and the headers' bell.
 */
export function NotificationRows({
  items,
  dense = false,
  onOpen,
}: {
  items: readonly InAppNotification[];
  dense?: boolean;
  onOpen?: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const markRead = useMarkRead();
  const open = (n: InAppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    onOpen?.();
    if (n.link) navigate(localized(n.link));
  };
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((n) => (
        <Box
          component="li"
          key={n.id}
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            px: dense ? 2 : { xs: 2, sm: 3 },
            py: dense ? 1.25 : 2,
            borderTop: 1,
            borderColor: 'divider',
            bgcolor: n.read ? 'transparent' : 'action.hover',
          }}
        >
          <Box
            aria-hidden
            sx={{
              mt: 0.9,
              width: 8,
              height: 8,
              flexShrink: 0,
              borderRadius: '50%',
              bgcolor: n.read ? 'transparent' : 'primary.main',
            }}
          />
          <Box
            component={n.link ? 'button' : 'div'}
            type={n.link ? 'button' : undefined}
            onClick={n.link ? () => open(n) : undefined}
            sx={{
              flex: 1,
              minWidth: 0,
              textAlign: 'left',
              border: 0,
              p: 0,
              bgcolor: 'transparent',
              font: 'inherit',
              color: 'inherit',
              cursor: n.link ? 'pointer' : 'default',
              '&:hover .title': n.link ? { textDecoration: 'underline' } : {},
            }}
          >
            <Typography className="title" sx={{ fontWeight: n.read ? 500 : 700 }}>
              {n.title}
              {n.read ? null : (
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (<T id="notifications.unreadBadge" />)
                </Box>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={dense ? clamp : { overflowWrap: 'anywhere' }}>
              {n.body}
            </Typography>
            <RelativeTime value={n.created_at} sx={{ typography: 'caption', color: 'text.secondary' }} />
          </Box>
          {n.read ? null : (
            <Tooltip title={t('notifications.markRead')}>
              <IconButton
                size="small"
                aria-label={`${t('notifications.markRead')}: ${n.title}`}
                onClick={() => markRead.mutate(n.id)}
              >
                <DoneRounded fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
    </Box>
  );
}

const clamp = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;
