import { futuresProductForCrop, futuresSymbol, type Quote } from '@granary/domain';
import { Box, Chip, Paper, Skeleton, Typography } from '@mui/material';
import { T, useT } from '../../../lib/i18n/t';
import { useLiveRefresh } from '../../../lib/live/use-live-refresh';
import { cropLabel, optionMonthLabel } from '../../../lib/trading/structure-format';
import { tabularNumsSx } from '../../../lib/ui/numeric-cell';
import { useCrmFormat } from '../components/use-crm-format';
import { useCurrentPrices } from './api/structures-api';

/** The futures symbol of a crop's month ('ZCZ26'), or null when the crop has no futures product or no month is set. */
export function symbolOf(cropId: number, optionMonth: string): string | null {
  const product = futuresProductForCrop(cropId);
  return product && /^\d{4}-\d{2}$/.test(optionMonth) ? futuresSymbol(product.root, optionMonth) : null;
}

/**
 * The structure's futures month as the price feed has it now (`current-price-info`), read again on every quotes event
 * (at most every 1.5 s): what the pricing tool values at. Answers the quote to its caller.
 */
export function useLiveFutures(symbol: string | null): {
  quote: Quote | null;
  live: boolean;
  loading: boolean;
  error: unknown;
} {
  const prices = useCurrentPrices(symbol ? [symbol] : []);
  const state = useLiveRefresh({
    topics: symbol ? ['quotes'] : [],
    refresh: () => void prices.refetch(),
    enabled: symbol !== null,
  });
  const quote = prices.data?.quotes.find((q) => q.symbol === symbol) ?? null;
  return { quote, live: state === 'open', loading: prices.isLoading, error: prices.error };
}

/** The current futures card of the pricing tool: symbol and month, last price, change, time, and whether it is live. */
export function CurrentFutures({
  cropId,
  optionMonth,
  futures,
}: {
  cropId: number;
  optionMonth: string;
  futures: ReturnType<typeof useLiveFutures>;
}) {
  const t = useT();
  const f = useCrmFormat();
  const symbol = symbolOf(cropId, optionMonth);
  const { quote } = futures;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="region" aria-label={t('structures.futures.label')}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          {symbol
            ? t('structures.futures.title', { symbol, crop: cropLabel(cropId), month: optionMonthLabel(optionMonth) })
            : t('structures.futures.noMonth')}
        </Typography>
        {futures.live ? (
          <Chip size="small" color="success" variant="outlined" label={t('structures.futures.live')} />
        ) : null}
      </Box>
      {futures.loading ? (
        <Skeleton width={160} height={40} />
      ) : quote ? (
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mt: 0.5 }}>
          <Typography
            component="p"
            sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2, ...tabularNumsSx }}
            data-testid="current-futures"
          >
            {f.prices.futures(quote.last)}
          </Typography>
          {quote.change !== null ? (
            <Typography
              component="span"
              sx={{
                fontWeight: 600,
                color: quote.change.startsWith('-') ? 'error.main' : 'success.main',
                ...tabularNumsSx,
              }}
            >
              {f.prices.change(quote.change)}
            </Typography>
          ) : null}
          <Typography component="span" variant="caption" color="text.secondary">
            {f.dateTime(quote.quotedAt)}
          </Typography>
        </Box>
      ) : symbol ? (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          <T id="structures.futures.noQuote" />
        </Typography>
      ) : null}
    </Paper>
  );
}
