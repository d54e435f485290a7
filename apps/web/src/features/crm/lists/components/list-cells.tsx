import CheckIcon from '@mui/icons-material/Check';
import { formatDate, type ContractListRow, type ListColumn } from '@granary/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../../../lib/i18n/messages';
import { priceUnitOf, quantityUnitText } from '../../../../lib/trading/price-units';
import type { useCrmFormat } from '../../components/use-crm-format';
import { DocumentCell } from './document-cell';
import { visuallyHidden } from '../../../../lib/ui/visually-hidden';

type Format = ReturnType<typeof useCrmFormat>;
type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** Quantities in the row's unit (bu, t): 2 fixed decimals with the unit beside them (a list can mix crops). */
const QUANTITY_COLUMNS = new Set<ListColumn>([
  'quantity',
  'deliveredQuantity',
  'undeliveredQuantity',
  'unpricedQuantity',
  'cancelledQuantity',
  'actualApplied',
  'actualUnapplied',
  'split',
]);
/** A ticket's weight (lb, 2 fixed decimals like the quantities) and test weight (lb/bu, one decimal like the grades). */
const WEIGHT_COLUMNS = new Set<ListColumn>(['weight', 'testWeight']);
/** Futures-side prices (the partner's futures notation). */
const FUTURES_COLUMNS = new Set<ListColumn>(['averageFutures', 'strike']);
/** Cash-side prices and per-unit amounts (the partner's cash notation). */
const CASH_COLUMNS = new Set<ListColumn>(['averageCash', 'offerPrice', 'callOptionFee', 'average']);
const PRICE_COLUMNS = new Set<ListColumn>([...FUTURES_COLUMNS, ...CASH_COLUMNS, 'averageBasis']);
const PERCENT_COLUMNS = new Set<ListColumn>(['moisture', 'foreignMaterial', 'damage', 'splitPct']);
const DAY_COLUMNS = new Set<ListColumn>([
  'deliveryStartIsoStr',
  'deliveryEndIsoStr',
  'expiration',
  'lastTicketDate',
  'date',
  'deliveryDate',
]);
const COUNT_COLUMNS = new Set<ListColumn>(['daysAccumulated', 'outstanding', 'cropYear', 'scaleTicketId']);
const BOOLEAN_COLUMNS = new Set<ListColumn>(['inTheMoney', 'eSignEligible', 'eSignSent', 'signed']);

