import { toDecimal, type EligibleSettlement } from '@granary/domain';
import { Box, Button, Checkbox, Paper, Stack, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { useDates } from '../../../lib/i18n/use-dates';
import { MslEmpty, MslError, MslLoading } from '../components/msl-states';
import { useEligibleSettlements, useEligibleSummaries, useRequestPayment } from './payments-api';
import { RequestPaymentDialog } from './request-dialog';
import { useMoney } from './use-money';

function SettlementRow({ s, checked, onToggle }: { s: EligibleSettlement; checked: boolean; onToggle: () => void }) {
  const t = useT();
  const dates = useDates();
  const money = useMoney();
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.5,
        px: { xs: 1, sm: 2 },
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Checkbox
        checked={checked}
        onChange={onToggle}
        disabled={!s.eligible}
        slotProps={{ input: { 'aria-label': t('payments.msl.select', { number: s.settlementNumber }) } }}
      />
      <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {t('payments.msl.settlement', { number: s.settlementNumber })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {s.crop} {s.cropYear} · {s.contracts.map((c) => c.displayContractId).join(', ')} · {s.market}
        </Typography>
        <Typography variant="caption" color={s.eligible ? 'text.secondary' : 'warning.dark'}>
          {s.eligible
            ? t('payments.msl.settled', { day: dates.day(s.settlementDate) })
            : t('payments.msl.creditSale', { day: dates.day(s.payableOn) })}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {money(s.amount)}
      </Typography>
    </Box>
  );
}

function Summaries() {
  const t = useT();
  const money = useMoney();
  const sums = useEligibleSummaries();
  const rows = sums.data?.summaries ?? [];
  if (rows.length === 0) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
        gap: 1.5,
      }}
    >
      {rows.map((r) => (
        <Paper key={`${r.cropId}-${r.cropYear}`} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle2">{t('payments.msl.summary', { crop: r.crop, year: r.cropYear })}</Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              <T id="payments.msl.summary.ready" />
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {money(r.eligibleAmount)}
            </Typography>
          </Stack>
          {r.deferredCount > 0 ? (
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2" color="text.secondary">
                <T id="payments.msl.summary.waiting" />
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {money(r.deferredAmount)}
              </Typography>
            </Stack>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}

/** Ready to be paid: the final settlements not yet requested, chosen with checkboxes, and Request payment. */
export function EligibleSection({ onRequested }: { onRequested: () => void }) {
  const t = useT();
  const money = useMoney();
  const eligible = useEligibleSettlements();
  const requestPayment = useRequestPayment();
  const [chosenIds, setChosenIds] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const rows = useMemo(() => eligible.data?.settlements ?? [], [eligible.data]);
  const chosen = rows.filter((s) => chosenIds.includes(s.settlementId) && s.eligible);
  const total = chosen.reduce((sum, s) => sum.plus(toDecimal(s.amount)), toDecimal('0')).toFixed(2);

  const toggle = (id: number) => setChosenIds((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id]));

  let body;
  if (eligible.error && !eligible.data)
    body = <MslError error={eligible.error} onRetry={() => void eligible.refetch()} />;
  else if (!eligible.data) body = <MslLoading count={2} height={72} />;
  else if (rows.length === 0)
    body = (
      <MslEmpty
        title={<T id="payments.msl.eligible.empty.title" />}
        body={<T id="payments.msl.eligible.empty.body" />}
      />
    );
  else
    body = (
      <Paper variant="outlined">
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((s) => (
            <SettlementRow
              key={s.settlementId}
              s={s}
              checked={chosenIds.includes(s.settlementId)}
              onToggle={() => toggle(s.settlementId)}
            />
          ))}
        </Box>
      </Paper>
    );

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="msl-pay-eligible">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <Typography id="msl-pay-eligible" variant="h2" component="h2" sx={{ fontSize: '1.15rem' }}>
            <T id="payments.msl.eligible.title" />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <T id="payments.msl.eligible.help" />
          </Typography>
        </Box>
        <Button
          variant="contained"
          disabled={chosen.length === 0}
          onClick={() => {
            requestPayment.reset();
            setConfirming(true);
          }}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, whiteSpace: 'nowrap' }}
        >
          {chosen.length > 0
            ? `${t('payments.msl.requestCount', { count: chosen.length })} · ${money(total)}`
            : t('payments.msl.request')}
        </Button>
      </Stack>
      <Summaries />
      {body}
      {confirming ? (
        <RequestPaymentDialog
          chosen={chosen}
          total={total}
          busy={requestPayment.isPending}
          error={requestPayment.error}
          onClose={() => setConfirming(false)}
          onSubmit={(v) =>
            requestPayment.mutate(
              { settlementIds: chosen.map((s) => s.settlementId), ...v },
              {
                onSuccess: () => {
                  setConfirming(false);
                  setChosenIds([]);
                  onRequested();
                },
              },
            )
          }
        />
      ) : null}
    </Stack>
  );
}
