import { IconButton, Tooltip, type IconButtonProps } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The 'mark done' button of a follow-up in a list (the dashboard's and a client's): a small icon button named for
 * the follow-up, with a tooltip that still shows while the button is disabled (its call for this row is pending).
 * Each list gives its own wording, colour, look and icon.
 */
export function FollowupDoneButton({
  tooltip,
  label,
  pending,
  onClick,
  color,
  sx,
  children,
}: {
  tooltip: string;
  /** The accessible name: which follow-up this marks done. */
  label: string;
  pending: boolean;
  onClick: () => void;
  color?: IconButtonProps['color'];
  sx?: IconButtonProps['sx'];
  children: ReactNode;
}) {
  return (
    <Tooltip title={tooltip}>
      <span>
        <IconButton size="small" aria-label={label} disabled={pending} onClick={onClick} color={color} sx={sx}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
