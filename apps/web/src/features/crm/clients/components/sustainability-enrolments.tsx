import { formatNumber, marketLabel, type CrmMarketRow, type SustainabilityEnrolmentStatus } from '@granary/domain';
import {
  Box,
  Chip,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { CrmErrorState } from '../../components/crm-page-frame';
import { useSustainabilityFilters, useSustainabilityLegalEntities } from '../api/sustainability-enrolments';
import { numericCellSx } from '../../../../lib/ui/numeric-cell';

const STATUS_COLOR = { draft: 'default', sent: 'warning', enrolled: 'success', withdrawn: 'default' } as const;

/**
 * The clients enrolled in the market's sustainability programs (grain-marketing.md 7 'Sustainability', decision 059):
 * shown on /crm/clients for a market where the buyer holds grain-buying-clients, filtered by program and status
 * (instrument/filters), with the enrolled acres per crop and year.
 */
export function SustainabilityEnrolments({ platformId, market }: { platformId: number; market: CrmMarketRow }) {
  const t = useT();
  const dates = useDates();
  const [programId, setProgramId] = useState<number | null>(null);
  const [status, setStatus] = useState<SustainabilityEnrolmentStatus | null>(null);
  const filters = useSustainabilityFilters(true);
  const query = useSustainabilityLegalEntities(platformId, market.id, { programId, status });
  const programs = (filters.data?.programs ?? []).filter((p) => p.marketId === market.id);
  const area = (acres: string) => t('sustainability.area', { area: formatNumber(acres, { maxFractionDigits: 2 }) });
  const data = query.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="crm-sustainability-title" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Box>
          <Typography id="crm-sustainability-title" variant="h6" component="h2">
            <T id="crmSustainability.title" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <T id="crmSustainability.subtitle" values={{ market: marketLabel(market) }} />
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <TextField
            select
            size="small"
            label={t('crmSustainability.filter.program')}
            value={programId === null ? '' : String(programId)}
            onChange={(event) => setProgramId(event.target.value === '' ? null : Number(event.target.value))}
            sx={{ minWidth: 220 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <T id="crmSustainability.filter.all" />
            </MenuItem>
            {programs.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('crmSustainability.filter.status')}
            value={status ?? ''}
            onChange={(event) =>
              setStatus(event.target.value === '' ? null : (event.target.value as SustainabilityEnrolmentStatus))
            }
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">
              <T id="crmSustainability.filter.all" />
            </MenuItem>
            {(filters.data?.statuses ?? []).map((s) => (
              <MenuItem key={s} value={s}>
                {t(`crmSustainability.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {query.error ? (
          <CrmErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <LinearProgress aria-label={t('crmSustainability.title')} />
        ) : (
          <>
            {data.totals.length > 0 ? (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {data.totals.map((total) => (
                  <Chip
                    key={`${total.cropId}-${total.cropYear}`}
                    label={t('crmSustainability.total', {
                      crop: total.crop,
                      year: total.cropYear,
                      area: area(total.acres),
                    })}
                  />
                ))}
              </Stack>
            ) : null}
            {data.items.length === 0 ? (
              <Typography color="text.secondary">
                <T id="crmSustainability.empty" />
              </Typography>
            ) : (
              <TableContainer>
                <Table size="small" aria-labelledby="crm-sustainability-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('crmSustainability.col.client')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {t('crmSustainability.col.program')}
                      </TableCell>
                      <TableCell align="right">{t('crmSustainability.col.acres')}</TableCell>
                      <TableCell>{t('crmSustainability.col.status')}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                        {t('crmSustainability.col.signed')}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.items.map((row) => (
                      <TableRow key={`${row.programId}-${row.clientId}`}>
                        <TableCell>{row.name}</TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.programName}</TableCell>
                        <TableCell sx={numericCellSx}>{area(row.acres)}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            color={STATUS_COLOR[row.status]}
                            label={t(`crmSustainability.status.${row.status}`)}
                          />
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {row.signedAt ? dates.instant(row.signedAt) : ''}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
