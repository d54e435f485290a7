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
        {draft.map((day, i) => {
          const name = t(weekdayId(day.dayOfWeek));
          const problem = tried ? problems[i] : null;
          return (
            <Box
              role="listitem"
              key={day.dayOfWeek}
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
                borderBottom: i < draft.length - 1 ? 1 : 0,
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
                      change(
                        day.dayOfWeek,
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
                <Typography
                  color="text.secondary"
                  sx={{ gridColumn: { xs: '1 / -1', sm: '2 / -1', md: '1 / -1', lg: '2 / -1' } }}
                >
                  <T id="crm.publicAdmin.hours.closed" />
                </Typography>
              ) : (
                <>
                  <TextField
                    sx={{ gridArea: 'from' }}
                    type="time"
                    size="small"
                    label={t('crm.publicAdmin.hours.opens')}
                    value={day.opensAt ?? ''}
                    onChange={(event) => change(day.dayOfWeek, { opensAt: event.target.value || null })}
                    error={problem === 'times_required' && !day.opensAt}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { step: 300, 'aria-label': t('crm.publicAdmin.hours.opensAt', { day: name }) },
                    }}
                  />
                  <TextField
                    sx={{ gridArea: 'to' }}
                    type="time"
                    size="small"
                    label={t('crm.publicAdmin.hours.closes')}
                    value={day.closesAt ?? ''}
                    onChange={(event) => change(day.dayOfWeek, { closesAt: event.target.value || null })}
                    error={problem !== null}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { step: 300, 'aria-label': t('crm.publicAdmin.hours.closesAt', { day: name }) },
                    }}
                  />
                  {problem ? (
                    <Typography
                      variant="caption"
                      color="error"
                      role="alert"
                      sx={{ gridColumn: { xs: '1 / -1', sm: '2 / -1', md: '1 / -1', lg: '2 / -1' }, mt: -0.5 }}
                    >
                      {t(PROBLEM[problem])}
                    </Typography>
                  ) : null}
                </>
              )}
            </Box>
          );
        })}
      </Box>
    </Section>
  );
}
