import { Box, Button, CircularProgress, type ButtonProps } from '@mui/material';
import type { ReactNode } from 'react';
import { T } from '../../../lib/i18n/t';

/** The form's main button: full width; while busy it spins, and says so while the bot check runs. */
export function SubmitButton({
  busy,
  verifying = false,
  children,
  ...props
}: { busy: boolean; verifying?: boolean; children: ReactNode } & Omit<ButtonProps, 'type' | 'children'>) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      aria-busy={busy}
      sx={{ py: 1.25, mt: 1 }}
      {...props}
    >
      {busy ? (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
          <CircularProgress size={18} color="inherit" aria-hidden />
          {verifying ? <T id="identity.verifyingHuman" /> : children}
        </Box>
      ) : (
        children
      )}
    </Button>
  );
}
