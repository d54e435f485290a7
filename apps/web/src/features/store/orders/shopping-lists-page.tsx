import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  CrmDecimal,
  SHOPPING_LIST_QUANTITY_MAX,
  type AddToCartOutcome,
  type ShoppingList,
  type ShoppingListItem,
} from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { ListNameDialog } from './list-name-dialog';
import { useListMutations, useShoppingList, useShoppingLists } from './orders-api';
import { CartOutcomeAlert, OrdersPage, PageTitle, money, useCartAfterServerAdd, useFormatDay } from './order-parts';

/** /direct/shopping-lists: the buyer's lists; make a new one. */
export function ShoppingListsPage() {
  const t = useT();
  const partner = usePartner();
  const navigate = useNavigate();
  const { locale, href } = useStoreLocale();
  const day = useFormatDay();
  const lists = useShoppingLists();
  const { create } = useListMutations(locale);
  const [creating, setCreating] = useState(false);
  useDocumentTitle([t('orders.lists.title'), partner.displayName]);

  return (
    <OrdersPage>
      <PageTitle
        title={<T id="orders.lists.title" />}
        subtitle={<T id="orders.lists.subtitle" />}
        action={
          <Button
            variant="contained"
            onClick={() => setCreating(true)}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            <T id="orders.lists.new" />
          </Button>
        }
      />
      {!lists.data ? (
        <StoreQueryState error={lists.error} isPending={lists.isPending} onRetry={() => void lists.refetch()} />
      ) : lists.data.lists.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          <T id="orders.lists.empty" />
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
          }}
        >
          {lists.data.lists.map((l) => (
            <Card component="li" key={l.id} variant="outlined">
              <CardActionArea
                component={RouterLink}
                to={href(`/direct/shopping-lists/${l.id}`)}
                aria-label={t('orders.lists.open', { name: l.name })}
                sx={{ p: 2, height: '100%' }}
              >
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{l.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  <T id="orders.lists.items" values={{ count: l.itemCount }} /> ·{' '}
                  <T id="orders.lists.updated" values={{ date: day(l.updatedAt) }} />
                </Typography>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
      {creating ? (
        <ListNameDialog
          title={t('orders.lists.new')}
          initial=""
          submitLabel={t('orders.lists.create')}
          busy={create.isPending}
          error={create.error ? create.error.message : null}
          onClose={() => {
            setCreating(false);
            create.reset();
          }}
          onSubmit={(name) =>
            create.mutate(
              { name },
              {
                onSuccess: (list) => {
                  setCreating(false);
                  navigate(href(`/direct/shopping-lists/${list.id}`));
                },
              },
            )
          }
        />
      ) : null}
    </OrdersPage>
  );
}

/** A quantity box that saves when left or on Enter (whole packs, 1 to 9,999). */
function QuantityField({ item, onSave }: { item: ShoppingListItem; onSave: (quantity: number) => void }) {
  const t = useT();
  const [value, setValue] = useState(String(item.quantity));
  useEffect(() => setValue(String(item.quantity)), [item.quantity]);
  const commit = () => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1) return setValue(String(item.quantity));
    const clamped = Math.min(n, SHOPPING_LIST_QUANTITY_MAX);
    setValue(String(clamped));
    if (clamped !== item.quantity) onSave(clamped);
  };
  return (
    <TextField
      size="small"
      type="number"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
      slotProps={{
        htmlInput: {
          min: 1,
          max: SHOPPING_LIST_QUANTITY_MAX,
          inputMode: 'numeric',
          'aria-label': t('orders.lists.quantity', { product: item.productName }),
        },
      }}
      sx={{ width: 96 }}
    />
  );
}

function ListView({ list }: { list: ShoppingList }) {
  const t = useT();
  const partner = usePartner();
  const navigate = useNavigate();
  const { locale, href } = useStoreLocale();
  const m = useListMutations(locale);
  const cart = useCartAfterServerAdd();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [outcome, setOutcome] = useState<AddToCartOutcome | null>(null);
  useDocumentTitle([list.name, t('orders.lists.title'), partner.displayName]);
  const saveError = m.putItem.error ?? m.removeItem.error;

  return (
    <OrdersPage>
      <Link
        component={RouterLink}
        to={href('/direct/shopping-lists')}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, fontSize: 14 }}
      >
        <ArrowBackRoundedIcon fontSize="small" />
        <T id="orders.lists.back" />
      </Link>
      <PageTitle
        title={
          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
            {list.name}
          </Box>
        }
        subtitle={<T id="orders.lists.items" values={{ count: list.itemCount }} />}
        action={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="contained"
              disabled={list.items.length === 0 || m.toCart.isPending}
              onClick={() =>
                m.toCart.mutate(list.id, {
                  onSuccess: (o) => {
                    setOutcome(o);
                    cart.refresh();
                  },
                })
              }
            >
              <T id="orders.lists.addToCart" />
            </Button>
            <Button variant="outlined" onClick={() => setRenaming(true)}>
              <T id="orders.lists.rename" />
            </Button>
            <Button color="error" onClick={() => setDeleting(true)}>
              <T id="orders.lists.delete" />
            </Button>
          </Stack>
        }
      />
      <CartOutcomeAlert
        outcome={outcome}
        error={m.toCart.error}
        onClose={() => {
          setOutcome(null);
          m.toCart.reset();
        }}
      />
      {saveError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          <T id="orders.lists.saveFailed" values={{ message: saveError.message }} />
        </Alert>
      ) : null}
      {list.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
          <T id="orders.lists.listEmpty" />
        </Typography>
      ) : (
        <Paper variant="outlined">
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            {list.items.map((item) => (
              <Box
                component="li"
                key={item.variantId}
                sx={{
                  p: { xs: 1.5, md: 2 },
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'center',
                  gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) 96px minmax(0, 1.3fr) 120px auto' },
                }}
              >
                <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
                  <Link
                    component={RouterLink}
                    to={href(`/direct/product/${item.productSlug}`)}
                    sx={{ fontWeight: 700 }}
                  >
                    {item.productName}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {item.variantLabel} ·{' '}
                    {item.unitPrice === null ? t('orders.lists.notSold') : money(item.unitPrice, item.currency)}
                    {item.unitPrice !== null && !item.inStock ? ` · ${t('orders.lists.outOfStock')}` : ''}
                  </Typography>
                </Box>
                <QuantityField
                  item={item}
                  onSave={(quantity) =>
                    m.putItem.mutate({ listId: list.id, variantId: item.variantId, body: { quantity } })
                  }
                />
                <TextField
                  size="small"
                  label={t('orders.lists.note')}
                  defaultValue={item.note}
                  onBlur={(e) =>
                    e.target.value.trim() !== item.note &&
                    m.putItem.mutate({
                      listId: list.id,
                      variantId: item.variantId,
                      body: { quantity: item.quantity, note: e.target.value.trim() },
                    })
                  }
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                  sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, gridRow: { xs: 3, md: 'auto' } }}
                />
                <Typography
                  sx={{
                    fontWeight: 600,
                    textAlign: 'right',
                    whiteSpace: 'nowrap',
                    display: { xs: 'none', md: 'block' },
                  }}
                >
                  {item.unitPrice === null
                    ? '—'
                    : money(new CrmDecimal(item.unitPrice).mul(item.quantity).toFixed(2), item.currency)}
                </Typography>
                <IconButton
                  aria-label={t('orders.lists.removeItem', { product: item.productName })}
                  onClick={() => m.removeItem.mutate({ listId: list.id, variantId: item.variantId })}
                  sx={{ justifySelf: 'end' }}
                >
                  <DeleteOutlineRoundedIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Stack
            direction="row"
            sx={{ justifyContent: 'space-between', p: { xs: 1.5, md: 2 }, borderTop: 1, borderColor: 'divider' }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              <T id="orders.lists.estimated" />
            </Typography>
            <Typography sx={{ fontWeight: 800 }}>{money(list.estimatedTotal, list.currency)}</Typography>
          </Stack>
        </Paper>
      )}
      {renaming ? (
        <ListNameDialog
          title={t('orders.lists.rename')}
          initial={list.name}
          submitLabel={t('orders.lists.save')}
          busy={m.rename.isPending}
          error={m.rename.error ? m.rename.error.message : null}
          onClose={() => {
            setRenaming(false);
            m.rename.reset();
          }}
          onSubmit={(name) => m.rename.mutate({ listId: list.id, name }, { onSuccess: () => setRenaming(false) })}
        />
      ) : null}
      {deleting ? (
        <Dialog open onClose={() => setDeleting(false)} maxWidth="xs" fullWidth aria-labelledby="delete-list-title">
          <DialogTitle id="delete-list-title">{t('orders.lists.delete')}</DialogTitle>
          <DialogContent>
            <Typography>{t('orders.lists.deleteConfirm', { name: list.name })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(false)}>{t('orders.lists.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              disabled={m.remove.isPending}
              onClick={() => m.remove.mutate(list.id, { onSuccess: () => navigate(href('/direct/shopping-lists')) })}
            >
              {t('orders.lists.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </OrdersPage>
  );
}

/** /direct/shopping-lists/:listId */
export function ShoppingListPage() {
  const { listId = '' } = useParams();
  const { locale } = useStoreLocale();
  const list = useShoppingList(listId, locale);
  return list.data ? (
    <ListView list={list.data} />
  ) : (
    <OrdersPage>
      <StoreQueryState error={list.error} isPending={list.isPending} onRetry={() => void list.refetch()} />
    </OrdersPage>
  );
}
