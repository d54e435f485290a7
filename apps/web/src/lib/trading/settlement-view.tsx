// A settlement as the CRM's drawer and the farmer's My Sales Lite show it (issue 14): shared here, not between features.

import type { SettlementDetail, SettlementStatusName } from '@granary/domain';
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { MessageId } from '../i18n/messages';
import { useT } from '../i18n/t';
import { numericCellSx } from '../ui/numeric-cell';
import { usePhoneGrid } from '../ui/grid/data-grid';
import { formatMoney, formatNumber, toDecimal, type NumberValue } from '@granary/domain';
import { useMemo } from 'react';
import { useRegion } from '../i18n/locale';
import { useDates } from '../i18n/use-dates';
import { usePriceFormat } from './use-price-format';

/** The figures of a settlement in the region's money, quantities and days, prices in the partner's notation. */
export function useSettlementFormat() {
  const region = useRegion();
  const dates = useDates();
  const prices = usePriceFormat();
  return useMemo(() => {
    const blank = (v: NumberValue) => v === null || v === undefined || v === '';
    return {
      money: (v: NumberValue) => (blank(v) ? '' : formatMoney(v, { currency: region.currency })),
      /** Bushels as a settlement counts them, to the hundredth: '562.70', in a figure, a line or a column alike. */
      quantity: (v: NumberValue) => (blank(v) ? '' : formatNumber(v, { minFractionDigits: 2, maxFractionDigits: 2 })),
      day: dates.day,
      prices,
    };
  }, [region.currency, dates, prices]);
}

const STATUS_COLORS: Record<SettlementStatusName, 'default' | 'info' | 'success' | 'warning'> = {
  draft: 'warning',
  final: 'info',
  paid: 'success',
  void: 'default',
};

export function SettlementStatusChip({ status }: { status: SettlementStatusName }) {
  const t = useT();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'void' ? 'outlined' : 'filled'}
      label={t(`settlements.status.${status}` as MessageId)}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

const TABLE_SX = { '& th, & td': { px: 1, whiteSpace: 'nowrap' }, '& th': { color: 'text.secondary', fontSize: 12 } };

