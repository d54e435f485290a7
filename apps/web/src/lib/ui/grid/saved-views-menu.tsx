import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import CheckIcon from '@mui/icons-material/Check';
import type { SavedView, SavedViewGrid, SavedViewState } from '@granary/domain';
import { savedViewStateKey } from '@granary/domain';
import {
  Button,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { useT } from '../../i18n/t';
import { useSavedViewChange, useSavedViews } from './saved-views-api';

type Dialogs = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

/** The name dialog of "Save view as…" and "Rename…": the name, its error (taken, empty, failed), Save. */
function NameDialog({
  title,
  initial,
  busy,
  error,
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  busy: boolean;
  error: string | null;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(initial);
  const [empty, setEmpty] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setEmpty(true);
      return;
    }
    onSave(name.trim());
  };
  const message = empty ? t('grid.views.nameRequired') : error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2" sx={{ mb: 2 }}>
            {t('grid.views.saveHelp')}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('grid.views.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setEmpty(false);
            }}
            error={Boolean(message)}
            helperText={message ?? ' '}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('grid.views.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('grid.views.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What a failed save says: the name is taken, or it failed. */
function useErrorText(error: unknown): string | null {
  const t = useT();
  if (!error) return null;
  return error instanceof ApiError && error.code === 'saved_view_name_taken'
    ? t('grid.views.nameTaken')
    : t('grid.views.failed');
}

/** "Delete the view …?" with Cancel and Delete. */
function DeleteViewDialog({
  view,
  busy,
  onClose,
  onDelete,
}: {
  view: SavedView;
  busy: boolean;
  onClose: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <Dialog open onClose={onClose} maxWidth="xs">
      <DialogTitle>{t('grid.views.deleteTitle', { name: view.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('grid.views.deleteBody')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('grid.views.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onDelete}>
          {t('grid.views.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Views": the user's saved views of the grid (server-side, on every device). Choosing one applies it; "Save view
 * as…" names the grid's current state; the view in force (the one whose state is the grid's) can be re-saved,
 * renamed or deleted. Its name shows on the button.
 */
export function SavedViewsMenu({
  grid,
  state,
  stateKey,
  onApply,
}: {
  grid: SavedViewGrid;
  state: SavedViewState;
  stateKey: string;
  onApply: (state: SavedViewState) => void;
}) {
  const t = useT();
  const views = useSavedViews(grid);
  const change = useSavedViewChange(grid);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [lastApplied, setLastApplied] = useState<number | null>(null);
  const rows = useMemo(() => views.data?.rows ?? [], [views.data]);
  const keyed = useMemo(() => rows.map((view) => ({ view, key: savedViewStateKey(view.state) })), [rows]);
  // The view in force: the one last chosen while the grid still matches it, else any view the grid matches.
  const current =
    keyed.find((k) => k.view.id === lastApplied && k.key === stateKey)?.view ??
    keyed.find((k) => k.key === stateKey)?.view ??
    null;
  const edited = lastApplied !== null && !current ? (rows.find((v) => v.id === lastApplied) ?? null) : null;

  const errorText = useErrorText(change.error);

  const close = () => (setDialog(null), change.reset());
  const run = (action: Parameters<typeof change.mutate>[0], after?: (view: SavedView | null) => void) =>
    change.mutate(action, {
      onSuccess: (view) => {
        setDialog(null);
        after?.(view);
      },
    });

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<BookmarksOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', maxWidth: 260, '& .label': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      >
        <span className="label">{current ? t('grid.views.current', { name: current.name }) : t('grid.views')}</span>
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 360 } } }}
      >
        {views.isError ? (
          <MenuItem disabled dense>
            {t('grid.views.loadFailed')}
          </MenuItem>
        ) : rows.length === 0 ? (
          <MenuItem disabled dense>
            {t('grid.views.none')}
          </MenuItem>
        ) : (
          rows.map((view) => (
            <MenuItem
              key={view.id}
              dense
              selected={view.id === current?.id}
              onClick={() => {
                setAnchor(null);
                setLastApplied(view.id);
                onApply(view.state);
              }}
            >
              <ListItemIcon>{view.id === current?.id ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true } }} />
            </MenuItem>
          ))
        )}
        <Divider />
        <MenuItem
          dense
          onClick={() => {
            setAnchor(null);
            setDialog({ kind: 'save' });
          }}
        >
          <ListItemText inset primary={t('grid.views.saveAs')} />
        </MenuItem>
        {edited ? (
          <MenuItem
            dense
            onClick={() => {
              setAnchor(null);
              run({ kind: 'update', id: edited.id, state });
            }}
          >
            <ListItemText inset primary={t('grid.views.saveChanges', { name: edited.name })} />
          </MenuItem>
        ) : null}
        {current
          ? (['rename', 'delete'] as const).map((kind) => (
              <MenuItem
                key={kind}
                dense
                onClick={() => {
                  setAnchor(null);
                  setDialog({ kind, view: current });
                }}
                sx={kind === 'delete' ? { color: 'error.main' } : undefined}
              >
                <ListItemText
                  inset
                  primary={t(kind === 'rename' ? 'grid.views.rename' : 'grid.views.delete', { name: current.name })}
                />
              </MenuItem>
            ))
          : null}
      </Menu>
      {dialog?.kind === 'save' ? (
        <NameDialog
          title={t('grid.views.saveTitle')}
          initial=""
          busy={change.isPending}
          error={errorText}
          onClose={close}
          onSave={(name) => run({ kind: 'create', name, state }, (view) => setLastApplied(view?.id ?? null))}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <NameDialog
          title={t('grid.views.renameTitle')}
          initial={dialog.view.name}
          busy={change.isPending}
          error={errorText}
          onClose={close}
          onSave={(name) => run({ kind: 'rename', id: dialog.view.id, name })}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteViewDialog
          view={dialog.view}
          busy={change.isPending}
          onClose={close}
          onDelete={() => run({ kind: 'delete', id: dialog.view.id }, () => setLastApplied(null))}
        />
      ) : null}
    </>
  );
}
