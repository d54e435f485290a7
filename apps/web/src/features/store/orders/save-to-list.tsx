import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarkBorderRoundedIcon from '@mui/icons-material/BookmarkBorderRounded';
import CheckRoundedIcon from '@mui/icons-material/CheckRounded';
import AddRoundedIcon from '@mui/icons-material/AddRounded';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Snackbar,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { signInUrl, type ShoppingLists, type ShoppingListsWithVariant, STORE_API } from '@granary/domain';
import { useBootstrap } from '../../../lib/api/bootstrap';
import { getJson, retryUnlessRefused } from '../../../lib/api/request';
import { T, useT } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import { ListNameDialog } from './list-name-dialog';
import { ordersKeys, useListMutations } from './orders-api';

// The list picker (issue 6, shopping lists): a signed-in buyer saves a pack size to one of their shopping lists, or
// to a new one, from the product page ('Add to list') or a cart line ('Save to list'). A checkmark marks the lists
// that already hold it; choosing such a list takes the pack size off it. A guest is offered the sign-in instead.

const withVariantKey = (variantId: string) => [...ordersKeys.all, 'with-variant', variantId] as const;

/** GET /api/store/shopping-lists/with-variant/:variantId — which lists hold the pack size (only while the menu is open). */
function useListsWithVariant(variantId: string, enabled: boolean) {
  return useQuery({
    queryKey: withVariantKey(variantId),
    queryFn: ({ signal }) =>
      getJson<ShoppingListsWithVariant>(
        `${STORE_API}/shopping-lists/with-variant/${encodeURIComponent(variantId)}`,
        undefined,
        signal,
      ),
    retry: retryUnlessRefused,
    enabled,
  });
}

/** The buyer's lists (the lists page's query), read once the menu opens. */
function useLists(enabled: boolean) {
  return useQuery({
    queryKey: ordersKeys.lists,
    queryFn: ({ signal }) => getJson<ShoppingLists>(`${STORE_API}/shopping-lists`, undefined, signal),
    retry: retryUnlessRefused,
    enabled,
  });
}

type Notice = { severity: 'success' | 'error'; text: string; listId: string | null };

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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
  const { locale, href } = useStoreLocale();
  const { data: bootstrap } = useBootstrap();
  const client = useQueryClient();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const signedIn = bootstrap?.user.isLoggedIn === true;
  const open = anchor !== null;
  const lists = useLists(signedIn && open);
  const holding = useListsWithVariant(variantId, signedIn && open);
  const mutations = useListMutations(locale);
  const busy = mutations.putItem.isPending || mutations.removeItem.isPending || mutations.create.isPending;

  if (!bootstrap?.user.identified) return null;
  if (!signedIn) {
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

  const refreshHolding = () => client.invalidateQueries({ queryKey: withVariantKey(variantId) });
  const held = new Map((holding.data?.lists ?? []).map((l) => [l.listId, l.quantity]));

  const choose = async (listId: string, name: string) => {
    setAnchor(null);
    try {
      if (held.has(listId)) {
        await mutations.removeItem.mutateAsync({ listId, variantId });
        setNotice({ severity: 'success', text: t('orders.saveToList.removed', { name }), listId });
      } else {
        await mutations.putItem.mutateAsync({ listId, variantId, body: { quantity } });
        setNotice({ severity: 'success', text: t('orders.saveToList.saved', { name }), listId });
      }
    } catch (error) {
      setNotice({
        severity: 'error',
        text: t('orders.saveToList.failed', { message: errorText(error) }),
        listId: null,
      });
    } finally {
      void refreshHolding();
    }
  };

  const create = async (name: string) => {
    setCreateError(null);
    try {
      const list = await mutations.create.mutateAsync({ name, items: [{ variantId, quantity, note: '' }] });
      setCreating(false);
      setNotice({ severity: 'success', text: t('orders.saveToList.saved', { name: list.name }), listId: list.id });
      void refreshHolding();
    } catch (error) {
      setCreateError(t('orders.saveToList.failed', { message: errorText(error) }));
    }
  };

  const loadError = lists.error ?? holding.error;
  return (
    <>
      <Button
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('orders.saveToList.label', { product: productName, variant: variantLabel })}
        disabled={busy}
        size={size}
        variant={variant}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <BookmarkAddOutlinedIcon fontSize="small" />}
        sx={{ textTransform: 'none', fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        <T id={wording === 'add' ? 'orders.saveToList.add' : 'orders.saveToList.save'} />
      </Button>
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
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setCreateError(null);
            setCreating(true);
          }}
        >
          <ListItemIcon>
            <AddRoundedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('orders.saveToList.newList')} />
        </MenuItem>
      </Menu>
      {creating ? (
        <ListNameDialog
          title={t('orders.saveToList.newListTitle', { product: productName })}
          initial=""
          submitLabel={t('orders.lists.create')}
          busy={mutations.create.isPending}
          error={createError}
          onSubmit={(name) => void create(name)}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.severity === 'error' ? null : 6000}
        onClose={(_e, reason) => reason !== 'clickaway' && setNotice(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert
            severity={notice.severity}
            variant="filled"
            onClose={() => setNotice(null)}
            closeText={t('shell.notice.close')}
            sx={{ alignItems: 'center' }}
            action={
              notice.listId ? (
                <Button
                  component={RouterLink}
                  to={href(`/direct/shopping-lists/${notice.listId}`)}
                  onClick={() => {
                    setNotice(null);
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
    </>
  );
}
