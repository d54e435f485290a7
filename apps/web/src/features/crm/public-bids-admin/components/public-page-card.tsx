import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import { MARKET_PAGE_FEATURES, type MarketPageFeature, type MarketPageSettings } from '@granary/domain';
import { Alert, Box, Button, Divider, FormControlLabel, FormHelperText, Switch, Typography } from '@mui/material';
import { usePartner } from '../../../../lib/brand/partner-context';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { useSaveMarketInfo } from '../api/market-info';
import { Section, useDraft, useSaveToasts } from './section';

const FEATURE_LABEL = Object.fromEntries(
  MARKET_PAGE_FEATURES.map((f) => [f, `crm.publicAdmin.feature.${f}`]),
) as Record<MarketPageFeature, MessageId>;

/**
 * The 'Public page' card: a toggle per market-level feature (those the partner does not offer greyed out), the
 * published switch and a link to the public page (/market/<slug>).
 */
export function PublicPageCard({ info }: { info: MarketPageSettings }) {
  const t = useT();
  const partner = usePartner();
  const save = useSaveMarketInfo(info.marketId);
  const toasts = useSaveToasts();
  // One draft per field: after a 412 what was changed is kept and the rest shows what is saved now.
  const features = useDraft(info.features);
  const published = useDraft(info.published);
  const offered = new Set(info.offeredFeatures);

  const toggle = (feature: MarketPageFeature, on: boolean) =>
    features.update((current) => (on ? [...current, feature] : current.filter((f) => f !== feature)));
  const onSave = () => {
    const patch = {
      ...(features.dirty ? { features: features.draft.filter((f) => offered.has(f)) } : {}),
      ...(published.dirty ? { published: published.draft } : {}),
    };
    if (Object.keys(patch).length === 0) return toasts.saved('crm.publicAdmin.page.saved');
    save.mutate(
      { patch, version: info.version },
      {
        onSuccess: (saved) => {
          features.reset(saved.features);
          published.reset(saved.published);
          toasts.saved('crm.publicAdmin.page.saved');
        },
        onError: toasts.failed,
      },
    );
  };

  return (
    <Section
      title={t('crm.publicAdmin.page.title')}
      subtitle={<T id="crm.publicAdmin.page.subtitle" />}
      action={
        <Button
          href={`/market/${encodeURIComponent(info.slug)}`}
          target="_blank"
          rel="noopener"
          variant="outlined"
          size="small"
          endIcon={<OpenInNewRoundedIcon fontSize="small" />}
        >
          <T id="crm.publicAdmin.page.view" />
        </Button>
      }
      dirty={features.dirty || published.dirty}
      saving={save.isPending}
      onSave={onSave}
    >
      {info.version === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <T id="crm.publicAdmin.page.neverSaved" />
        </Alert>
      ) : null}
      <FormControlLabel
        control={<Switch checked={published.draft} onChange={(event) => published.update(event.target.checked)} />}
        label={<T id="crm.publicAdmin.page.published" />}
      />
      <FormHelperText sx={{ mt: -0.5, mb: 1.5 }}>
        <T id="crm.publicAdmin.page.published.help" />
      </FormHelperText>
      <Divider sx={{ mb: 1.5 }} />
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        <T id="crm.publicAdmin.page.features" />
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {MARKET_PAGE_FEATURES.map((feature) => {
          const isOffered = offered.has(feature);
          return (
            <Box key={feature}>
              <FormControlLabel
                disabled={!isOffered}
                control={
                  <Switch
                    checked={isOffered && features.draft.includes(feature)}
                    onChange={(event) => toggle(feature, event.target.checked)}
                  />
                }
                label={<T id={FEATURE_LABEL[feature]} />}
              />
              {!isOffered ? (
                <FormHelperText sx={{ mt: -0.75, ml: 6 }}>
                  <T id="crm.publicAdmin.page.notOffered" values={{ brand: partner.branding.shortName }} />
                </FormHelperText>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