/** The ticket lines as a list on a phone: ticket and contract, the net, the arithmetic and what was taken off. */
function LineCards({ settlement }: { settlement: SettlementDetail }) {
  const t = useT();
  const f = useSettlementFormat();
  return (
    <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
      {settlement.lines.map((l) => (
        <Box
          component="li"
          key={l.ticketApplicationId}
          sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider', pb: 1 }}
        >
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {l.displayScaleTicketId} · {l.displayContractId}
            </Typography>
            <Typography variant="body2" sx={{ ...numericCellSx, fontWeight: 600 }}>
              {f.money(l.net)}
            </Typography>
          </Stack>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {f.day(l.deliveryDate)} · {f.quantity(l.bushels)} bu × {f.prices.cash(l.price)} = {f.money(l.amount)}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            component="div"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {[
              [t('settlements.col.drying'), l.drying],
              [t('settlements.col.discounts'), l.discounts],
              [t('settlements.col.storage'), l.storage],
              [t('settlements.col.checkoff'), l.checkoff],
            ]
              .filter(([, v]) => !/^0(\.0+)?$/.test(v!))
              .map(([label, v]) => `${label} −${f.money(v!)}`)
              .join(' · ')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * An advance recovered by the settlement, worded as the statement writes it: the day it was paid, then what is left
 * of it after this settlement ("Advance balance left $…") or that it is recovered whole (decision 044, addendum).
 */
function AdvanceRecovered({ deduction }: { deduction: SettlementDetail['deductions'][number] }) {
  const t = useT();
  const f = useSettlementFormat();
  const balance = deduction.advanceBalance;
  return (
    <>
      {t('settlements.advance.recoveredPaidOn', { day: f.day(deduction.description) })}
      {balance === null || balance === undefined ? null : (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}
        >
          {toDecimal(balance).gt(0)
            ? t('settlements.advance.balanceLeft', { amount: f.money(balance) })
            : t('settlements.advance.recoveredInFull')}
        </Typography>
      )}
    </>
  );
}

/**
 * A settlement's figures: the totals, each applied ticket line with its deductions, the statement's deductions and who
 * is paid what. The CRM's drawer and the farmer's page show the same (the farmer's without the actions).
 */
export function SettlementView({ settlement }: { settlement: SettlementDetail }) {
  const t = useT();
  const f = useSettlementFormat();
  const phone = usePhoneGrid();
  const dash = (v: string) => (/^0(\.0+)?$/.test(v) ? '–' : f.money(v));
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 2, mt: 3 }}>
        <Figure label={t('settlements.field.bushels')} value={f.quantity(settlement.bushels)} />
        <Figure label={t('settlements.field.gross')} value={f.money(settlement.gross)} />
        <Figure label={t('settlements.field.deductions')} value={f.money(settlement.deductionsTotal)} />
        <Figure label={t('settlements.field.net')} value={f.money(settlement.net)} />
      </Box>

      <Section title={t('settlements.section.lines')}>
        {phone ? (
          <LineCards settlement={settlement} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" sx={TABLE_SX}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('settlements.col.ticket')}</TableCell>
                  <TableCell>{t('settlements.col.contract')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.field.bushels')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.col.price')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.col.amount')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.col.drying')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.col.discounts')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.col.storage')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.col.checkoff')}</TableCell>
                  <TableCell sx={numericCellSx}>{t('settlements.field.net')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {settlement.lines.map((l) => (
                  <TableRow key={l.ticketApplicationId}>
                    <TableCell>
                      {l.displayScaleTicketId}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {f.day(l.deliveryDate)}
                      </Typography>
                    </TableCell>
                    <TableCell>{l.displayContractId}</TableCell>
                    <TableCell sx={numericCellSx}>{f.quantity(l.bushels)}</TableCell>
                    <TableCell sx={numericCellSx}>{f.prices.cash(l.price)}</TableCell>
                    <TableCell sx={numericCellSx}>{f.money(l.amount)}</TableCell>
                    <TableCell sx={numericCellSx}>{dash(l.drying)}</TableCell>
                    <TableCell sx={numericCellSx}>{dash(l.discounts)}</TableCell>
                    <TableCell sx={numericCellSx}>{dash(l.storage)}</TableCell>
                    <TableCell sx={numericCellSx}>{dash(l.checkoff)}</TableCell>
                    <TableCell sx={{ ...numericCellSx, fontWeight: 600 }}>{f.money(l.net)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Section>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 4 }}>
        <Section title={t('settlements.section.deductions')}>
          <Table size="small" sx={TABLE_SX} aria-label={t('settlements.section.deductions')}>
            <TableBody>
              <TableRow>
                <TableCell>{t('settlements.field.gross')}</TableCell>
                <TableCell sx={numericCellSx}>{f.money(settlement.gross)}</TableCell>
              </TableRow>
              {settlement.deductions.map((d, i) => (
                <TableRow key={i}>
                  <TableCell sx={{ whiteSpace: 'normal !important' }}>
                    {d.kind === 'advance' ? (
                      <AdvanceRecovered deduction={d} />
                    ) : d.kind === 'checkoff' ? (
                      d.description
                    ) : (
                      t(`settlements.deduction.${d.kind}` as MessageId)
                    )}
                  </TableCell>
                  <TableCell sx={numericCellSx}>−{f.money(d.amount)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('settlements.field.net')}</TableCell>
                <TableCell sx={{ ...numericCellSx, fontWeight: 600 }}>{f.money(settlement.net)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Section>
        <Section title={t('settlements.section.payees')}>
          <Stack spacing={1}>
            {settlement.payees.map((p, i) => (
              <Stack
                key={i}
                direction="row"
                spacing={2}
                sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ overflowWrap: 'anywhere' }}>{p.payeeName}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`settlements.payee.${p.kind}`)}
                  </Typography>
                </Box>
                <Typography sx={{ fontWeight: 600, ...numericCellSx }}>{f.money(p.amount)}</Typography>
              </Stack>
            ))}
          </Stack>
        </Section>
      </Box>
    </Box>
  );
}

/** The heading of a settlement: its number and status, the seller, market, crop, day and contracts. */
export function SettlementHeading({ settlement }: { settlement: SettlementDetail }) {
  const f = useSettlementFormat();
  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {settlement.displaySettlementId}
        </Typography>
        <SettlementStatusChip status={settlement.status} />
      </Stack>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[
          settlement.clientName,
          settlement.marketName,
          `${settlement.cropName} ${settlement.cropYear}`,
          f.day(settlement.settlementDate),
        ].join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {settlement.contracts.map((c) => c.displayContractId).join(', ')}
      </Typography>
    </Box>
  );
}
