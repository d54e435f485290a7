import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import type { InstrumentCropSummary, InstrumentRow } from '@granary/domain';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { fmtCash, fmtDeliveryRange, fmtFutures, fmtFuturesMonth, fmtQuantity, fmtSigned } from '../bids-format';
import { BasisCell } from './basis-cell';

export type GridActions = {
  marketId: number;
  /** The bid the URL points at (instrument=<id>). */
  highlightId: number | null;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (ids: number[], on: boolean) => void;
  onEdit: (row: InstrumentRow) => void;
  onDelete: (row: InstrumentRow) => void;
  onUndelete: (row: InstrumentRow) => void;
  /** 'Place offer' for a client; absent without the offers permission at the market. */
  onPlaceOffer?: (row: InstrumentRow) => void;
  busyIds: ReadonlySet<number>;
};

/** A row can be selected for a basis move when it is a live basis bid. */
export const movable = (row: InstrumentRow) => row.deletedAt === null && row.pricing === 'basis';

function ChangeText({ value, unit }: { value: string | null; unit: InstrumentRow['priceUnit'] }) {
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
      {fmtSigned(value, unit === 'tonne' ? 2 : 4)}
    </Box>
  );
}

function VisibilityChip({ row }: { row: InstrumentRow }) {
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

function QuantityLines({ row }: { row: InstrumentRow }) {
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

function RowActions({ row, actions }: { row: InstrumentRow; actions: GridActions }) {
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

function CropHeader({
  crop,
  children,
}: {
  crop: Pick<InstrumentCropSummary, 'cropName' | 'currency' | 'priceUnit'>;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{ px: 2, py: 1.25, alignItems: 'center', borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}
    >
      {children}
      <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {crop.cropName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('crm.bids.unitHeader', {
          crop: crop.cropName,
          currency: crop.currency,
          unit: t(crop.priceUnit === 'tonne' ? 'crm.bids.unit.tonne' : 'crm.bids.unit.bushel'),
        })}
      </Typography>
    </Stack>
  );
}

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** One crop's bids as a table (desktop and tablet). */
export function CropTable({
  crop,
  rows,
  actions,
}: {
  crop: InstrumentCropSummary;
  rows: InstrumentRow[];
  actions: GridActions;
}) {
  const t = useT();
  const selectable = rows.filter(movable).map((r) => r.id);
  const selectedHere = selectable.filter((id) => actions.selected.has(id));
  const all = selectable.length > 0 && selectedHere.length === selectable.length;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <CropHeader crop={crop}>
        <Checkbox
          size="small"
          sx={{ ml: -1, my: -1 }}
          checked={all}
          indeterminate={selectedHere.length > 0 && !all}
          disabled={selectable.length === 0}
          onChange={(e) => actions.onToggleAll(selectable, e.target.checked)}
          slotProps={{ input: { 'aria-label': t('crm.bids.col.selectAll', { crop: crop.cropName }) } }}
        />
      </CropHeader>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('crm.bids.grid.label', { crop: crop.cropName })}
          sx={{ '& td, & th': { py: 1 } }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" style={visuallyHidden}>
                  {t('crm.bids.col.select')}
                </Box>
              </TableCell>
              <TableCell>
                <T id="crm.bids.col.delivery" />
              </TableCell>
              <TableCell>
                <T id="crm.bids.col.futuresMonth" />
              </TableCell>
              <TableCell align="right">
                <T id="crm.bids.col.futures" />
              </TableCell>
              <TableCell align="right">
                <T id="crm.bids.col.change" />
              </TableCell>
              <TableCell align="right">
                <T id="crm.bids.col.basis" />
              </TableCell>
              <TableCell align="right">
                <T id="crm.bids.col.cash" />
              </TableCell>
              <TableCell>
                <T id="crm.bids.col.quantity" />
              </TableCell>
              <TableCell>
                <T id="crm.bids.col.visibility" />
              </TableCell>
              <TableCell align="right">
                <T id="crm.bids.col.offers" />
              </TableCell>
              <TableCell align="right">
                <Box component="span" style={visuallyHidden}>
                  {t('crm.bids.col.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const deleted = row.deletedAt !== null;
              return (
                <TableRow
                  key={row.id}
                  hover
                  selected={actions.selected.has(row.id)}
                  aria-current={row.id === actions.highlightId ? 'true' : undefined}
                  sx={{
                    ...(deleted ? { opacity: 0.6 } : {}),
                    ...(row.id === actions.highlightId
                      ? {
                          boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.warning.main}`,
                          bgcolor: 'rgba(237, 108, 2, 0.08)',
                        }
                      : {}),
                  }}
                  data-bid-id={row.id}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={actions.selected.has(row.id)}
                      disabled={!movable(row)}
                      onChange={() => actions.onToggle(row.id)}
                      slotProps={{ input: { 'aria-label': t('crm.bids.col.selectRow', { name: row.name }) } }}
                    />
                  </TableCell>
                  <TableCell sx={{ minWidth: 150 }}>
                    <Typography
                      variant="body2"
                      sx={{ fontWeight: 600, textDecoration: deleted ? 'line-through' : undefined }}
                    >
                      {row.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {fmtDeliveryRange(row.deliveryStart, row.deliveryEnd)} ·{' '}
                      {t('crm.bids.cropYear', { year: row.cropYear })}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.futuresSymbol ? (
                      <>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {row.futuresSymbol}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {fmtFuturesMonth(row.futuresMonth)}
                        </Typography>
                      </>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {t('crm.bids.flat')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    {row.pricing === 'flat' ? (
                      ''
                    ) : row.futuresLast === null ? (
                      <Box component="span" sx={{ color: 'text.disabled' }}>
                        {t('crm.bids.noQuote')}
                      </Box>
                    ) : (
                      fmtFutures(row.futuresLast, row.priceUnit)
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {row.pricing === 'flat' ? '' : <ChangeText value={row.futuresChange} unit={row.priceUnit} />}
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    <BasisCell row={row} marketId={actions.marketId} />
                  </TableCell>
                  <TableCell align="right" sx={{ ...num, fontWeight: 700, fontSize: '0.95rem' }}>
                    {fmtCash(row.cashPrice, row.currency) || (
                      <Box component="span" sx={{ color: 'text.disabled', fontWeight: 400 }}>
                        —
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: 170 }}>
                    <QuantityLines row={row} />
                  </TableCell>
                  <TableCell>
                    <VisibilityChip row={row} />
                  </TableCell>
                  <TableCell align="right" sx={num}>
                    {row.workingOffers}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <RowActions row={row} actions={actions} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** One crop's bids as cards (phones): delivery and cash first, then futures, basis and caps. */
export function CropCards({
  crop,
  rows,
  actions,
}: {
  crop: InstrumentCropSummary;
  rows: InstrumentRow[];
  actions: GridActions;
}) {
  const t = useT();
  return (
    <Paper
      variant="outlined"
      sx={{ overflow: 'hidden' }}
      component="section"
      aria-label={t('crm.bids.grid.label', { crop: crop.cropName })}
    >
      <CropHeader crop={crop} />
      <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={row.id}
            data-bid-id={row.id}
            aria-current={row.id === actions.highlightId ? 'true' : undefined}
            sx={{
              boxShadow:
                row.id === actions.highlightId ? (theme) => `inset 4px 0 0 ${theme.palette.warning.main}` : undefined,
              px: 1.5,
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
              opacity: row.deletedAt ? 0.6 : 1,
              bgcolor: actions.selected.has(row.id) ? 'action.selected' : undefined,
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Checkbox
                size="small"
                sx={{ ml: -0.75, mt: -0.5 }}
                checked={actions.selected.has(row.id)}
                disabled={!movable(row)}
                onChange={() => actions.onToggle(row.id)}
                slotProps={{ input: { 'aria-label': t('crm.bids.col.selectRow', { name: row.name }) } }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
                  <Typography variant="body1" sx={{ fontWeight: 600 }} noWrap>
                    {row.name}
                  </Typography>
                  <Typography variant="body1" sx={{ ...num, fontWeight: 700, fontSize: '1.1rem' }}>
                    {fmtCash(row.cashPrice, row.currency) || '—'}
                  </Typography>
                </Stack>
                <Typography variant="caption" color="text.secondary" component="div">
                  {fmtDeliveryRange(row.deliveryStart, row.deliveryEnd)} ·{' '}
                  {t('crm.bids.cropYear', { year: row.cropYear })}
                  {row.workingOffers > 0 ? ` · ${t('crm.bids.offersCount', { count: row.workingOffers })}` : ''}
                </Typography>
                <Stack
                  direction="row"
                  sx={{ mt: 0.75, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
                >
                  <Typography variant="body2" sx={num}>
                    {row.futuresSymbol ? (
                      <>
                        {row.futuresSymbol} {fmtFutures(row.futuresLast, row.priceUnit)}{' '}
                        <ChangeText value={row.futuresChange} unit={row.priceUnit} />
                      </>
                    ) : (
                      t('crm.bids.flat')
                    )}
                  </Typography>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" color="text.secondary">
                      <T id="crm.bids.col.basis" />
                    </Typography>
                    <Box sx={num}>
                      <BasisCell row={row} marketId={actions.marketId} />
                    </Box>
                  </Stack>
                </Stack>
                <Stack direction="row" sx={{ mt: 0.75, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <QuantityLines row={row} />
                  </Box>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
                    <VisibilityChip row={row} />
                    <RowActions row={row} actions={actions} />
                  </Stack>
                </Stack>
              </Box>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}

/** Text for screen readers only (plain CSS: sx would read width 1 as 100%). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
