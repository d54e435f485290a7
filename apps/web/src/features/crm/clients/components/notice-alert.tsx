import { Alert, type AlertProps } from '@mui/material';
import type { ReactNode } from 'react';
import { useT } from '../../../../lib/i18n/t';
import type { MessageId } from '../../../../lib/i18n/messages';

/** A panel's last outcome (saved, failed, someone else changed it): a catalogue message and its values. */
export type PanelNotice = {
  severity: 'success' | 'error' | 'warning' | 'info';
  id: MessageId;
  values?: Record<string, string>;
};

/**
 * The notice line of a client profile panel (farm details, notes, follow-ups): a success is a status, anything
 * else an alert; it closes with its ✕ unless `onClose` is left out (a notice with an action instead).
 */
export function NoticeAlert({
  notice,
  onClose,
  action,
  sx,
}: {
  notice: PanelNotice;
  onClose: (() => void) | undefined;
  action?: ReactNode;
  sx: AlertProps['sx'];
}) {
  const t = useT();
  return (
    <Alert
      severity={notice.severity}
      role={notice.severity === 'success' ? 'status' : 'alert'}
      onClose={onClose}
      action={action}
      sx={sx}
    >
      {t(notice.id, notice.values)}
    </Alert>
  );
}
