import AddRoundedIcon from '@mui/icons-material/AddRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import {
  Alert,
  Box,
  CircularProgress,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
} from '@mui/material';
import { useT } from '../../../lib/i18n/t';
import { errorText, type SaveToListState } from './use-save-to-list';

/** The menu of the buyer's lists: a checkmark on those holding the pack size, then 'New list…'. */
export function SaveToListMenu({ picker }: { picker: SaveToListState }) {
  const t = useT();
  const { menuId, anchor, open, setAnchor, lists, holding, held, choose, startCreating } = picker;
  const loadError = lists.error ?? holding.error;
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={open}
      onClose={() => setAnchor(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{
        paper: { sx: { minWidth: 260, maxWidth: 'calc(100vw - 32px)' } },
        list: { 'aria-label': t('orders.saveToList.menuTitle'), dense: true },
      }}
    >
      <ListSubheader sx={{ lineHeight: '36px', fontWeight: 700 }}>{t('orders.saveToList.menuTitle')}</ListSubheader>
      {loadError ? (
        <Box sx={{ px: 2, py: 1, maxWidth: 320 }}>
          <Alert severity="error">{t('orders.saveToList.loadFailed', { message: errorText(loadError) })}</Alert>
        </Box>
      ) : !lists.data || !holding.data ? (
        <MenuItem disabled>
          <ListItemIcon>
            <CircularProgress size={18} />
          </ListItemIcon>
          <ListItemText primary={t('orders.saveToList.loading')} />
        </MenuItem>
      ) : lists.data.lists.length === 0 ? (
        <MenuItem disabled>
          <ListItemText inset primary={t('orders.saveToList.none')} />
        </MenuItem>
      ) : (
        lists.data.lists.map((list) => {
          const onList = held.get(list.id);
          return (
            <MenuItem
              key={list.id}
              role="menuitemcheckbox"
              aria-checked={onList !== undefined}
              onClick={() => void choose(list.id, list.name)}
              sx={{ py: 1 }}
            >
              <ListItemIcon>
                {onList !== undefined ? <CheckRoundedIcon fontSize="small" color="primary" /> : null}
              </ListItemIcon>
              <ListItemText
                primary={list.name}
                secondary={
                  onList !== undefined
                    ? t('orders.saveToList.onList', { quantity: onList })
                    : t('orders.lists.items', { count: list.itemCount })
                }
                slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
              />
            </MenuItem>
          );
        })
      )}
      <Divider />
      <MenuItem onClick={startCreating}>
        <ListItemIcon>
          <AddRoundedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('orders.saveToList.newList')} />
      </MenuItem>
    </Menu>
  );
}
