import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkBorderRoundedIcon from '@mui/icons-material/BookmarkBorderRounded';
import { Alert, Button, CircularProgress, Snackbar } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { signInUrl } from '@granary/domain';
import { T, useT } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import { ListNameDialog } from './list-name-dialog';
import { SaveToListMenu } from './save-to-list-menu';
import { useSaveToList, type SaveToListNotice } from './use-save-to-list';

// The list picker (issue 6, shopping lists): a signed-in buyer saves a pack size to one of their shopping lists, or
// to a new one, from the product page ('Add to list') or a cart line ('Save to list'). A checkmark marks the lists
// that already hold it; choosing such a list takes the pack size off it. A guest is offered the sign-in instead.

export type SaveToListProps = {
  variantId: string;
  productName: string;
  variantLabel: string;
  /** How many packs a new entry gets (the cart line's quantity; 1 from the product page). */
  quantity?: number;
  /** 'add' reads 'Add to list' (product page), 'save' reads 'Save to list' (cart line). */
  wording?: 'add' | 'save';
  size?: 'small' | 'medium' | 'large';
  variant?: 'text' | 'outlined';
  /** Called before following a link away (the cart sidebar closes itself). */
  onNavigate?: () => void;
};

/** What was saved (with 'View list') or why it failed, at the bottom of the screen. */
function SaveToListSnackbar({
  notice,
  onClose,
  onNavigate,
}: {
  notice: SaveToListNotice | null;
  onClose: () => void;
  onNavigate: (() => void) | undefined;
}) {
  const t = useT();
  const { href } = useStoreLocale();
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={notice?.severity === 'error' ? null : 6000}
      onClose={(_e, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert
          severity={notice.severity}
          variant="filled"
          onClose={onClose}
          closeText={t('shell.notice.close')}
          sx={{ alignItems: 'center' }}
          action={
            notice.listId ? (
              <Button
                component={RouterLink}
                to={href(`/direct/shopping-lists/${notice.listId}`)}
                onClick={() => {
                  onClose();
                  onNavigate?.();
                }}
                color="inherit"
                size="small"
                sx={{ fontWeight: 700 }}
              >
                <T id="orders.saveToList.viewList" />
              </Button>
            ) : undefined
          }
        >
          {notice.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}

/** 'Add to list' / 'Save to list' with its menu of the buyer's lists; 'Sign in to save lists' for a guest. */
export function SaveToList({
  variantId,
  productName,
  variantLabel,
  quantity = 1,
  wording = 'add',
  size = 'medium',
  variant = 'outlined',
  onNavigate,
}: SaveToListProps) {
  const t = useT();
  const location = useLocation();
  const picker = useSaveToList(variantId, quantity);
  const { open, busy } = picker;

  if (!picker.identified) return null;
  if (!picker.signedIn) {
    return (
      <Button
        component={RouterLink}
        to={signInUrl(`${location.pathname}${location.search}`)}
        onClick={onNavigate}
        size={size}
        variant={variant}
        startIcon={<BookmarkBorderRoundedIcon fontSize="small" />}
        sx={{ textTransform: 'none', fontWeight: 600 }}
      >
        <T id="orders.saveToList.signIn" />
      </Button>
    );
  }

  return (
    <>
      <Button
        onClick={(e: MouseEvent<HTMLElement>) => picker.setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? picker.menuId : undefined}
        aria-label={t('orders.saveToList.label', { product: productName, variant: variantLabel })}
        disabled={busy}
        size={size}
        variant={variant}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <BookmarkAddOutlinedIcon fontSize="small" />}
        sx={{ textTransform: 'none', fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        <T id={wording === 'add' ? 'orders.saveToList.add' : 'orders.saveToList.save'} />
      </Button>
      <SaveToListMenu picker={picker} />
      {picker.creating ? (
        <ListNameDialog
          title={t('orders.saveToList.newListTitle', { product: productName })}
          initial=""
          submitLabel={t('orders.lists.create')}
          busy={picker.createPending}
          error={picker.createError}
          onSubmit={(name) => void picker.create(name)}
          onClose={() => picker.setCreating(false)}
        />
      ) : null}
      <SaveToListSnackbar notice={picker.notice} onClose={() => picker.setNotice(null)} onNavigate={onNavigate} />
    </>
  );
}
