import UpdateOutlinedIcon from '@mui/icons-material/UpdateOutlined';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { RelativeTime } from '../../../../lib/i18n/relative-time';
import { T, useT } from '../../../../lib/i18n/t';
import { useLastUpdated } from '../api/last-updated';

/** When the market's data last changed: the latest of all, then contracts, scale tickets and notes each. */
export function LastUpdatedLine({ marketId }: { marketId: number }) {
  const t = useT();
  const query = useLastUpdated(marketId);
  // Recent changes read as '2 h ago'; the exact day and time are in the tooltip.
  const when = (value: string | null) =>
    value ? <RelativeTime value={value} /> : t('crm.dashboard.lastUpdated.never');

  let content;
  if (query.isError) {
    content = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="alert">
        <Typography variant="body2" color="error">
          <T id="crm.dashboard.lastUpdated.failed" />
        </Typography>
        <Button size="small" onClick={() => void query.refetch()}>
          <T id="crm.retry" />
        </Button>
      </Stack>
    );
  } else if (query.isPending) {
    content = <Skeleton variant="text" width={280} />;
  } else {
    const data = query.data;
    content = (
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2.5,
          rowGap: 0.25,
          typography: 'body2',
          '& > div': { display: 'flex', whiteSpace: 'nowrap' },
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0, ml: 0.5 },
        }}
      >
        <Box sx={{ '& dt, & dd': { fontWeight: 600, color: 'text.primary' } }}>
          <dt>{t('crm.dashboard.lastUpdated.label')}</dt>
          <dd data-testid="last-updated">{when(data.lastUpdated)}</dd>
        </Box>
        {(['contracts', 'scaleTickets', 'notes'] as const).map((key) => (
          <div key={key}>
            <dt>{t(`crm.dashboard.lastUpdated.${key}`)}</dt>
            <dd>{when(data[key])}</dd>
          </div>
        ))}
      </Box>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }}>
      <UpdateOutlinedIcon fontSize="small" sx={{ mt: '2px' }} aria-hidden />
      <Box sx={{ minWidth: 0, color: 'text.primary' }}>{content}</Box>
    </Stack>
  );
}
