import type { PublicMarketPage } from '@granary/domain';
import { formatTimeOfDay, formatWeekday, formatZone, t, type PublicLocale } from '../public-messages';

type Hours = NonNullable<PublicMarketPage['hours']>;
type Closure = Hours['closures'][number];

/** A market-local calendar date ('2026-11-26') as 'Thu, Nov 26' (no zone shift: it is that day). */
function formatCalendarDate(date: string, locale: PublicLocale): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** Today's weekday (0 Sunday … 6 Saturday) in the market's zone. */
function weekdayIn(timeZone: string): number {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(new Date());
    return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
  } catch {
    return new Date().getDay();
  }
}

function range(opensAt: string, closesAt: string, locale: PublicLocale): string {
  return t('public.hours.range', {
    opens: formatTimeOfDay(opensAt, locale),
    closes: formatTimeOfDay(closesAt, locale),
  });
}

/** The badge: Open now, Closed today (a holiday, an announced closure, a day without hours) or Closed now. */
function stateLabel(hours: Hours): string {
  if (hours.state === 'open') return t('public.hours.openNow');
  if (hours.state === 'closed-today') return t('public.hours.closedToday');
  return t('public.hours.closedNow');
}

/** What follows the badge: today's holiday or special hours, when it closes, or when it opens next. */
function detailOf(hours: Hours, locale: PublicLocale): string[] {
  const parts: string[] = [];
  if (hours.todayLabel)
    parts.push(
      hours.state === 'closed-today' ? hours.todayLabel : t('public.hours.specialToday', { label: hours.todayLabel }),
    );
  const next = hours.nextOpen;
  if (hours.state === 'open' && hours.closesAt)
    parts.push(t('public.hours.closesAt', { time: formatTimeOfDay(hours.closesAt, locale) }));
  else if (next?.today) parts.push(t('public.hours.opensToday', { time: formatTimeOfDay(next.opensAt, locale) }));
  else if (next)
    parts.push(
      t('public.hours.opensOn', {
        day: formatWeekday(next.dayOfWeek, locale),
        time: formatTimeOfDay(next.opensAt, locale),
      }),
    );
  return parts;
}

function HolidayHours({ closures, locale }: { closures: Closure[]; locale: PublicLocale }) {
  return (
    <table className="pm-hours pm-holidays">
      <caption>{t('public.hours.holidays')}</caption>
      <tbody>
        {closures.map((c) => (
          <tr key={c.date}>
            <th scope="row">
              <span className="pm-holiday-date">{formatCalendarDate(c.date, locale)}</span>
              <span className="pm-muted pm-holiday-label">{c.label}</span>
            </th>
            <td>
              {c.closed || !c.opensAt || !c.closesAt ? t('public.hours.closed') : range(c.opensAt, c.closesAt, locale)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A market's office hours on its public page: open now / closed today / closed now with today's holiday and the next
 * opening (the server's rule in the market's zone, holidays and announced closures first), the week, and the coming
 * holiday hours.
 */
export function MarketHours({ hours, locale, timeZone }: { hours: Hours; locale: PublicLocale; timeZone: string }) {
  const detail = detailOf(hours, locale);
  const closures = hours.closures ?? [];
  // On a holiday today's weekday row is not what applies: the badge and the holiday list say so instead.
  const today = hours.todayLabel ? -1 : weekdayIn(timeZone);
  return (
    <section className="pm-card" aria-labelledby="pm-hours">
      <h2 id="pm-hours">{t('public.hours.title')}</h2>
      <p className="pm-open-line">
        <span className={`pm-open ${hours.openNow ? 'is-open' : 'is-closed'}`}>{stateLabel(hours)}</span>
        {detail.length > 0 ? <span className="pm-muted"> {detail.join(' · ')}</span> : null}
      </p>
      <table className="pm-hours">
        <tbody>
          {hours.days.map((day) => (
            <tr key={day.dayOfWeek} className={day.dayOfWeek === today ? 'is-today' : undefined}>
              <th scope="row">{formatWeekday(day.dayOfWeek, locale)}</th>
              <td>
                {day.closed || !day.opensAt || !day.closesAt
                  ? t('public.hours.closed')
                  : range(day.opensAt, day.closesAt, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {closures.length > 0 ? <HolidayHours closures={closures} locale={locale} /> : null}
      <p className="pm-note">{t('public.hours.timeZone', { zone: formatZone(timeZone, locale) })}</p>
    </section>
  );
}
