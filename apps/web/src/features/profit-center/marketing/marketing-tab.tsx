import { CROPS } from '@granary/domain';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../../lib/i18n/t';
import { AlertsSection } from './alerts-section';
import { PlanSection } from './plan-section';

/** The crops a plan is made for: those with futures (the grains the farmer markets by the bushel or tonne). */
const PLAN_CROPS = CROPS.filter((c) => c.symbol !== null);

/**
 * The profit center's marketing tab (issue 17, decision 058): a marketing plan per crop and crop year with its
 * progress, and the user's price alerts. `slug` ('corn-2026') picks the crop and year; otherwise corn this year.
 */
export function MarketingTab({ slug }: { slug?: string | undefined }) {
  const t = useT();
  const thisYear = new Date().getFullYear();
  const m = /^([a-z_]+)-(\d{4})$/.exec(slug ?? '');
  const [crop, setCrop] = useState(m && PLAN_CROPS.some((c) => c.name === m[1]) ? m[1]! : 'corn');
  const [year, setYear] = useState(m ? Number(m[2]) : thisYear);
  const years = [...new Set([thisYear - 1, thisYear, thisYear + 1, thisYear + 2, year])].sort();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5}>
        <TextField
          select
          size="small"
          label={t('pc.marketing.crop')}
          value={crop}
          onChange={(e) => setCrop(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          {PLAN_CROPS.map((c) => (
            <MenuItem key={c.id} value={c.name}>
              {c.displayName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('pc.marketing.year')}
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          sx={{ minWidth: 120 }}
        >
          {years.map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PlanSection crop={crop} year={year} />
      <AlertsSection crop={crop} />
    </Stack>
  );
}
