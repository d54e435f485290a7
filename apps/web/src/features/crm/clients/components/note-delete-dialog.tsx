import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { T } from '../../../../lib/i18n/t';

/** Asks before a note is deleted, naming it by category and day. */
export function NoteDeleteDialog({
  open,
  category,
  date,
  deleting,
  onCancel,
  onDelete,
}: {
  open: boolean;
  category: string;
  date: string;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>
        <T id="crm.client.notes.deleteTitle" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <T id="crm.client.notes.deleteBody" values={{ category, date }} />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <T id="crm.client.cancel" />
        </Button>
        <Button color="error" variant="contained" onClick={onDelete} disabled={deleting}>
          <T id="crm.client.notes.delete" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
