import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  ACRE_PLAN_DEFAULT_ACRES,
  formatNumber,
  formatStorePrice,
  parseAcres,
  type AcrePlanDetail,
  type CurrencyCode,
} from '@granary/domain';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { usePartner } from '../../../lib/brand/partner-context';
import type { MessageId } from '../../../lib/i18n/messages';
import { T, useT } from '../../../lib/i18n/t';
import { useDocumentTitle } from '../../../lib/ui/document-title';
import { StoreBreadcrumbs, StorePage, StoreQueryState } from '../components/store-frame';
import { useStoreLocale } from '../components/use-store-locale';
import { useAcrePlan, useAcrePlans } from './api';
import { Figure, InfoHeading } from './info-frame';
import { NumberField } from './number-field';

const qty = (value: string) => formatNumber(value, { maxFractionDigits: 2 });

/** /direct/acre-plan: the plans, each with its crop and cost per acre (where the region has acre packs). */
export function AcrePlansPage() {
  const t = useT();
  const partner = usePartner();
  const { locale, href } = useStoreLocale();
  const plans = useAcrePlans(locale);
  useDocumentTitle([t('storePages.acre.title'), partner.displayName]);
  return (
    <StorePage>
      {plans.data ? (
        <>
          <StoreBreadcrumbs trail={[]} current={t('storePages.acre.title')} />
          <InfoHeading title={<T id="storePages.acre.title" />} intro={<T id="storePages.acre.intro" />} />
          <Box
            component="ul"
            aria-label={t('storePages.acre.title')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            {plans.data.plans.map((plan) => (
              <Box component="li" key={plan.slug}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={href(`/direct/acre-plan/${plan.slug}`)}
                    sx={{
                      p: 2.5,
                      height: '100%',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'stretch',
                      justifyContent: 'flex-start',
                    }}
                  >
                    <Chip
                      size="small"
                      label={t(`storePages.acre.crop.${plan.crop}` as MessageId)}
                      sx={{ alignSelf: 'flex-start', mb: 1 }}
                    />
                    <Typography component="h2" sx={{ fontWeight: 700, fontSize: 18 }}>
                      {plan.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, flex: 1 }}>
                      {plan.summary}
                    </Typography>
                    <Stack
                      direction="row"
                      sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}
                    >
                      <Typography sx={{ fontWeight: 800, fontSize: 20 }}>
                        <T
                          id="storePages.acre.perAcre"
                          values={{ price: formatStorePrice(plan.costPerAcre, plan.currency) }}
                        />
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        <T id="storePages.acre.productCount" values={{ count: plan.productCount }} />
                      </Typography>
                    </Stack>
                  </CardActionArea>
                </Card>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
            <T id="storePages.acre.labelNote" />
          </Typography>
        </>
      ) : (
        <StoreQueryState error={plans.error} isPending={plans.isPending} onRetry={() => void plans.refetch()} />
      )}
    </StorePage>
  );
}

function PlanLines({ plan, currency }: { plan: AcrePlanDetail; currency: CurrencyCode }) {
  const t = useT();
  const { href } = useStoreLocale();
  const money = (amount: string) => formatStorePrice(amount, currency);
  return (
    <>
      {/* Wide screens: one table. */}
      <TableContainer component={Paper} variant="outlined" sx={{ display: { xs: 'none', md: 'block' } }}>
        <Table size="small" aria-label={plan.name}>
          <TableHead>
            <TableRow>
              <TableCell>
                <T id="storePages.acre.col.product" />
              </TableCell>
              <TableCell>
                <T id="storePages.acre.col.timing" />
              </TableCell>
              <TableCell align="right">
                <T id="storePages.acre.col.rate" />
              </TableCell>
              <TableCell align="right">
                <T id="storePages.acre.col.quantity" />
              </TableCell>
              <TableCell>
                <T id="storePages.acre.col.packs" />
              </TableCell>
              <TableCell align="right">
                <T id="storePages.acre.col.cost" />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plan.lines.map((line) => (
              <TableRow key={line.product.slug}>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={href(`/direct/product/${line.product.slug}`)}
                    sx={{ fontWeight: 600 }}
                  >
                    {line.product.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {line.product.brand}
                  </Typography>
                </TableCell>
                <TableCell>{t(`storePages.acre.timing.${line.timing}` as MessageId)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('storePages.acre.rate', {
                    rate: formatNumber(line.ratePerAcre, { maxFractionDigits: 4 }),
                    unit: line.unit,
                  })}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('storePages.acre.quantity', { quantity: qty(line.quantity), unit: line.unit })}
                </TableCell>
                <TableCell>
                  {line.packs.map((p) => (
                    <Typography key={p.variantId} variant="body2">
                      {t('storePages.acre.pack', { count: p.count, label: p.label })}
                    </Typography>
                  ))}
                  <Typography variant="caption" color="text.secondary">
                    {t('storePages.acre.bought', { bought: qty(line.bought), unit: line.unit })}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {money(line.cost)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {/* Phones: a card per product. */}
      <Stack
        component="ul"
        spacing={1.5}
        sx={{ display: { xs: 'flex', md: 'none' }, listStyle: 'none', p: 0, m: 0 }}
        aria-label={plan.name}
      >
        {plan.lines.map((line) => (
          <Paper component="li" variant="outlined" key={line.product.slug} sx={{ p: 1.5 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={href(`/direct/product/${line.product.slug}`)} sx={{ fontWeight: 700 }}>
                  {line.product.name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {t(`storePages.acre.timing.${line.timing}` as MessageId)} ·{' '}
                  {t('storePages.acre.rate', {
                    rate: formatNumber(line.ratePerAcre, { maxFractionDigits: 4 }),
                    unit: line.unit,
                  })}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>{money(line.cost)}</Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('storePages.acre.quantity', { quantity: qty(line.quantity), unit: line.unit })}:{' '}
              {line.packs.map((p) => t('storePages.acre.pack', { count: p.count, label: p.label })).join(', ')}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

/** /direct/acre-plan/:slug: one plan for the acres entered (?acres=, 160 by default): quantities, packs and total. */
export function AcrePlanPage() {
  const t = useT();
  const partner = usePartner();
  const { slug = '' } = useParams();
  const { locale } = useStoreLocale();
  const [params, setParams] = useSearchParams();
  const acres = params.get('acres') ?? String(ACRE_PLAN_DEFAULT_ACRES);
  const [typed, setTyped] = useState(acres);
  const [submitted, setSubmitted] = useState(false);
  const parsed = parseAcres(typed);
  const plan = useAcrePlan(slug, acres, locale);
  const data = plan.data;
  useDocumentTitle([data?.name ?? t('storePages.acre.title'), partner.displayName]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.ok) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('acres', parsed.acres);
        return next;
      },
      { replace: true },
    );
  };
  const errorText = parsed.ok ? null : t(`storePages.acre.error.${parsed.code}` as MessageId);
  return (
    <StorePage>
      {data ? (
        <>
          <StoreBreadcrumbs
            trail={[{ to: '/direct/acre-plan', label: t('storePages.acre.title') }]}
            current={data.name}
          />
          <InfoHeading title={data.name} intro={data.summary} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 4fr) minmax(0, 8fr)' },
              alignItems: 'start',
              mb: 3,
            }}
          >
            <Paper component="form" variant="outlined" onSubmit={submit} sx={{ p: 2 }} noValidate>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <NumberField
                  label={t('storePages.acre.acres')}
                  name="acres"
                  value={typed}
                  onValueChange={setTyped}
                  errorText={errorText}
                  forceTouched={submitted}
                  helperText={t('storePages.acre.acresHelp')}
                  numberOptions={{ min: 0, maxDigits: 8, collapseLeadingZeros: true }}
                  size="small"
                  sx={{ flex: 1 }}
                />
                <Button type="submit" variant="contained" sx={{ mt: 0.25, whiteSpace: 'nowrap' }}>
                  <T id="storePages.acre.calculate" />
                </Button>
              </Stack>
            </Paper>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Figure
                testId="acre-total"
                label={
                  <T
                    id="storePages.acre.total"
                    values={{ acres: formatNumber(data.acres, { maxFractionDigits: 2 }) }}
                  />
                }
                value={formatStorePrice(data.total, data.currency)}
                note={
                  <T
                    id="storePages.acre.totalPerAcre"
                    values={{ price: formatStorePrice(data.totalPerAcre, data.currency) }}
                  />
                }
              />
              <Figure
                testId="acre-per-acre"
                label={<T id="storePages.acre.planCost" />}
                value={formatStorePrice(data.costPerAcre, data.currency)}
                note={<T id="storePages.acre.planCostNote" />}
              />
            </Box>
          </Box>
          {plan.error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {(plan.error as Error).message}
            </Alert>
          ) : null}
          <PlanLines plan={data} currency={data.currency} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            <T id="storePages.acre.labelNote" />
          </Typography>
        </>
      ) : (
        <StoreQueryState error={plan.error} isPending={plan.isPending} onRetry={() => void plan.refetch()} />
      )}
    </StorePage>
  );
}
