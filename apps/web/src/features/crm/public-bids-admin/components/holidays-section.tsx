import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import { dayHoursProblem, isCalendarDate, type MarketClosure, type MarketClosuresResponse } from '@granary/domain';
import { Box, Button, Chip, FormControlLabel, IconButton, Switch, TextField, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import type { MessageId } from '../../../../lib/i18n/messages';
import { T, useT } from '../../../../lib/i18n/t';
import { useDates } from '../../../../lib/i18n/use-dates';
import { useSaveMarketClosures } from '../api/market-closures';
import { Section, useDraft, useSaveToasts } from './section';

type Entry = MarketClosure & { key: number };
type Problem = { field: 'date' | 'label' | 'times'; id: MessageId };

let nextKey = 1;
const withKeys = (closures: MarketClosure[]): Entry[] => closures.map((c) => ({ ...c, key: nextKey++ }));

/** What is wrong with an entry, in the order a merchandiser fixes it: the date, the label, the special hours. */
function problemOf(entry: Entry, all: Entry[]): Problem | null {
  if (!isCalendarDate(entry.date)) return { field: 'date', id: 'crm.publicAdmin.holidays.dateRequired' };
  if (all.some((other) => other.key !== entry.key && other.date === entry.date && other.key < entry.key))
    return { field: 'date', id: 'crm.publicAdmin.holidays.dateTaken' };
  if (!entry.label.trim()) return { field: 'label', id: 'crm.publicAdmin.holidays.labelRequired' };
  const hours = dayHoursProblem({ dayOfWeek: 0, ...entry });
  if (hours === 'times_required') return { field: 'times', id: 'crm.publicAdmin.hours.timesRequired' };
  if (hours === 'closes_before_opens') return { field: 'times', id: 'crm.publicAdmin.hours.closesBeforeOpens' };
  return null;
}

function EntryRow({
  entry,
  today,
  problem,
  onChange,
  onRemove,
}: {
  entry: Entry;
  today: string;
  problem: Problem | null;
  onChange: (patch: Partial<MarketClosure>) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const dates = useDates();
  const when = entry.date ? dates.day(entry.date) : t('crm.publicAdmin.holidays.date');
  const time = (field: 'opensAt' | 'closesAt', label: MessageId, aria: MessageId) => (
    <TextField
      type="time"
      size="small"
      label={t(label)}
      value={entry[field] ?? ''}
      onChange={(event) => onChange({ [field]: event.target.value || null })}
      error={problem?.field === 'times'}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 300, 'aria-label': t(aria, { date: when }) } }}
    />
  );
  return (
    <Box
      role="listitem"
      sx={{
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        display: 'grid',
        gap: 1.25,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: '11rem minmax(0, 1fr) auto' },
          gap: 1.25,
        }}
      >
        <TextField
          type="date"
          size="small"
          label={t('crm.publicAdmin.holidays.date')}
          value={entry.date}
          onChange={(event) => onChange({ date: event.target.value })}
          error={problem?.field === 'date'}
          sx={{ gridColumn: 1, gridRow: 1 }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          label={t('crm.publicAdmin.holidays.label')}
          placeholder={t('crm.publicAdmin.holidays.labelPlaceholder')}
          value={entry.label}
          onChange={(event) => onChange({ label: event.target.value })}
          error={problem?.field === 'label'}
          sx={{ gridColumn: { xs: '1 / -1', sm: 2 }, gridRow: { xs: 2, sm: 1 } }}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <IconButton
          onClick={onRemove}
          aria-label={t('crm.publicAdmin.holidays.remove', { label: entry.label || when })}
          sx={{ alignSelf: 'center', justifySelf: 'end', gridColumn: { xs: 2, sm: 3 }, gridRow: 1 }}
        >
          <DeleteOutlineRoundedIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.25 }}>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              size="small"
              checked={entry.closed}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? { closed: true, opensAt: null, closesAt: null }
                    : { closed: false, opensAt: '07:00', closesAt: '12:00' },
                )
              }
              slotProps={{ input: { 'aria-label': t('crm.publicAdmin.holidays.closedOn', { date: when }) } }}
            />
          }
          label={<T id="crm.publicAdmin.holidays.closedAllDay" />}
        />
        {entry.closed ? null : (
          <>
            {time('opensAt', 'crm.publicAdmin.hours.opens', 'crm.publicAdmin.holidays.opensOn')}
            {time('closesAt', 'crm.publicAdmin.hours.closes', 'crm.publicAdmin.holidays.closesOn')}
          </>
        )}
        {entry.date === today ? (
          <Chip size="small" color="warning" label={<T id="crm.publicAdmin.holidays.today" />} />
        ) : entry.date && entry.date < today ? (
          <Chip size="small" variant="outlined" label={<T id="crm.publicAdmin.holidays.past" />} />
        ) : null}
      </Box>
      {problem ? (
        <Typography variant="caption" color="error" role="alert" sx={{ mt: -0.5 }}>
          {t(problem.id)}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Holiday hours and announced closures of the market (issue 13): dates it is closed all day or keeps special hours,
 * each with a label; the public page says 'Closed today' on such a day and lists the coming ones.
 */
export function HolidaysSection({ closures }: { closures: MarketClosuresResponse }) {
  const t = useT();
  const save = useSaveMarketClosures(closures.marketId);
  const toasts = useSaveToasts();
  const source = useMemo(() => withKeys(closures.closures), [closures.closures]);
  const { draft, dirty, update, reset } = useDraft(source);
  const [tried, setTried] = useState(false);
  const problems = draft.map((entry) => problemOf(entry, draft));

  const change = (key: number, patch: Partial<MarketClosure>) =>
    update((entries) => entries.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  const add = () =>
    update((entries) => [
      ...entries,
      { key: nextKey++, date: '', label: '', closed: true, opensAt: null, closesAt: null },
    ]);

  const onSave = () => {
    setTried(true);
    if (problems.some((p) => p !== null)) return toasts.invalid();
    const list = draft.map(({ key: _key, ...c }) => ({ ...c, label: c.label.trim() }));
    save.mutate(
      { closures: list },
      {
        onSuccess: (saved) => {
          reset(withKeys(saved.closures));
          setTried(false);
          toasts.saved('crm.publicAdmin.holidays.saved');
        },
        onError: toasts.failed,
      },
    );
  };

  return (
    <Section
      title={t('crm.publicAdmin.holidays.title')}
      subtitle={<T id="crm.publicAdmin.holidays.subtitle" />}
      dirty={dirty}
      saving={save.isPending}
      onSave={onSave}
    >
      {draft.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          <T id="crm.publicAdmin.holidays.empty" />
        </Typography>
      ) : (
        <Box role="list" aria-label={t('crm.publicAdmin.holidays.title')}>
          {draft.map((entry, i) => (
            <EntryRow
              key={entry.key}
              entry={entry}
              today={closures.today}
              problem={tried ? (problems[i] ?? null) : null}
              onChange={(patch) => change(entry.key, patch)}
              onRemove={() => update((entries) => entries.filter((e) => e.key !== entry.key))}
            />
          ))}
        </Box>
      )}
      <Button startIcon={<AddRoundedIcon />} onClick={add} sx={{ mt: 1 }}>
        <T id="crm.publicAdmin.holidays.add" />
      </Button>
    </Section>
  );
}
