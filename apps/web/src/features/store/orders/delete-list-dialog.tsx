import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useT } from '../../../lib/i18n/t';

/** 'Delete list': asks before a shopping list goes. */
export function DeleteListDialog({
  name,
  busy,
  onDelete,
  onClose,
}: {
  name: string;
  busy: boolean;
  onDelete: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-list-title">
      <DialogTitle id="delete-list-title">{t('orders.lists.delete')}</DialogTitle>
      <DialogContent>
        <Typography>{t('orders.lists.deleteConfirm', { name })}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('orders.lists.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onDelete}>
          {t('orders.lists.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