/** Figures are right-aligned (decimal points line up with tabular numerals); flags centred; text left. */
export function columnAlign(column: ListColumn): 'left' | 'right' | 'center' {
  if (
    QUANTITY_COLUMNS.has(column) ||
    WEIGHT_COLUMNS.has(column) ||
    PRICE_COLUMNS.has(column) ||
    PERCENT_COLUMNS.has(column) ||
    COUNT_COLUMNS.has(column)
  )
    return 'right';
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

// Cells are plain elements with class names styled once by the table (CELL_STYLES): a 100-row page has a few
// thousand cells, and a styled component or sx object per cell cost hundreds of milliseconds to render.

function Muted() {
  return (
    <span aria-hidden className="muted">
      —
    </span>
  );
}

function SmallChip({
  label,
  color,
}: {
  label: string;
  color: 'default' | 'info' | 'success' | 'warning' | 'secondary';
}) {
  return <span className={`chip chip-${color}`}>{label}</span>;
}

/** The styles of the classes the cells use, for the table's sx. */
export const CELL_STYLES = {
  '& .muted': { color: 'text.disabled' },
  '& .chip': {
    display: 'inline-flex',
    alignItems: 'center',
    height: 22,
    px: 1,
    borderRadius: 11,
    border: '1px solid',
    fontSize: 12,
    fontWeight: 500,
    lineHeight: 1,
    whiteSpace: 'nowrap',
  },
  '& .chip-default': { borderColor: 'grey.400', color: 'text.primary' },
  '& .chip-info': { borderColor: 'info.light', color: 'info.dark' },
  '& .chip-success': { borderColor: 'success.light', color: 'success.dark' },
  '& .chip-warning': { borderColor: 'warning.light', color: 'warning.dark' },
  '& .chip-secondary': { borderColor: 'secondary.light', color: 'secondary.dark' },
  '& .strong': { fontWeight: 600 },
  '& .unit': { color: 'text.secondary', ml: 0.5, fontSize: 11 },
  /** A price's unit sits against it ('$4.33½/bu'): no gap. */
  '& .unit.per': { ml: 0 },
  '& .soon': { color: 'warning.dark', fontWeight: 600 },
  '& .past': { color: 'text.secondary' },
  '& .check': { display: 'inline-flex', verticalAlign: 'middle', fontSize: 16 },
  '& abbr.abbr': { fontWeight: 500, textDecoration: 'none' },
  '& .check-money': { color: 'success.main' },
  '& .sr-only': visuallyHidden,
  '& a.cell-link, & button.cell-link': {
    color: 'primary.main',
    fontWeight: 500,
    textDecoration: 'none',
    font: 'inherit',
    background: 'none',
    border: 0,
    p: 0,
    cursor: 'pointer',
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
  },
  '& button.cell-link, & a.contract-number': { color: 'text.primary', fontWeight: 600 },
} as const;

/** 'YYYY-MM' as 'Dec 2026'. */
export function formatOptionMonth(value: string): string {
  return formatDate(`${value}-01`, 'MMM YYYY') || value;
}

/** One cell's content, formatted per grain-marketing.md 9 and the region (shared formatter). */
/**
 * A price in the partner's notation: futures and cash '$4.33½' with their unit beside them ('/bu', '/t': a list can
 * mix crops), basis '-45 Z' against the contract's futures month (cents a bushel; dollars a tonne).
 */
function priceCell(column: ListColumn, value: string, row: ContractListRow, format: Format, t: Translate): ReactNode {
  const unit = priceUnitOf(row.quantityUnit);
  if (column === 'averageBasis') return format.prices.basis(value, row.optionMonth, unit);
  const text = FUTURES_COLUMNS.has(column) ? format.prices.futures(value, unit) : format.prices.cash(value, unit);
  return (
    <>
      {text}
      <span className="unit per">{t(unit === 'tonne' ? 'crm.lists.unit.perTonne' : 'crm.lists.unit.perBushel')}</span>
    </>
  );
}

export function renderCell(
  column: ListColumn,
  row: ContractListRow,
  format: Format,
  t: Translate,
  clientHref: (row: ContractListRow) => string,
  onOpenContract?: (row: ContractListRow) => void,
): ReactNode {
  const value = row[column];
  if (column === 'client') {
    return (
      <RouterLink to={clientHref(row)} title={row.client} className="cell-link">
        {row.client}
      </RouterLink>
    );
  }
  // The contract documents tab: the file name opens the PDF; the button beside it sends, resends or voids.
  if (column === 'document' && row.kind === 'contract') return <DocumentCell row={row} />;
  if (value === null || value === undefined || value === '') return <Muted />;
  if (column === 'displayContractId' && row.kind === 'contract' && onOpenContract) {
    // The contract page's address (a new tab with Ctrl/⌘ or the middle button); a plain click opens the drawer.
    return (
      <a
        href={`/crm/contracts/${row.id}`}
        className="cell-link contract-number"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          onOpenContract(row);
        }}
        aria-label={t('crm.lists.openContract', { number: String(value) })}
      >
        {String(value)}
      </a>
    );
  }
  if (
    column === 'displayContractId' ||
    column === 'displayScaleTicketId' ||
    column === 'displayContractAmendmentId' ||
    column === 'scaleTicketNum'
  ) {
    return <span className="strong">{String(value)}</span>;
  }
  if (column === 'contractType' && row.contractType) {
    return (
      <abbr title={t(`crm.lists.contractType.${row.contractType}`)} className="abbr">
        {t(`crm.lists.contractTypeShort.${row.contractType}`)}
      </abbr>
    );
  }
  if (column === 'contractStatus' && row.contractStatus) {
    return <SmallChip label={t(`crm.lists.status.${row.contractStatus}`)} color={STATUS_COLOR[row.contractStatus]} />;
  }
  if (column === 'priceStatus' && row.priceStatus) {
    return (
      <SmallChip label={t(`crm.lists.priceStatus.${row.priceStatus}`)} color={PRICE_STATUS_COLOR[row.priceStatus]} />
    );
  }
  if (QUANTITY_COLUMNS.has(column)) {
    // Zero quantities recede (other than the contract's own) so that what is still owed, applied or unpriced stands out.
    const text = format.columnQuantity(value as string);
    const zero = column !== 'quantity' && Number(value) === 0;
    return (
      <>
        {zero ? <span className="muted">{text}</span> : text}
        <span className="unit">{quantityUnitText(row.quantityUnit, t)}</span>
      </>
    );
  }
  if (WEIGHT_COLUMNS.has(column)) {
    return (
      <>
        {column === 'weight' ? format.columnQuantity(value as string) : format.grade(value as string)}
        <span className="unit">
          {t(column === 'weight' ? 'crm.lists.unit.pounds' : 'crm.lists.unit.poundsPerBushel')}
        </span>
      </>
    );
  }
  // A negative basis is the normal case (under futures), not a loss: prices stay in the text colour.
  if (PRICE_COLUMNS.has(column)) return priceCell(column, value as string, row, format, t);
  if (column === 'splitPct') return format.percent(value as string);
  if (PERCENT_COLUMNS.has(column)) return format.gradePercent(value as string);
  if (DAY_COLUMNS.has(column)) return format.day(value as string);
  if (COUNT_COLUMNS.has(column))
    return column === 'cropYear' || column === 'scaleTicketId' ? String(value) : format.quantity(value as number);
  if (column === 'optionMonth') return formatOptionMonth(String(value));
  if (column === 'expirationDay') {
    const days = value as number;
    const text = days < 0 ? t('crm.lists.expiredAgo', { days: -days }) : t('crm.lists.expiresIn', { days });
    return <span className={days < 0 ? 'past' : days <= 7 ? 'soon' : undefined}>{text}</span>;
  }
  if (BOOLEAN_COLUMNS.has(column)) {
    return value === true ? (
      <span className={column === 'inTheMoney' ? 'check check-money' : 'check'}>
        <CheckIcon fontSize="inherit" aria-hidden />
        <span className="sr-only">{t('crm.lists.yes')}</span>
      </span>
    ) : (
      <span className="muted">{t('crm.lists.no')}</span>
    );
  }
  const text = String(value);
  if (WIDE_TEXT_COLUMNS.has(column)) {
    return <span title={text}>{text}</span>;
  }
  return text;
}
