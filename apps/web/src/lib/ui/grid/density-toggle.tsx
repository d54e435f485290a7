import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import type { GridDensity } from '@granary/domain';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useT } from '../../i18n/t';

/** Comfortable or compact rows. */
export function DensityToggle({ density, onChange }: { density: GridDensity; onChange: (d: GridDensity) => void }) {
  const t = useT();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={density}
      aria-label={t('grid.density')}
      onChange={(_event, value: GridDensity | null) => {
        if (value) onChange(value);
      }}
    >
      <ToggleButton
        value="comfortable"
        aria-label={t('grid.density.comfortable')}
        title={t('grid.density.comfortable')}
        sx={{ px: 1 }}
      >
        <DensityMediumIcon fontSize="small" />
      </ToggleButton>
      <ToggleButton
        value="compact"
        aria-label={t('grid.density.compact')}
        title={t('grid.density.compact')}
        sx={{ px: 1 }}
      >
        <DensitySmallIcon fontSize="small" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
