import { Alert, Box, Typography } from '@mui/material';
import {
  formatMoney,
  formatNumber,
  formatStorePrice,
  type CurrencyCode,
  type FeedEfficiencyResult,
  type FeedWeightUnit,
} from '@granary/domain';
import { T } from '../../../lib/i18n/t';
import { Figure } from './info-frame';

/** The calculator's answer: feed conversion, days on feed, feed used, feed cost per head and cost of gain. */
export function FeedEfficiencyResults({
  unit,
  currency,
  result: r,
}: {
  unit: FeedWeightUnit;
  currency: CurrencyCode;
  /** Null while a figure is wrong: the page asks for it to be fixed. */
  result: FeedEfficiencyResult | null;
}) {
  const money = (amount: string) => formatStorePrice(amount, currency);
  const unitWord = unit;
  return (
    <Box component="section" aria-labelledby="feed-results" aria-live="polite">
      <Typography id="feed-results" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <T id="storePages.feed.results" />
      </Typography>
      {r ? (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              md: 'repeat(2, minmax(0, 1fr))',
            },
          }}
        >
          <Figure
            testId="fcr"
            label={<T id="storePages.feed.fcr" />}
            value={
              <T
                id="storePages.feed.fcrValue"
                values={{
                  value: formatNumber(r.feedConversionRatio, { maxFractionDigits: 2, minFractionDigits: 2 }),
                }}
              />
            }
            note={<T id="storePages.feed.fcrHelp" values={{ unit: unitWord }} />}
          />
          <Figure
            testId="days"
            label={<T id="storePages.feed.daysOnFeed" />}
            value={
              <T
                id="storePages.feed.daysValue"
                values={{ value: formatNumber(r.daysOnFeed, { maxFractionDigits: 1 }) }}
              />
            }
            note={
              <T
                id="storePages.feed.gainPerHead"
                values={{ value: formatNumber(r.gainPerHead, { maxFractionDigits: 1 }), unit: unitWord }}
              />
            }
          />
          <Figure
            testId="total-feed"
            label={<T id="storePages.feed.totalFeed" />}
            value={
              <T
                id={`storePages.feed.tons.${unit}`}
                values={{ value: formatNumber(r.totalFeedTons, { maxFractionDigits: 2 }) }}
              />
            }
            note={
              <T
                id="storePages.feed.feedPerHead"
                values={{ value: formatNumber(r.feedPerHead, { maxFractionDigits: 0 }), unit: unitWord }}
              />
            }
          />
          <Figure
            testId="cost-per-head"
            label={<T id="storePages.feed.feedCostPerHead" />}
            value={money(r.feedCostPerHead)}
            note={<T id="storePages.feed.totalFeedCost" values={{ value: money(r.totalFeedCost) }} />}
          />
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto', md: '1 / -1' } }}>
            <Figure
              testId="cost-of-gain"
              label={<T id="storePages.feed.costOfGain" />}
              value={
                <T
                  id="storePages.feed.costOfGainValue"
                  values={{
                    value: formatMoney(r.costOfGain, { currency, minFractionDigits: 2, maxFractionDigits: 3 }),
                    unit: unitWord,
                  }}
                />
              }
            />
          </Box>
        </Box>
      ) : (
        <Alert severity="info">
          <T id="storePages.feed.fixErrors" />
        </Alert>
      )}
    </Box>
  );
}
