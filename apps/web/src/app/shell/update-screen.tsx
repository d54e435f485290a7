import SystemUpdateAltRoundedIcon from '@mui/icons-material/SystemUpdateAltRounded';
import { FORCED_RELOAD_COUNTDOWN_S } from '@granary/domain';
import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { pageLocation } from '../../lib/browser/page-location';
import { T } from '../../lib/i18n/t';

/**
 * The full-page update screen of a forced update: counts down FORCED_RELOAD_COUNTDOWN_S (5) seconds, then reloads.
 */
export function UpdateScreen({
  seconds = FORCED_RELOAD_COUNTDOWN_S,
  onReload = () => pageLocation.reload(),
}: {
  seconds?: number;
  onReload?: () => void;
}) {
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    const timer = setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (remaining === 0) onReload();
  }, [remaining, onReload]);

  return (
    <Box
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="update-screen-title"
      aria-describedby="update-screen-countdown"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 10,
        bgcolor: 'background.default',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 444, width: '100%', textAlign: 'center' }}>
        <Box
          sx={{
            mx: 'auto',
            mb: 2,
            width: 64,
            height: 64,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <SystemUpdateAltRoundedIcon fontSize="large" />
        </Box>
        <Typography id="update-screen-title" variant="h2" component="h1">
          <T id="shell.update.title" />
        </Typography>
        <Typography id="update-screen-countdown" color="text.secondary" sx={{ mt: 1.5 }} aria-live="polite">
          <T id="shell.update.countdown" values={{ seconds: remaining }} />
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((seconds - remaining) / seconds) * 100}
          aria-hidden
          sx={{ my: 3, height: 6, borderRadius: 3 }}
        />
        <Button variant="contained" size="large" fullWidth onClick={onReload}>
          <T id="shell.update.reloadNow" />
        </Button>
      </Paper>
    </Box>
  );
}
