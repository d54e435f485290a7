import type { Valuation } from '@granary/domain';
import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { T, useT } from '../../../lib/i18n/t';
import { probabilityLabel } from '../../../lib/trading/structure-format';
import { tabularNumsSx } from '../../../lib/ui/numeric-cell';
import { useCrmFormat } from '../components/use-crm-format';

function Figure({ label, value, sub }: { label: ReactNode; value: ReactNode; sub?: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 600, fontSize: '1.05rem', ...tabularNumsSx }}>
        {value}
      </Typography>
      {sub ? (
        <Typography variant="caption" color="text.secondary" component="div" sx={tabularNumsSx}>
          {sub}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * A valuation as the engine answered it (issue 18): the farmer's and the merchandiser's values with their standard
 * errors, the expected priced bushels, the probabilities of knock-out and double-up and the merchandiser's delta;
 * under them what it was valued at (futures, vol, paths, seed, when).
 */
export function ValuationPanel({ valuation, title }: { valuation: Valuation; title?: ReactNode }) {
  const t = useT();
  const f = useCrmFormat();
  const v = valuation;
  const perBushel = (value: string) => t('structures.valuation.perBushel', { price: f.prices.futures(value) });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} aria-label={t('structures.valuation.label')} role="region">
      <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', mb: 2 }}>
        {title ?? <T id="structures.valuation.title" />}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Figure
          label={<T id="structures.valuation.farmerValue" />}
          value={f.money(v.farmerValue)}
          sub={`${perBushel(v.farmerValuePerBushel)} · ${t('structures.valuation.se', { value: f.money(v.standardError) })}`}
        />
        <Figure
          label={<T id="structures.valuation.merchandiserValue" />}
          value={f.money(v.merchandiserValue)}
          sub={`${perBushel(v.merchandiserValuePerBushel)} · ${t('structures.valuation.se', { value: f.money(v.merchandiserStandardError) })}`}
        />
        <Figure
          label={<T id="structures.valuation.expectedBushels" />}
          value={t('structures.bushels', { quantity: f.quantity(v.expectedPricedBushels) })}
          sub={t('structures.valuation.se', { value: f.quantity(v.pricedBushelsStandardError) })}
        />
        <Figure label={<T id="structures.valuation.knockOut" />} value={probabilityLabel(v.knockOutProbability)} />
        <Figure label={<T id="structures.valuation.doubleUp" />} value={probabilityLabel(v.doubleUpProbability)} />
        <Figure
          label={<T id="structures.valuation.delta" />}
          value={v.delta === null ? '—' : t('structures.bushels', { quantity: f.quantity(v.delta) })}
          sub={
            v.deltaStandardError === null
              ? undefined
              : t('structures.valuation.se', { value: f.quantity(v.deltaStandardError) })
          }
        />
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ mt: 2, ...tabularNumsSx, whiteSpace: 'normal' }}
      >
        {t('structures.valuation.basis', {
          futures: f.prices.futures(v.futures),
          symbol: v.futuresSymbol ?? '',
          vol: probabilityLabel(v.vol),
          paths: f.quantity(v.paths),
          seed: v.seed,
          ms: f.quantity(v.elapsedMs),
          at: f.dateTime(v.valuedAt),
        })}
      </Typography>
    </Paper>
  );
}
