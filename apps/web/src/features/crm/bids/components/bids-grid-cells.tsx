import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import type { InstrumentRow } from '@granary/domain';
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { T, useT } from '../../../../lib/i18n/t';
import { tabularNumsSx } from '../../../../lib/ui/numeric-cell';
import { priceUnitOf } from '../../../../lib/trading/price-units';
import { usePriceFormat } from '../../../../lib/trading/use-price-format';
import { fmtQuantity } from '../bids-format';
import type { GridActions } from './bids-grid-actions';

// The cells the bids grid shows in both its forms (table and cards): a futures change, visibility, caps, actions.

/** Figures in a card's line: tabular and on one line (table cells take lib/ui numericCellSx). */
export const num = tabularNumsSx;

/** The futures change in the partner's notation ('+3½', '-1¼', 'unch'), green up and red down. */
export function ChangeText({ value, unit }: { value: string | null; unit: InstrumentRow['priceUnit'] }) {
  const price = usePriceFormat();
  if (value === null)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  const n = Number(value);
  const color = n > 0 ? 'success.main' : n < 0 ? 'error.main' : 'text.secondary';
  return (
    <Box component="span" sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {price.change(value, priceUnitOf(unit))}
    </Box>
  );
}

export function VisibilityChip({ row }: { row: InstrumentRow }) {
  const t = useT();
  if (row.deletedAt !== null)
    return <Chip size="small" label={t('crm.bids.deleted')} color="default" variant="outlined" />;
  return row.visibility === 'public' ? (
    <Chip
      size="small"
      icon={<PublicOutlinedIcon />}
      label={t('crm.bids.visibility.public')}
      color="success"
      variant="outlined"
    />
  ) : (
    <Chip
      size="small"
      icon={<LockOutlinedIcon />}
      label={t('crm.bids.visibility.private')}
      color="warning"
      variant="outlined"
    />
  );
}

export function QuantityLines({ row }: { row: InstrumentRow }) {
  const t = useT();
  if (row.quantityCap === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('crm.bids.noCap')}
      </Typography>
    );
  }
  const remaining = Number(row.quantityRemaining ?? 0);
  return (
    <Box sx={{ lineHeight: 1.3 }}>
      <Typography variant="body2" component="div" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('crm.bids.capLine', { cap: fmtQuantity(row.quantityCap) })}
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {t('crm.bids.contractedLine', { contracted: fmtQuantity(row.quantityContracted) })} ·{' '}
        <Box component="span" sx={{ color: remaining === 0 ? 'error.main' : 'inherit' }}>
          {t('crm.bids.remainingLine', { remaining: fmtQuantity(row.quantityRemaining) })}
        </Box>
      </Typography>
    </Box>
  );
}

export function RowActions({ row, actions }: { row: InstrumentRow; actions: GridActions }) {
  const t = useT();
  const busy = actions.busyIds.has(row.id);
  if (row.deletedAt !== null) {
    return (
      <Button
        size="small"
        startIcon={<RestoreFromTrashOutlinedIcon />}
        onClick={() => actions.onUndelete(row)}
        disabled={busy}
      >
        <T id="crm.bids.undelete" />
      </Button>
    );
  }
  return (
    <Stack
      direction="row"
      spacing={0.25}
      sx={{ justifyContent: 'flex-end' }}
      role="group"
      aria-label={t('crm.bids.rowActions', { name: row.name })}
    >
      {actions.onPlaceOffer && row.offersAllowed ? (
        <Tooltip title={t('crm.bids.placeOffer')}>
          <IconButton
            size="small"
            aria-label={t('crm.bids.placeOfferOn', { name: row.name })}
            onClick={() => actions.onPlaceOffer?.(row)}
            disabled={busy}
          >
            <LocalOfferOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {actions.onNewContract ? (
        <Tooltip title={t('crm.write.new')}>
          <IconButton
            size="small"
            aria-label={`${t('crm.write.new')}: ${row.name}`}
            onClick={() => actions.onNewContract?.(row)}
            disabled={busy}
          >
            <NoteAddOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      <Tooltip title={t('crm.bids.edit')}>
        <IconButton
          size="small"
          aria-label={`${t('crm.bids.edit')}: ${row.name}`}
          onClick={() => actions.onEdit(row)}
          disabled={busy}
        >
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('crm.bids.delete')}>
        <IconButton
          size="small"
          aria-label={`${t('crm.bids.delete')}: ${row.name}`}
          onClick={() => actions.onDelete(row)}
          disabled={busy}
        >
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
