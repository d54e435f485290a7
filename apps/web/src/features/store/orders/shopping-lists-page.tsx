import { Alert, Box, Button, Card, CardActionArea, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { AddToCartOutcome, ShoppingList } from '@granary/domain';
import { usePartner } from '../../../lib/brand/partner-context';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { BackLink } from './back-link';
import { DeleteListDialog } from './delete-list-dialog';
import { ListNameDialog } from './list-name-dialog';
import { useListMutations, useShoppingList, useShoppingLists } from './orders-api';
import { CartOutcomeAlert, OrdersPage, PageTitle, money, useCartAfterServerAdd, useFormatDay } from './order-parts';
import { ShoppingListItemRow } from './shopping-list-item-row';

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
      <BackLink to={href('/direct/shopping-lists')}>
        <T id="orders.lists.back" />
      </BackLink>
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
              <ShoppingListItemRow
                key={item.variantId}
                item={item}
                onSave={(body) => m.putItem.mutate({ listId: list.id, variantId: item.variantId, body })}
                onRemove={() => m.removeItem.mutate({ listId: list.id, variantId: item.variantId })}
              />
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
        <DeleteListDialog
          name={list.name}
          busy={m.remove.isPending}
          onClose={() => setDeleting(false)}
          onDelete={() => m.remove.mutate(list.id, { onSuccess: () => navigate(href('/direct/shopping-lists')) })}
        />
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
