import {
  Box,
  FormControlLabel,
  Link,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatStorePrice,
  type CurrencyCode,
  type FeedEfficiencyField,
  type FeedProductList,
  type FeedWeightUnit,
} from '@granary/domain';
import { Link as RouterLink } from 'react-router';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useStoreLocale } from '../components/use-store-locale';
import { NumberField } from './number-field';
import type { FeedCalculator, FeedValues } from './use-feed-calculator';

const FIELDS: { field: FeedEfficiencyField; label: MessageId; whole?: boolean; max?: number }[] = [
  { field: 'headCount', label: 'storePages.feed.headCount', whole: true },
  { field: 'startWeight', label: 'storePages.feed.startWeight' },
  { field: 'targetWeight', label: 'storePages.feed.targetWeight' },
  { field: 'averageDailyGain', label: 'storePages.feed.averageDailyGain' },
  { field: 'dryMatterIntake', label: 'storePages.feed.dryMatterIntake' },
  { field: 'dryMatterPercent', label: 'storePages.feed.dryMatterPercent', max: 100 },
];

/** The calculator's inputs: the pen's figures, then the feed's price, typed or taken from a feed product's pack. */
export function FeedEfficiencyInputs({
  unit,
  currency,
  feed,
  calc,
}: {
  unit: FeedWeightUnit;
  currency: CurrencyCode;
  feed: FeedProductList | undefined;
  calc: FeedCalculator;
}) {
  const t = useT();
  const { href } = useStoreLocale();
  const { values, set, errorOf, source, setSource, pick, setPick, options, chosen, choose } = calc;
  const ton = t(`storePages.feed.ton.${unit}`);
  const money = (amount: string) => formatStorePrice(amount, currency);
  const unitWord = unit;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="feed-inputs" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="feed-inputs" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <T id="storePages.feed.inputs" />
      </Typography>
      <Stack spacing={2}>
        {FIELDS.map(({ field, label, whole, max }) => (
          <NumberField
            key={field}
            label={t(label, { unit: unitWord })}
            value={values[field as keyof FeedValues] ?? ''}
            onValueChange={set(field as keyof FeedValues)}
            errorText={errorOf(field)}
            numberOptions={{
              min: 0,
              ...(max !== undefined ? { max } : {}),
              maxDigits: whole ? 7 : 10,
              collapseLeadingZeros: true,
            }}
            helperText={field === 'dryMatterPercent' ? t('storePages.feed.dryMatterHelp') : undefined}
            fullWidth
            size="small"
          />
        ))}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
            <T id="storePages.feed.priceSource" />
          </Typography>
          <RadioGroup row value={source} onChange={(e) => setSource(e.target.value as 'manual' | 'pick')}>
            <FormControlLabel
              value="manual"
              control={<Radio size="small" />}
              label={t('storePages.feed.priceSource.manual')}
            />
            <FormControlLabel
              value="pick"
              control={<Radio size="small" />}
              label={t('storePages.feed.priceSource.pick')}
              disabled={options.length === 0}
            />
          </RadioGroup>
        </Box>
        {source === 'pick' ? (
          <TextField
            select
            label={t('storePages.feed.product')}
            value={pick}
            onChange={(e) => choose(e.target.value)}
            size="small"
            fullWidth
          >
            {options.map((o) => (
              <MenuItem key={o.key} value={o.key} sx={{ whiteSpace: 'normal' }}>
                {t('storePages.feed.productOption', {
                  name: o.product.name,
                  pack: o.pack.label,
                  price: money(o.pack.costPerTon ?? '0'),
                  ton,
                })}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        {source === 'pick' && chosen ? (
          <Typography variant="body2" color="text.secondary">
            <T
              id="storePages.feed.productHint"
              values={{ ton, price: money(chosen.pack.amount), pack: chosen.pack.label }}
            />{' '}
            <Link component={RouterLink} to={href(`/direct/product/${chosen.product.slug}`)}>
              <T id="storePages.feed.viewProduct" />
            </Link>
          </Typography>
        ) : null}
        <NumberField
          label={t('storePages.feed.costPerTon', { ton })}
          value={values.costPerTon}
          onValueChange={(v) => {
            set('costPerTon')(v);
            setPick('');
          }}
          errorText={errorOf('costPerTon')}
          numberOptions={{ min: 0, maxDigits: 10, collapseLeadingZeros: true }}
          disabled={source === 'pick' && chosen !== null}
          fullWidth
          size="small"
        />
        {options.length === 0 && feed ? (
          <Typography variant="body2" color="text.secondary">
            <T id="storePages.feed.noProducts" />
          </Typography>
        ) : null}
      </Stack>
    </Paper>
  );
}
