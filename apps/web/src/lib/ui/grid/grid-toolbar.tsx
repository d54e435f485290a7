import type { SavedViewGrid } from '@granary/domain';
import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { ColumnChooser } from './column-chooser';
import { DensityToggle } from './density-toggle';
import type { GridColumn } from './grid-columns';
import { SavedViewsMenu } from './saved-views-menu';
import { useGridPrefs } from './use-grid-prefs';
import { useGridState } from './use-grid-state';

/**
 * A grid's own controls: its saved views, the column chooser and the density. `ignoreParams` are URL parameters of
 * the page that are not the grid's filters (kept out of views).
 */
export function GridToolbar({
  grid,
  columns,
  ignoreParams,
  children,
}: {
  grid: SavedViewGrid;
  columns: readonly Pick<GridColumn<unknown>, 'id' | 'label' | 'defaultVisible' | 'fixed'>[];
  ignoreParams?: readonly string[];
  children?: ReactNode;
}) {
  const [prefs, setPrefs] = useGridPrefs(grid);
  const { state, key, apply } = useGridState(grid, ignoreParams);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {children}
      <SavedViewsMenu grid={grid} state={state} stateKey={key} onApply={apply} />
      <ColumnChooser columns={columns} prefs={prefs} onChange={setPrefs} />
      <DensityToggle density={prefs.density} onChange={(density) => setPrefs({ ...prefs, density })} />
    </Stack>
  );
}
