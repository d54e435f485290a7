import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import { cropById, FILTERABLE_CROPS, type ClientProfile, type Crop, type CrmMarketRow } from '@granary/domain';
import { Box, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { T, useT } from '../../../../lib/i18n/t';
import { MarketSelector } from '../../components/market-selector';
import type { ProfileFormat } from '../profile-format';

/** Crops the picker offers: the filterable ones (section 9), plus the profile's own crop when it is another. */
function cropChoices(profile: ClientProfile): Crop[] {
  const own = cropById(profile.crop.id);
  const list = [...FILTERABLE_CROPS];
  if (own && !list.some((crop) => crop.id === own.id)) list.push(own);
  return list;
}

function yearChoices(profile: ClientProfile): number[] {
  const now = new Date().getFullYear();
  const years = new Set<number>([now + 1, now, now - 1, now - 2, now - 3, profile.cropYear]);
  if (profile.defaultCropYear) years.add(profile.defaultCropYear);
  return [...years].sort((a, b) => b - a);
}

function Stat({ label, value, tone, icon }: { label: string; value: string; tone?: 'warning'; icon?: ReactNode }) {
  return (
    <Box
      sx={(theme) => ({
        p: 1.5,
        borderRadius: 2,
        bgcolor: tone === 'warning' ? alpha(theme.palette.warning.main, 0.12) : 'action.hover',
        minWidth: 0,
      })}
    >
      <Typography
        component="dt"
        variant="body2"
        color="text.secondary"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
      >
        {icon}
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{
          m: 0,
          mt: 0.25,
          fontWeight: 700,
          fontSize: { xs: '1.05rem', sm: '1.2rem' },
          fontVariantNumeric: 'tabular-nums',
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** The crop and year pickers: the URL's commodity (or cropId) and crop_year, kept together. */
function CropYearPickers({ profile }: { profile: ClientProfile }) {
  const t = useT();
  const [, setParams] = useSearchParams();

  const pickCrop = (cropId: number) => {
    const crop = cropById(cropId);
    if (!crop) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (crop.symbol) {
        next.set('commodity', crop.symbol);
        next.delete('cropId');
      } else {
        next.set('cropId', String(crop.id));
        next.delete('commodity');
      }
      next.set('crop_year', String(profile.cropYear));
      return next;
    });
  };
  const pickYear = (year: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (!next.get('commodity') && !next.get('cropId')) {
        if (profile.crop.commodity) next.set('commodity', profile.crop.commodity);
        else next.set('cropId', String(profile.crop.id));
      }
      next.set('crop_year', String(year));
      return next;
    });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 3fr) minmax(0, 2fr)', md: '180px 130px' },
      }}
    >
      <TextField
        select
        size="small"
        label={t('crm.client.crop')}
        value={profile.crop.id}
        onChange={(event) => pickCrop(Number(event.target.value))}
      >
        {cropChoices(profile).map((crop) => (
          <MenuItem key={crop.id} value={crop.id}>
            {crop.displayName}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('crm.client.year')}
        value={profile.cropYear}
        onChange={(event) => pickYear(Number(event.target.value))}
      >
        {yearChoices(profile).map((year) => (
          <MenuItem key={year} value={year}>
            {year}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/**
 * The crop and year shown (and the market, when there are several), and what the client has contracted for them:
 * with the company, with others, double obligation (a warning when there is any), remaining and estimated production.
 */
export function ContractedSummary({
  profile,
  market,
  markets,
  onSelectMarket,
  format,
  cropLabel,
  refreshing,
}: {
  profile: ClientProfile;
  market: CrmMarketRow;
  markets: CrmMarketRow[];
  onSelectMarket: (id: number) => void;
  format: ProfileFormat;
  cropLabel: string;
  refreshing: boolean;
}) {
  const t = useT();
  const contracted = profile.summary.contracted;
  const doubleObligation = Number(contracted.doubleObligation ?? 0) > 0;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <CropYearPickers profile={profile} />
        {markets.length > 1 ? (
          <MarketSelector markets={markets} marketId={market.id} onChange={onSelectMarket} />
        ) : null}
      </Stack>

      <Box
        component="dl"
        aria-label={t('crm.client.contracted.title', { crop: cropLabel })}
        aria-busy={refreshing}
        sx={{
          m: 0,
          mt: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            lg: 'repeat(5, minmax(0, 1fr))',
          },
          '& > :last-child': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
          opacity: refreshing ? 0.6 : 1,
          transition: 'opacity 120ms',
        }}
      >
        <Stat label={t('crm.client.contracted.withCompany')} value={format.quantity(contracted.withCompany)} />
        <Stat label={t('crm.client.contracted.withOther')} value={format.quantity(contracted.withOther)} />
        <Stat
          label={t('crm.client.contracted.doubleObligation')}
          value={format.quantity(contracted.doubleObligation) || t('crm.clients.none')}
          tone={doubleObligation ? 'warning' : undefined}
          icon={doubleObligation ? <WarningAmberRoundedIcon fontSize="small" /> : undefined}
        />
        <Stat
          label={t('crm.client.contracted.remaining')}
          value={format.quantity(contracted.remaining) || t('crm.clients.none')}
        />
        <Stat
          label={t('crm.client.contracted.estimatedProduction')}
          value={format.quantity(contracted.estimatedProduction) || t('crm.clients.none')}
        />
      </Box>
      {contracted.estimatedProduction === null ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          <T id="crm.client.contracted.needsFarm" />
        </Typography>
      ) : null}
    </Paper>
  );
}
