import {
  Alert,
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
  computeFeedEfficiency,
  feedWeightUnit,
  formatMoney,
  formatNumber,
  formatStorePrice,
  type CurrencyCode,
  type FeedEfficiencyField,
  type FeedEfficiencyInput,
  type FeedProductList,
  type FeedWeightUnit,
  type StoreRegion,
} from '@granary/domain';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../lib/api/api-error';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useStoreRegion } from '../components/use-store-region';
import { useFeedProducts } from './api';
import { Figure, InfoHeading } from './info-frame';
import { NumberField } from './number-field';

const CURRENCY_OF: { readonly [R in StoreRegion]: CurrencyCode } = { US: 'USD', CA: 'CAD', AU: 'AUD', QC: 'CAD' };

type Values = Omit<FeedEfficiencyInput, 'unit'> & { dryMatterPercent: string };

/** Starting figures: a pen of yearling steers (pounds) or the same in kilograms. */
const DEFAULTS: { readonly [U in FeedWeightUnit]: Values } = {
  lb: {
    headCount: '100',
    startWeight: '750',
    targetWeight: '1350',
    averageDailyGain: '3.5',
    dryMatterIntake: '24',
    costPerTon: '240',
    dryMatterPercent: '100',
  },
  kg: {
    headCount: '100',
    startWeight: '340',
    targetWeight: '610',
    averageDailyGain: '1.6',
    dryMatterIntake: '11',
    costPerTon: '265',
    dryMatterPercent: '100',
  },
};

const FIELDS: { field: FeedEfficiencyField; label: MessageId; whole?: boolean; max?: number }[] = [
  { field: 'headCount', label: 'storePages.feed.headCount', whole: true },
  { field: 'startWeight', label: 'storePages.feed.startWeight' },
  { field: 'targetWeight', label: 'storePages.feed.targetWeight' },
  { field: 'averageDailyGain', label: 'storePages.feed.averageDailyGain' },
  { field: 'dryMatterIntake', label: 'storePages.feed.dryMatterIntake' },
  { field: 'dryMatterPercent', label: 'storePages.feed.dryMatterPercent', max: 100 },
];

function Calculator({
  unit,
  currency,
  feed,
}: {
  unit: FeedWeightUnit;
  currency: CurrencyCode;
  feed: FeedProductList | undefined;
}) {
  const t = useT();
  const { href } = useStoreLocale();
  const [values, setValues] = useState<Values>(DEFAULTS[unit]);
  const [source, setSource] = useState<'manual' | 'pick'>('manual');
  const [pick, setPick] = useState('');
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const outcome = useMemo(() => computeFeedEfficiency({ unit, ...values }), [unit, values]);
  const errorOf = (field: FeedEfficiencyField): string | null => {
    if (outcome.ok) return null;
    const error = outcome.errors.find((e) => e.field === field);
    return error ? t(`storePages.feed.error.${error.code}` as MessageId) : null;
  };
  const ton = t(`storePages.feed.ton.${unit}`);
  const options = (feed?.products ?? []).flatMap((p) =>
    p.packs
      .filter((pack) => pack.costPerTon !== null)
      .map((pack) => ({ key: `${p.slug}|${pack.id}`, product: p, pack })),
  );
  const chosen = options.find((o) => o.key === pick) ?? null;
  const choose = (key: string) => {
    setPick(key);
    const option = options.find((o) => o.key === key);
    if (option?.pack.costPerTon) set('costPerTon')(option.pack.costPerTon);
  };
  const r = outcome.ok ? outcome.result : null;
  const money = (amount: string) => formatStorePrice(amount, currency);
  const unitWord = unit;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" component="section" aria-labelledby="feed-inputs" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="feed-inputs" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          <T id="storePages.feed.inputs" />
        </Typography>
        <Stack spacing={2}>
          {FIELDS.map(({ field, label, whole, max }) => (
            <NumberField
              key={field}
              label={t(label, { unit: unitWord })}
              value={values[field as keyof Values] ?? ''}
              onValueChange={set(field as keyof Values)}
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
    </Box>
  );
}

/** /direct/feed/feed-efficiency: the feed-efficiency calculator for cattle (pounds in the US, kilograms elsewhere). */
export function FeedEfficiencyPage() {
  const t = useT();
  const partner = usePartner();
  const { locale } = useStoreLocale();
  const region = useStoreRegion();
  const feed = useFeedProducts(locale);
  useDocumentTitle([t('storePages.feed.title'), partner.displayName]);
  const unit = feed.data?.unit ?? feedWeightUnit(region);
  const currency = (feed.data?.currency as CurrencyCode | undefined) ?? CURRENCY_OF[region];
  const regionOff = feed.error instanceof ApiError && feed.error.status === 404;
  return (
    <StorePage>
      {regionOff ? (
        <StoreQueryState error={feed.error} isPending={false} onRetry={() => void feed.refetch()} />
      ) : (
        <>
          <StoreBreadcrumbs
            trail={[{ to: '/direct/feed', label: t('storePages.feed.breadcrumb') }]}
            current={t('storePages.feed.title')}
          />
          <InfoHeading title={<T id="storePages.feed.title" />} intro={<T id="storePages.feed.intro" />} />
          <Calculator key={unit} unit={unit} currency={currency} feed={feed.data} />
        </>
      )}
    </StorePage>
  );
}
