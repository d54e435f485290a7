import { FOLLOWUP_AGE_BUCKETS, type FollowupAgeBucket, type FollowupListResponse } from '@granary/domain';
import { Box, Skeleton, Stack, Tab, Tabs, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useT } from '../../../../lib/i18n/t';
import { useCrmFormat } from '../../components/use-crm-format';

export type FollowupsTab = 'upcoming' | 'past';
export type FollowupCounts = FollowupListResponse['counts'];

function CountBadge({ value, selected }: { value: number | null; selected: boolean }) {
  const fmt = useCrmFormat();
  if (value === null) return <Skeleton variant="rounded" width={22} height={20} sx={{ borderRadius: 10 }} />;
  return (
    <Box
      component="span"
      sx={{
        minWidth: 22,
        px: 0.75,
        py: 0.125,
        borderRadius: 10,
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: '18px',
        textAlign: 'center',
        bgcolor: selected ? 'primary.main' : 'action.selected',
        color: selected ? 'primary.contrastText' : 'text.secondary',
      }}
    >
      {fmt.quantity(value)}
    </Box>
  );
}

/** Upcoming or past, each with its count (a placeholder until the counts are known). */
export function FollowupsTabs({
  tab,
  onChange,
  counts,
}: {
  tab: FollowupsTab;
  onChange: (tab: FollowupsTab) => void;
  counts: FollowupCounts | null;
}) {
  const t = useT();
  return (
    <Box sx={{ px: { xs: 1, sm: 1.5 }, borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={tab}
        onChange={(_event, value: FollowupsTab) => onChange(value)}
        aria-label={t('crm.dashboard.followups.title')}
      >
        {(['upcoming', 'past'] as const).map((state) => (
          <Tab
            key={state}
            value={state}
            sx={{ minHeight: 48, px: { xs: 1.5, sm: 2 } }}
            label={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{t(`crm.dashboard.followups.${state}`)}</span>
                <CountBadge value={counts ? counts[state] : null} selected={tab === state} />
              </Stack>
            }
          />
        ))}
      </Tabs>
    </Box>
  );
}

/** The past follow-ups' age buckets (under or over 90 days), each with its count. */
export function FollowupBucketToggle({
  bucket,
  onChange,
  counts,
}: {
  bucket: FollowupAgeBucket;
  onChange: (bucket: FollowupAgeBucket) => void;
  counts: FollowupCounts | null;
}) {
  const t = useT();
  return (
    <Box sx={{ px: { xs: 2, sm: 2.5 }, pt: 1.5, pb: 0.5 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={bucket}
        onChange={(_event, value: FollowupAgeBucket | null) => value && onChange(value)}
        aria-label={t('crm.dashboard.followups.bucket')}
        sx={{
          '& .MuiToggleButton-root': { px: 1.5, gap: 1, textTransform: 'none', fontWeight: 600 },
          '& .MuiToggleButton-root.Mui-selected': {
            color: 'primary.main',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
          },
        }}
      >
        {FOLLOWUP_AGE_BUCKETS.map((value) => (
          <ToggleButton key={value} value={value}>
            <span>{t(`crm.dashboard.followups.${value}`)}</span>
            <CountBadge value={counts ? counts[value] : null} selected={bucket === value} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
