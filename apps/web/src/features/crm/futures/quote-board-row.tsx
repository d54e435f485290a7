import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ArrowDropUpIcon from '@mui/icons-material/ArrowDropUp';
import { toDecimal, type PriceUnit, type Quote } from '@granary/domain';
import { Box, TableCell, TableRow, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { usePriceFormat } from '../../../lib/trading/use-price-format';
import { numericCellSx } from '../../../lib/ui/numeric-cell';

/** Which way a price moved with the last tick. */
export type Direction = 'up' | 'down';

function ChangeCell({ quote, unit }: { quote: Quote; unit: PriceUnit }) {
  const t = useT();
  const price = usePriceFormat();
  if (quote.change === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" title={t('futures.board.noChange')}>
        —
      </Typography>
    );
  }
  const change = toDecimal(quote.change);
  // '+2¼', '-1', 'unch' in the partner's notation; the arrow and the label say the direction, so they take the size.
  const text = price.change(quote.change, unit);
  if (change.isZero()) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" aria-label={t('futures.board.unchanged')}>
        {text}
      </Typography>
    );
  }
  const up = change.gt(0);
  return (
    <Box
      component="span"
      aria-label={t(up ? 'futures.board.up' : 'futures.board.down', { change: text.replace(/^[+-]/, '') })}
      sx={{ display: 'inline-flex', alignItems: 'center', color: up ? 'success.main' : 'error.main', fontWeight: 600 }}
    >
      {up ? (
        <ArrowDropUpIcon fontSize="small" sx={{ mx: -0.5 }} />
      ) : (
        <ArrowDropDownIcon fontSize="small" sx={{ mx: -0.5 }} />
      )}
      {text}
    </Box>
  );
}

/**
 * One listed month on the quote board: its symbol and month, the last price (flashing green or red while it has just
 * moved), the change since the previous settlement and the time of the quote.
 */
export function QuoteRow({ quote, unit, moved }: { quote: Quote; unit: PriceUnit; moved: Direction | undefined }) {
  const intl = useIntl();
  const dates = useDates();
  const price = usePriceFormat();
  const [y, m] = quote.optionMonth.split('-').map(Number) as [number, number];
  return (
    <TableRow data-symbol={quote.symbol} hover>
      <TableCell>
        <Typography
          component="span"
          variant="body2"
          sx={{ display: 'block', fontWeight: 700, fontFamily: 'monospace', lineHeight: 1.3 }}
        >
          {quote.symbol}
        </Typography>
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', lineHeight: 1.2 }}
        >
          {intl.formatDate(new Date(Date.UTC(y, m - 1, 1)), {
            month: 'short',
            year: 'numeric',
            timeZone: 'UTC',
          })}
        </Typography>
      </TableCell>
      <TableCell
        align="right"
        data-flash={moved ?? undefined}
        sx={{
          ...numericCellSx,
          fontWeight: 600,
          transition: 'background-color 600ms ease-out',
          bgcolor:
            moved === 'up' ? 'rgba(46, 125, 50, 0.16)' : moved === 'down' ? 'rgba(211, 47, 47, 0.14)' : 'transparent',
        }}
      >
        {price.futures(quote.last, unit)}
      </TableCell>
      <TableCell align="right" sx={numericCellSx}>
        <ChangeCell quote={quote} unit={unit} />
      </TableCell>
      <TableCell align="right" sx={{ ...numericCellSx, color: 'text.secondary' }}>
        {dates.time(quote.quotedAt)}
      </TableCell>
    </TableRow>
  );
}
