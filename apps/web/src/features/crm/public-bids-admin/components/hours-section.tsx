import { dayHoursProblem, type DayHours, type MarketHoursResponse } from '@granary/domain';
import { Alert, Box, Chip, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { useSaveMarketHours } from '../api/market-hours';
import { Section, useDraft, useSaveToasts } from './section';

const PROBLEM: Record<'times_required' | 'closes_before_opens', MessageId> = {
  times_required: 'crm.publicAdmin.hours.timesRequired',
  closes_before_opens: 'crm.publicAdmin.hours.closesBeforeOpens',
};
const weekdayId = (day: number) => `crm.publicAdmin.weekday.${day}` as MessageId;
type DayHoursProblem = ReturnType<typeof dayHoursProblem>;

/** The full width of a row, below the day's name (the closed line, a problem with the times). */
const BELOW_DAY = { xs: '1 / -1', sm: '2 / -1', md: '1 / -1', lg: '2 / -1' } as const;

/** An opening or closing time, in steps of 5 minutes; cleared, it is null. */
function TimeField({
  area,
  label,
  ariaLabel,
  value,
  onChange,
  error,
}: {
  area: 'from' | 'to';
  label: string;
  ariaLabel: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error: boolean;
}) {
  return (
    <TextField
      sx={{ gridArea: area }}
      type="time"
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      error={error}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300, 'aria-label': ariaLabel } }}
    />
  );
}

/** One weekday: open or closed, and while open its opening and closing times, with what is wrong with them once tried. */
function DayHoursRow({
  day,
  last,
  problem,
  onChange,
}: {
  day: DayHours;
  last: boolean;
  problem: DayHoursProblem;
  onChange: (patch: Partial<DayHours>) => void;
}) {
  const t = useT();
  const name = t(weekdayId(day.dayOfWeek));
  return (
    <Box
      role="listitem"
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr) minmax(0, 1fr)',
          sm: '9.5rem minmax(0, 1fr) minmax(0, 1fr)',
          md: 'minmax(0, 1fr) minmax(0, 1fr)',
          lg: '9.5rem minmax(0, 1fr) minmax(0, 1fr)',
        },
        gridTemplateAreas: {
          xs: '"day day" "from to"',
          sm: '"day from to"',
          md: '"day day" "from to"',
          lg: '"day from to"',
        },
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        py: 1,
        minHeight: 56,
        borderBottom: last ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <FormControlLabel
        sx={{ gridArea: 'day', mr: 0, minWidth: 0 }}
        control={
          <Switch
            size="small"
            checked={!day.closed}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? { closed: false, opensAt: day.opensAt ?? '07:00', closesAt: day.closesAt ?? '17:00' }
                  : { closed: true },
              )
            }
            slotProps={{ input: { 'aria-label': t('crm.publicAdmin.hours.openOn', { day: name }) } }}
          />
        }
        label={<Typography sx={{ fontWeight: 600 }}>{name}</Typography>}
      />
      {day.closed ? (
        <Typography color="text.secondary" sx={{ gridColumn: BELOW_DAY }}>
          <T id="crm.publicAdmin.hours.closed" />
        </Typography>
      ) : (
        <>
          <TimeField
            area="from"
            label={t('crm.publicAdmin.hours.opens')}
            ariaLabel={t('crm.publicAdmin.hours.opensAt', { day: name })}
            value={day.opensAt}
            onChange={(opensAt) => onChange({ opensAt })}
            error={problem === 'times_required' && !day.opensAt}
          />
          <TimeField
            area="to"
            label={t('crm.publicAdmin.hours.closes')}
            ariaLabel={t('crm.publicAdmin.hours.closesAt', { day: name })}
            value={day.closesAt}
            onChange={(closesAt) => onChange({ closesAt })}
            error={problem !== null}
          />
          {problem ? (
            <Typography variant="caption" color="error" role="alert" sx={{ gridColumn: BELOW_DAY, mt: -0.5 }}>
              {t(PROBLEM[problem])}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}

/** Office hours per weekday (Monday first) in the market's zone: open from–to, or closed. */
export function HoursSection({ hours }: { hours: MarketHoursResponse }) {
  const t = useT();
  const save = useSaveMarketHours(hours.marketId);
  const toasts = useSaveToasts();
  const { draft, dirty, update, reset } = useDraft(hours.days);
  const [tried, setTried] = useState(false);

  const change = (dayOfWeek: number, patch: Partial<DayHours>) =>
    update((days) => days.map((d) => (d.dayOfWeek === dayOfWeek ? { ...d, ...patch } : d)));
  const problems = draft.map((d) => dayHoursProblem(d));

  const onSave = () => {
    setTried(true);
    if (problems.some((p) => p !== null)) return toasts.invalid();
    const days = draft.map((d) => (d.closed ? { ...d, opensAt: null, closesAt: null } : d));
    save.mutate(
      { days },
      {
        onSuccess: (saved) => {
          reset(saved.days);
          setTried(false);
          toasts.saved('crm.publicAdmin.hours.saved');
        },
        onError: toasts.failed,
      },
    );
  };

  return (
    <Section
      title={t('crm.publicAdmin.hours.title')}
      subtitle={<T id="crm.publicAdmin.hours.zone" values={{ zone: hours.timezone.replaceAll('_', ' ') }} />}
      action={
        hours.configured ? (
          <Chip
            size="small"
            color={hours.openNow ? 'success' : 'default'}
            label={<T id={hours.openNow ? 'crm.publicAdmin.hours.openNow' : 'crm.publicAdmin.hours.closedNow'} />}
          />
        ) : null
      }
      dirty={dirty}
      saving={save.isPending}
      onSave={onSave}
    >
      {!hours.configured ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <T id="crm.publicAdmin.hours.notSet" />
        </Alert>
      ) : null}
      <Box role="list" aria-label={t('crm.publicAdmin.hours.title')}>
        {draft.map((day, i) => (
          <DayHoursRow
            key={day.dayOfWeek}
            day={day}
            last={i === draft.length - 1}
            problem={tried ? (problems[i] ?? null) : null}
            onChange={(patch) => change(day.dayOfWeek, patch)}
          />
        ))}
      </Box>
    </Section>
  );
}
