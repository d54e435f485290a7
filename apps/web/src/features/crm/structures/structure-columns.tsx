import type { StructureListRow } from '@granary/domain';
import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n/t';
import {
  STRUCTURE_SIDE_MESSAGES,
  cropLabel,
  optionMonthLabel,
  structureKindMessage,
} from '../../../lib/trading/structure-format';
import { StructureStatusChip } from '../../../lib/trading/structure-status-chip';
import type { GridColumn } from '../../../lib/ui/grid/grid-columns';
import { useCrmFormat } from '../components/use-crm-format';

/** The client, with the structure's label under it when the merchandiser gave one. */
function ClientCell({ row }: { row: StructureListRow }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {row.clientName}
      </Typography>
      {row.name ? (
        <Typography variant="caption" color="text.secondary" component="div">
          {row.name}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The live structures' columns (issue 18): client, kind and side, crop and futures month, quantity, accumulated
 * and remaining bushels, average price, distance to knock-out, days left, today's close cost, status. Figures through
 * the CRM's formatters; prices in the partner's notation.
 */
export function useLiveStructureColumns(): GridColumn<StructureListRow>[] {
  const t = useT();
  const f = useCrmFormat();
  return useMemo(() => {
    const bushels = (value: string) => t('structures.bushels', { quantity: f.quantity(value) });
    return [
      { id: 'client', label: t('structures.col.client'), render: (r) => <ClientCell row={r} /> },
      {
        id: 'kind',
        label: t('structures.col.kind'),
        render: (r) => (
          <Box>
            <Typography variant="body2">{t(structureKindMessage(r.kind, r.side))}</Typography>
            <Typography variant="caption" color="text.secondary" component="div">
              {t(STRUCTURE_SIDE_MESSAGES[r.side])}
            </Typography>
          </Box>
        ),
        cellSx: { whiteSpace: 'nowrap' },
      },
      {
        id: 'crop',
        label: t('structures.col.crop'),
        render: (r) => t('structures.cropMonth', { crop: cropLabel(r.cropId), month: optionMonthLabel(r.optionMonth) }),
        cellSx: { whiteSpace: 'nowrap' },
      },
      { id: 'quantity', label: t('structures.col.quantity'), numeric: true, render: (r) => bushels(r.quantity) },
      {
        id: 'accumulated',
        label: t('structures.col.accumulated'),
        numeric: true,
        render: (r) => bushels(r.state.pricedBushels),
      },
      {
        id: 'remaining',
        label: t('structures.col.remaining'),
        numeric: true,
        render: (r) => bushels(r.remainingBushels),
      },
      {
        id: 'average',
        label: t('structures.col.averagePrice'),
        numeric: true,
        render: (r) => (r.state.averagePrice === null ? '—' : f.prices.futures(r.state.averagePrice)),
      },
      {
        id: 'distance',
        label: t('structures.col.distance'),
        numeric: true,
        render: (r) => (r.distanceToKnockOut === null ? '—' : f.prices.futures(r.distanceToKnockOut)),
      },
      {
        id: 'daysLeft',
        label: t('structures.col.daysLeft'),
        numeric: true,
        render: (r) => f.quantity(r.daysLeft),
      },
      {
        id: 'closeCost',
        label: t('structures.col.closeCost'),
        numeric: true,
        render: (r) => (r.todayCloseCost === null ? '—' : f.money(r.todayCloseCost.closeCost)),
      },
      {
        id: 'status',
        label: t('structures.col.status'),
        render: (r) => <StructureStatusChip status={r.status} knockedOut={r.state.knockedOut} />,
        cardHidden: true,
      },
    ] satisfies GridColumn<StructureListRow>[];
  }, [t, f]);
}
