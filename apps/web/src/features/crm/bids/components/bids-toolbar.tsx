import AddIcon from '@mui/icons-material/Add';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import type { InstrumentCropSummary } from '@granary/domain';
import {
  Button,
  Chip,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import type { Visibility } from '../use-bids-url-state';

/** 'All crops' and a tab per crop with its count. */
export function BidsCropTabs({
  crops,
  cropId,
  onCrop,
}: {
  crops: readonly InstrumentCropSummary[];
  cropId: number | null;
  onCrop: (cropId: number | null) => void;
}) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ px: 1 }}>
      <Tabs
        value={cropId ?? 'all'}
        onChange={(_e, value: number | 'all') => onCrop(value === 'all' ? null : value)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t('crm.bids.crops')}
      >
        <Tab value="all" label={t('crm.bids.allCrops')} />
        {crops.map((c) => (
          <Tab key={c.cropId} value={c.cropId} label={t('crm.bids.cropTab', { crop: c.cropName, count: c.count })} />
        ))}
      </Tabs>
    </Paper>
  );
}

/** The grid's filters (visibility, deleted bids) and its live state and quote time. */
type FilterProps = {
  visibility: Visibility;
  onVisibility: (visibility: Visibility) => void;
  showDeleted: boolean;
  onShowDeleted: (on: boolean) => void;
  live: boolean;
  lastQuote: string | null;
};

function BidsFilterBar({ visibility, onVisibility, showDeleted, onShowDeleted, live, lastQuote }: FilterProps) {
  const t = useT();
  const dates = useDates();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={visibility}
        onChange={(_e, v: Visibility | null) => v && onVisibility(v)}
        aria-label={t('crm.bids.visibility')}
      >
        <ToggleButton value="all">{t('crm.bids.visibility.all')}</ToggleButton>
        <ToggleButton value="public">{t('crm.bids.visibility.public')}</ToggleButton>
        <ToggleButton value="private">{t('crm.bids.visibility.private')}</ToggleButton>
      </ToggleButtonGroup>
      <FormControlLabel
        control={<Switch checked={showDeleted} onChange={(e) => onShowDeleted(e.target.checked)} />}
        label={t('crm.bids.showDeleted')}
      />
      {live ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label={t('crm.bids.live')}
          title={t('crm.bids.liveHelp')}
        />
      ) : null}
      {lastQuote ? (
        <Typography variant="caption" color="text.secondary">
          {t('crm.bids.asOf', { time: dates.time(lastQuote) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The selection's count and its moves (clear, move basis), and 'New bid'. */
type CommandProps = {
  selectedCount: number;
  onClearSelection: () => void;
  onMove: () => void;
  onNewBid: () => void;
};

function BidsCommands({ selectedCount, onClearSelection, onMove, onNewBid }: CommandProps) {
  const t = useT();
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{
        alignItems: 'center',
        justifyContent: { xs: 'space-between', md: 'flex-end' },
        flexWrap: 'wrap',
        rowGap: 1,
      }}
    >
      {selectedCount > 0 ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }} aria-live="polite">
            {t('crm.bids.selected', { count: selectedCount })}
          </Typography>
          <Button size="small" onClick={onClearSelection}>
            <T id="crm.bids.clearSelection" />
          </Button>
          <Button variant="outlined" startIcon={<SwapVertIcon />} onClick={onMove}>
            <T id="crm.bids.moveBasis" />
          </Button>
        </>
      ) : null}
      <NewBidButton onClick={onNewBid} />
    </Stack>
  );
}

export function NewBidButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="contained" startIcon={<AddIcon />} onClick={onClick}>
      <T id="crm.bids.newBid" />
    </Button>
  );
}

/** Above the grid: its filters on the left, the selection's commands and 'New bid' on the right. */
export function BidsToolbar(props: FilterProps & CommandProps) {
  const { selectedCount, onClearSelection, onMove, onNewBid, ...filters } = props;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <BidsFilterBar {...filters} />
      <BidsCommands
        selectedCount={selectedCount}
        onClearSelection={onClearSelection}
        onMove={onMove}
        onNewBid={onNewBid}
      />
    </Stack>
  );
}
