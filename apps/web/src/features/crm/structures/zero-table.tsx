import { formatMoney, type SolveZeroTableResponse, type ZeroTableCell } from '@granary/domain';
import {
  Box,
  ButtonBase,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { numericCellSx } from '../../../lib/ui/numeric-cell';
import { useCrmFormat } from '../components/use-crm-format';

/**
 * The knock-outs and period ends a zero table solves, from today's futures: four knock-outs 5 % to 20 % on the
 * farmer's safe side of the futures (a sale's below, a purchase's above), on the quarter-cent grid; the period's end
 * and the month-ends before it, five columns at most (the server's limit is 8 × 8).
 */
export function zeroTableAxes(
  futures: number,
  side: 'sale' | 'purchase',
  start: string,
  end: string,
): { knockOuts: string[]; ends: string[] } {
  const steps = [0.8, 0.85, 0.9, 0.95].map((k) => (side === 'sale' ? k : 2 - k));
  const knockOuts = steps.map((k) => (Math.round(futures * k * 400) / 400).toFixed(4));
  const ends: string[] = [end];
  let month = new Date(`${end.slice(0, 7)}-01T00:00:00Z`);
  while (ends.length < 5) {
    // The last day of the month before.
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 0));
    const day = month.toISOString().slice(0, 10);
    if (day <= start) break;
    ends.unshift(day);
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1));
  }
  return { knockOuts: side === 'sale' ? knockOuts.reverse() : knockOuts, ends };
}

/**
 * The zero-cost table (issue 18 `solve-zero-table`): the accumulation level that costs the fee only, for each
 * knock-out (rows) and period end (columns). A solved cell is a button that puts its knock-out, end and level in the
 * form; a cell without a zero-cost level in range says so, as does one whose terms are refused.
 */
export function ZeroTable({
  table,
  onPick,
}: {
  table: SolveZeroTableResponse;
  onPick: ((cell: ZeroTableCell & { result: { status: 'solved' } }) => void) | null;
}) {
  const t = useT();
  const f = useCrmFormat();
  const knockOuts = [...new Set(table.cells.map((c) => c.knockOut))];
  const ends = [...new Set(table.cells.map((c) => c.end))];
  const cellOf = (knockOut: string, end: string) => table.cells.find((c) => c.knockOut === knockOut && c.end === end);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem' }}>
        <T id="structures.zero.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        {t('structures.zero.caption', {
          futures: f.prices.futures(table.futures),
          paths: f.quantity(table.paths),
          seconds: f.quantity(table.elapsedMs / 1000),
        })}
      </Typography>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('structures.zero.table')} sx={{ minWidth: 'max-content' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' }}>
                <T id="structures.zero.corner" />
              </TableCell>
              {ends.map((end) => (
                <TableCell key={end} sx={{ ...numericCellSx, fontWeight: 600, color: 'text.secondary' }}>
                  {f.day(end)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {knockOuts.map((knockOut) => (
              <TableRow key={knockOut}>
                <TableCell component="th" scope="row" sx={{ ...numericCellSx, textAlign: 'left', fontWeight: 600 }}>
                  {f.prices.futures(knockOut)}
                </TableCell>
                {ends.map((end) => {
                  const cell = cellOf(knockOut, end);
                  const result = cell?.result;
                  if (!cell || !result) return <TableCell key={end} />;
                  if (result.status !== 'solved')
                    return (
                      <TableCell key={end} sx={{ ...numericCellSx, color: 'text.disabled' }}>
                        <Tooltip
                          title={result.status === 'invalid-terms' ? result.message : t('structures.zero.noLevel')}
                        >
                          <Box component="span" tabIndex={0}>
                            {t(result.status === 'invalid-terms' ? 'structures.zero.invalid' : 'structures.zero.none')}
                          </Box>
                        </Tooltip>
                      </TableCell>
                    );
                  const solved = cell as ZeroTableCell & { result: { status: 'solved' } };
                  // Solved levels sit off the quarter-cent grid: four decimals for all, so the columns line up.
                  const label = formatMoney(result.level, { currency: f.currency, minFractionDigits: 4 });
                  return (
                    <TableCell key={end} sx={{ ...numericCellSx, p: 0.5 }}>
                      {onPick ? (
                        <ButtonBase
                          onClick={() => onPick(solved)}
                          aria-label={t('structures.zero.pick', {
                            level: label,
                            knockOut: f.prices.futures(knockOut),
                            end: f.day(end),
                          })}
                          sx={{
                            px: 1,
                            py: 0.5,
                            borderRadius: 1,
                            fontWeight: 600,
                            fontVariantNumeric: 'tabular-nums',
                            '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
                          }}
                        >
                          {label}
                        </ButtonBase>
                      ) : (
                        label
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
