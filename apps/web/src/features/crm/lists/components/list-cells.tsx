import CheckIcon from '@mui/icons-material/Check';
import { formatDate, type ContractListRow, type ListColumn } from '@granary/domain';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../../../lib/i18n/messages';
import type { useCrmFormat } from '../../components/use-crm-format';

type Format = ReturnType<typeof useCrmFormat>;
type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

const QUANTITY_COLUMNS = new Set<ListColumn>([
  'quantity', 'deliveredQuantity', 'undeliveredQuantity', 'unpricedQuantity', 'cancelledQuantity', 'weight', 'actualApplied',
  'actualUnapplied', 'split', 'testWeight',
]);
const PRICE_COLUMNS = new Set<ListColumn>(['averageFutures', 'averageBasis', 'averageCash', 'offerPrice', 'strike', 'callOptionFee', 'average']);
const PERCENT_COLUMNS = new Set<ListColumn>(['moisture', 'foreignMaterial', 'damage', 'splitPct']);
const DAY_COLUMNS = new Set<ListColumn>(['deliveryStartIsoStr', 'deliveryEndIsoStr', 'expiration', 'lastTicketDate', 'date', 'deliveryDate']);
const COUNT_COLUMNS = new Set<ListColumn>(['daysAccumulated', 'outstanding', 'cropYear', 'scaleTicketId']);
const BOOLEAN_COLUMNS = new Set<ListColumn>(['inTheMoney', 'eSignEligible', 'eSignSent', 'signed']);

/** Figures are right-aligned (decimal points line up with tabular numerals); flags centred; text left. */
export function columnAlign(column: ListColumn): 'left' | 'right' | 'center' {
  if (QUANTITY_COLUMNS.has(column) || PRICE_COLUMNS.has(column) || PERCENT_COLUMNS.has(column) || COUNT_COLUMNS.has(column)) return 'right';
  if (column === 'expirationDay') return 'right';
  if (BOOLEAN_COLUMNS.has(column)) return 'center';
  return 'left';
}

/** Columns whose values are long free text: clipped with an ellipsis, the whole text in the native tooltip (light on 100 rows). */
export const WIDE_TEXT_COLUMNS = new Set<ListColumn>(['client', 'description', 'document', 'mpOption', 'specialty']);

const STATUS_COLOR = { open: 'info', completed: 'success', cancelled: 'default' } as const;
const PRICE_STATUS_COLOR = {
  unpriced: 'warning',
  futures_set: 'info',
  basis_set: 'info',
  partially_priced: 'secondary',
  priced: 'success',
} as const;

function Muted() {
  return (
    <Box component="span" aria-hidden sx={{ color: 'text.disabled' }}>
      —
    </Box>
  );
}

function SmallChip({ label, color }: { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'secondary' }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={label}
      sx={{ height: 22, fontSize: 12, fontWeight: 500, '& .MuiChip-label': { px: 1 } }}
    />
  );
}

/** 'YYYY-MM' as 'Dec 2026'. */
export function formatOptionMonth(value: string): string {
  return formatDate(`${value}-01`, 'MMM YYYY') || value;
}

/** One cell's content, formatted per grain-marketing.md 9 and the region (shared formatter). */
export function renderCell(
  column: ListColumn,
  row: ContractListRow,
  format: Format,
  t: Translate,
  clientHref: (row: ContractListRow) => string,
): ReactNode {
  const value = row[column];
  if (column === 'client') {
    return (
      <Link component={RouterLink} to={clientHref(row)} underline="hover" title={row.client} sx={{ fontWeight: 500 }}>
        {row.client}
      </Link>
    );
  }
  if (value === null || value === undefined || value === '') return <Muted />;
  if (column === 'displayContractId' || column === 'displayScaleTicketId' || column === 'displayContractAmendmentId' || column === 'scaleTicketNum') {
    return (
      <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {String(value)}
      </Box>
    );
  }
  if (column === 'contractType' && row.contractType) {
    return (
      <Box component="abbr" title={t(`crm.lists.contractType.${row.contractType}`)} sx={{ fontWeight: 500, textDecoration: 'none' }}>
        {t(`crm.lists.contractTypeShort.${row.contractType}`)}
      </Box>
    );
  }
  if (column === 'contractStatus' && row.contractStatus) {
    return <SmallChip label={t(`crm.lists.status.${row.contractStatus}`)} color={STATUS_COLOR[row.contractStatus]} />;
  }
  if (column === 'priceStatus' && row.priceStatus) {
    return <SmallChip label={t(`crm.lists.priceStatus.${row.priceStatus}`)} color={PRICE_STATUS_COLOR[row.priceStatus]} />;
  }
  if (column === 'quantity') {
    return (
      <>
        {format.quantity(row.quantity)}
        {row.quantityUnit === 'bushels' ? (
          <Box component="span" sx={{ color: 'text.secondary', ml: 0.5, fontSize: 11 }}>
            {t('crm.lists.unit.bushels')}
          </Box>
        ) : null}
      </>
    );
  }
  if (QUANTITY_COLUMNS.has(column)) {
    // Zero quantities recede so that what is still owed, applied or unpriced stands out.
    const zero = Number(value) === 0;
    return zero ? (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        {format.quantity(value as string)}
      </Box>
    ) : (
      format.quantity(value as string)
    );
  }
  // A negative basis is the normal case (under futures), not a loss: prices stay in the text colour.
  if (PRICE_COLUMNS.has(column)) return format.price(value as string);
  if (PERCENT_COLUMNS.has(column)) return format.percent(value as string);
  if (DAY_COLUMNS.has(column)) return format.day(value as string);
  if (COUNT_COLUMNS.has(column)) return column === 'cropYear' || column === 'scaleTicketId' ? String(value) : format.quantity(value as number);
  if (column === 'optionMonth') return formatOptionMonth(String(value));
  if (column === 'expirationDay') {
    const days = value as number;
    const text = days < 0 ? t('crm.lists.expiredAgo', { days: -days }) : t('crm.lists.expiresIn', { days });
    return (
      <Box component="span" sx={{ color: days < 0 ? 'text.secondary' : days <= 7 ? 'warning.dark' : undefined, fontWeight: days >= 0 && days <= 7 ? 600 : undefined }}>
        {text}
      </Box>
    );
  }
  if (BOOLEAN_COLUMNS.has(column)) {
    return value === true ? (
      <Box component="span" sx={{ display: 'inline-flex', verticalAlign: 'middle', color: column === 'inTheMoney' ? 'success.main' : 'text.primary' }}>
        <CheckIcon sx={{ fontSize: 16 }} aria-hidden />
        <Box component="span" sx={visuallyHidden}>
          {t('crm.lists.yes')}
        </Box>
      </Box>
    ) : (
      <Typography component="span" variant="inherit" sx={{ color: 'text.disabled' }}>
        {t('crm.lists.no')}
      </Typography>
    );
  }
  const text = String(value);
  if (WIDE_TEXT_COLUMNS.has(column)) {
    return <span title={text}>{text}</span>;
  }
  return text;
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;
