import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { cropById, type OpenPositions } from '@granary/domain';
import {
  Box,
  Button,
  Collapse,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/t';
import { CrmErrorState } from '../components/crm-page-frame';
import { useCrmFormat } from '../components/use-crm-format';
import { formatOptionMonth } from '../lists/components/list-cells';
import { useOpenPositions } from './pricing-api';

const NUM = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Columns a phone leaves out so that the table fits 390 px. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function PositionsTable({ direction, marketId }: { direction: 'purchase' | 'sales'; marketId: number | null }) {
  const t = useT();
  const query = useOpenPositions(direction, marketId);
  const title = t(direction === 'purchase' ? 'crm.pricing.positions.purchase' : 'crm.pricing.positions.sales');
  let body;
  if (query.error) body = <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Skeleton variant="rectangular" height={96} />;
  else if (query.data.rows.length === 0)
    body = (
      <Typography variant="body2" color="text.secondary">
        {t('crm.pricing.positions.empty')}
      </Typography>
    );
  else body = <Rows data={query.data} title={title} />;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {body}
    </Box>
  );
}

function Rows({ data, title }: { data: OpenPositions; title: string }) {
  const t = useT();
  const format = useCrmFormat();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={title}
        sx={{
          '& th, & td': { px: { xs: 0.75, sm: 1 }, py: 0.5, fontSize: { xs: 13, sm: 14 } },
          '& th': { whiteSpace: 'nowrap' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('crm.pricing.positions.crop')}</TableCell>
            <TableCell>{t('crm.pricing.positions.month')}</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              {t('crm.pricing.positions.contracts')}
            </TableCell>
            <TableCell align="right">{t('crm.pricing.positions.undelivered')}</TableCell>
            <TableCell align="right">{t('crm.pricing.positions.unpriced')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((r) => (
            <TableRow key={`${r.cropId}-${r.cropYear}-${r.optionMonth ?? ''}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {cropById(r.cropId)?.displayName ?? r.cropId} {r.cropYear}
              </TableCell>
              <TableCell sx={NUM}>
                {r.optionMonth ? formatOptionMonth(r.optionMonth) : t('crm.pricing.positions.noMonth')}
              </TableCell>
              <TableCell align="right" sx={{ ...NUM, ...WIDE_ONLY }}>
                {format.quantity(r.contracts)}
              </TableCell>
              <TableCell align="right" sx={NUM}>
                {format.quantity(r.undeliveredQuantity)}
              </TableCell>
              <TableCell align="right" sx={NUM}>
                {format.quantity(r.unpricedQuantity)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * Open positions of the list's market (contracts/open/purchase and open/sales): undelivered and unpriced bushels by
 * crop, crop year and futures month, behind a "Positions" toggle above the contract list.
 */
export function OpenPositionsToggle({ marketId }: { marketId: number | null }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        {t('crm.pricing.positions.show')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Paper
          variant="outlined"
          sx={{ p: { xs: 1.25, sm: 2 }, mt: 1 }}
          role="region"
          aria-label={t('crm.pricing.positions')}
        >
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
              gap: { xs: 2, md: 3 },
            }}
          >
            <PositionsTable direction="purchase" marketId={marketId} />
            <PositionsTable direction="sales" marketId={marketId} />
          </Box>
        </Paper>
      </Collapse>
    </Box>
  );
}
