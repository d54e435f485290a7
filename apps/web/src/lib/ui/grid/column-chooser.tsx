import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { Button, Checkbox, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../i18n/t';
import { DEFAULT_GRID_PREFS, isColumnVisible, toggleColumn, type GridPrefs } from './grid-columns';

type ChooserColumn = { id: string; label: string; defaultVisible?: boolean; fixed?: boolean };

/** "Columns": a menu of the grid's columns with a checkbox each; the last visible one cannot be hidden; "Reset". */
export function ColumnChooser({
  columns,
  prefs,
  onChange,
}: {
  columns: readonly ChooserColumn[];
  prefs: GridPrefs;
  onChange: (prefs: GridPrefs) => void;
}) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choosable = columns.filter((c) => !c.fixed);
  const visibleCount = choosable.filter((c) => isColumnVisible(c, prefs)).length;
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<ViewColumnOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('grid.columns')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 420, minWidth: 220 } } }}
      >
        <ListSubheader sx={{ lineHeight: '36px' }}>{t('grid.columns.title')}</ListSubheader>
        {choosable.map((column) => {
          const visible = isColumnVisible(column, prefs);
          const last = visible && visibleCount <= 1;
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={visible}
              aria-disabled={last || undefined}
              title={last ? t('grid.columns.lastOne') : undefined}
              dense
              onClick={() => {
                if (!last) onChange(toggleColumn(columns, prefs, column.id, !visible));
              }}
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={visible}
                  disabled={last}
                  tabIndex={-1}
                  disableRipple
                  sx={{ p: 0.5 }}
                  slotProps={{ input: { 'aria-hidden': true } }}
                />
              </ListItemIcon>
              <ListItemText primary={column.label} />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem dense onClick={() => onChange({ ...DEFAULT_GRID_PREFS, density: prefs.density })}>
          <ListItemText inset primary={t('grid.columns.reset')} />
        </MenuItem>
      </Menu>
    </>
  );
}
