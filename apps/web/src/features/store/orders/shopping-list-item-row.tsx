import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { Box, IconButton, Link, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  CrmDecimal,
  SHOPPING_LIST_QUANTITY_MAX,
  type ShoppingListItem,
  type ShoppingListItemBody,
} from '@granary/domain';
import { useT } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import { money } from './order-parts';

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

/** One pack size on a shopping list: product and price, quantity, note, line total, remove. */
export function ShoppingListItemRow({
  item,
  onSave,
  onRemove,
}: {
  item: ShoppingListItem;
  /** Saves the entry's quantity (and its note when given). */
  onSave: (body: ShoppingListItemBody) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { href } = useStoreLocale();
  return (
    <Box
      component="li"
      sx={{
        p: { xs: 1.5, md: 2 },
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) 96px minmax(0, 1.3fr) 120px auto' },
      }}
    >
      <Box sx={{ minWidth: 0, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
        <Link component={RouterLink} to={href(`/direct/product/${item.productSlug}`)} sx={{ fontWeight: 700 }}>
          {item.productName}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {item.variantLabel} ·{' '}
          {item.unitPrice === null ? t('orders.lists.notSold') : money(item.unitPrice, item.currency)}
          {item.unitPrice !== null && !item.inStock ? ` · ${t('orders.lists.outOfStock')}` : ''}
        </Typography>
      </Box>
      <QuantityField item={item} onSave={(quantity) => onSave({ quantity })} />
      <TextField
        size="small"
        label={t('orders.lists.note')}
        defaultValue={item.note}
        onBlur={(e) =>
          e.target.value.trim() !== item.note && onSave({ quantity: item.quantity, note: e.target.value.trim() })
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
        onClick={onRemove}
        sx={{ justifySelf: 'end' }}
      >
        <DeleteOutlineRoundedIcon />
      </IconButton>
    </Box>
  );
}
