import type { Structure } from '@granary/domain';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { T, useT } from '../../../lib/i18n/t';
import { PageSpinner } from '../../../lib/ui/page-spinner';
import { CrmErrorState } from '../components/crm-page-frame';
import { useStructure } from './api/structures-api';
import { CurrentFutures, symbolOf, useLiveFutures } from './current-futures';
import { PricingFields } from './pricing-fields';
import { blankPricingForm, exchangeToday, formOfStructure, pricingFormSchema } from './pricing-form';
import type { StructuresTabProps } from './structures-tabs';
import { TradeDialog } from './trade-dialog';
import { useEngineCalls, useQuoteWrites } from './use-pricing-actions';
import { ValuationPanel } from './valuation-panel';
import { ZeroTable } from './zero-table';

/**
 * The pricing tool (issue 18): the form of the accumulator family and the plain structures, the current futures of the
 * chosen month live from the feed, and the engine's answers — Price (the valuation), the zero-cost accumulation level
 * or knock-out put in its field, the zero table (knock-outs × period ends; a cell fills the form) — then Save quote and
 * Trade for a structures-admin. A saved quote opens here from the Saved quotes tab (`quote` in the URL) and saves in
 * place (If-Match its version). A refusal naming a field shows on the field.
 */
export function PricingToolTab({ market, canWrite }: StructuresTabProps) {
  const [params] = useSearchParams();
  const raw = params.get('quote');
  const quoteId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  // The quote the form on screen saved itself (Save quote, or Trade saving first): the form stays as it is — its
  // valuation, the trade dialog Trade opens — rather than being replaced by the quote read again.
  const [own, setOwn] = useState<{ id: number; key: string } | null>(null);
  const mine = own !== null && quoteId === own.id;
  const loaded = useStructure(mine ? null : quoteId);
  if (!mine && quoteId !== null && loaded.error)
    return <CrmErrorState error={loaded.error} onRetry={() => void loaded.refetch()} />;
  if (!mine && quoteId !== null && !loaded.data) return <PageSpinner />;
  const quote = !mine && loaded.data && loaded.data.status === 'quote' ? loaded.data : null;
  const key = mine ? own.key : String(quote?.id ?? 'new');
  return (
    <PricingTool
      key={key}
      marketId={market.id}
      initial={quote}
      canWrite={canWrite}
      onSaved={(id) => setOwn({ id, key })}
    />
  );
}

function PricingTool({
  marketId,
  initial,
  canWrite,
  onSaved,
}: {
  marketId: number;
  initial: Structure | null;
  canWrite: boolean;
  onSaved: (id: number) => void;
}) {
  const t = useT();
  const [today] = useState(() => exchangeToday());
  const form = useZodForm(pricingFormSchema, {
    defaultValues: initial ? formOfStructure(initial) : blankPricingForm(today),
  });
  const [cropId, optionMonth, kind] = useWatch({ control: form.control, name: ['cropId', 'optionMonth', 'kind'] });
  const futures = useLiveFutures(symbolOf(cropId, optionMonth));
  const futuresNow = futures.quote ? Number(futures.quote.last) : null;
  const engine = useEngineCalls(form, futuresNow, [cropId, optionMonth, kind]);
  const writes = useQuoteWrites(form, marketId, initial, engine.withInput, onSaved);
  const { busy, result, notice, failure, table } = engine;
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void engine.price();
        }}
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {writes.saved ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('structures.pricing.editing', { id: writes.saved.id, client: writes.saved.clientName })}
            </Typography>
          ) : null}
          <PricingFields
            marketId={marketId}
            today={today}
            solving={busy === 'accumulationLevel' || busy === 'knockOut' ? busy : null}
            onSolve={(field) => void engine.solve(field)}
          />
        </Paper>
        <Stack spacing={2} sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
          <CurrentFutures cropId={cropId} optionMonth={optionMonth} futures={futures} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button type="submit" variant="contained" disabled={busy !== null}>
                <T id={busy === 'price' ? 'structures.pricing.pricing' : 'structures.pricing.price'} />
              </Button>
              {kind === 'accumulator' ? (
                <Button
                  variant="outlined"
                  disabled={busy !== null || futuresNow === null}
                  onClick={() => void engine.zeroTable()}
                >
                  <T id={busy === 'table' ? 'structures.pricing.tableBusy' : 'structures.pricing.table'} />
                </Button>
              ) : null}
              {canWrite ? (
                <>
                  <Button variant="outlined" disabled={busy !== null} onClick={() => void writes.onSave()}>
                    <T id={busy === 'save' ? 'structures.pricing.saving' : 'structures.pricing.save'} />
                  </Button>
                  <Button
                    variant="outlined"
                    color="secondary"
                    disabled={busy !== null}
                    onClick={() => void writes.onTrade()}
                  >
                    <T id="structures.pricing.trade" />
                  </Button>
                </>
              ) : null}
            </Box>
            {!canWrite ? (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                <T id="structures.pricing.readOnly" />
              </Typography>
            ) : null}
          </Paper>
          {failure ? <CrmErrorState error={failure} /> : null}
          {notice ? <Alert severity="warning">{notice}</Alert> : null}
          {result ? <ValuationPanel valuation={result.valuation} title={<T id={result.title} />} /> : null}
        </Stack>
        {table ? (
          <Box sx={{ gridColumn: { md: '1 / -1' }, minWidth: 0 }}>
            <ZeroTable table={table} onPick={engine.pick} />
          </Box>
        ) : null}
      </Box>
      {writes.trading ? (
        <TradeDialog
          quote={writes.trading}
          busy={writes.trade.isPending}
          error={writes.trade.error}
          onTrade={(confirmation) => void writes.confirmTrade(confirmation)}
          onClose={writes.closeTrade}
        />
      ) : null}
    </FormProvider>
  );
}
