import { FORCED_RELOAD_COUNTDOWN_S } from '@granary/domain';
import { useEffect, useState } from 'react';
import { useBrowserOnline } from '../../../lib/browser/connectivity';
import { pageLocation } from '../../../lib/browser/page-location';
import { fetchWebVersion, useVersionPollingWith } from '../../../lib/version/version-poll';
import { formatInstant, t, type PublicLocale } from '../public-messages';
import type { RefreshState } from './market-view';

type StaleProps = {
  refresh: RefreshState;
  /** The latest bid change (ISO) and when the page's data was made (ISO). */
  updatedAt: string | null;
  generatedAt: string;
  locale: PublicLocale;
  timeZone: string;
};

/**
 * 'You are offline — prices may be out of date' while the browser is offline, or 'could not be updated' after a
 * refresh failed, with when the bids last changed and when the page last heard from the server (issue 13).
 */
export function StaleNotice({ refresh, updatedAt, generatedAt, locale, timeZone }: StaleProps) {
  const online = useBrowserOnline();
  if (online && refresh !== 'failed') return null;
  return (
    <div className="pm-alert pm-offline" role="status">
      <svg className="pm-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M20.06 10.14c.56.46 1.38.42 1.89-.09.59-.59.55-1.57-.1-2.1-3.59-2.94-8.2-4.03-12.55-3.26l2.59 2.59c2.89-.03 5.8.92 8.17 2.86m-2.27 1.83c-.78-.57-1.63-1-2.52-1.3l2.95 2.95c.24-.58.1-1.27-.43-1.65m-3.84 4.26c-1.22-.63-2.68-.63-3.91 0-.59.31-.7 1.12-.23 1.59l1.47 1.47c.39.39 1.02.39 1.41 0l1.47-1.47c.49-.47.39-1.28-.21-1.59m5.73 1.67L4.12 2.34a.996.996 0 0 0-1.41 0c-.39.39-.39 1.02 0 1.41L5.05 6.1c-1.01.5-1.99 1.11-2.89 1.85-.65.53-.69 1.51-.1 2.1.51.51 1.32.56 1.87.1 1-.82 2.1-1.46 3.25-1.93l2.23 2.23c-1.13.3-2.21.8-3.19 1.51-.69.5-.73 1.51-.13 2.11l.01.01c.49.49 1.26.54 1.83.13 1.19-.84 2.58-1.26 3.97-1.29l6.37 6.37c.39.39 1.02.39 1.41 0 .39-.37.39-1 0-1.39" />
      </svg>
      <span>
        <strong>{online ? t('public.offline.failed') : t('public.offline.title')}</strong>{' '}
        {updatedAt ? t('public.offline.updated', { time: formatInstant(updatedAt, locale, timeZone) }) : null}{' '}
        {t('public.offline.checked', { time: formatInstant(generatedAt, locale, timeZone) })}
      </span>
    </div>
  );
}

/**
 * The light page's version poll (lib/version, as the app shell polls): when /version.json requires a newer build,
 * a notice counts down FORCED_RELOAD_COUNTDOWN_S seconds and the page reloads (its links are full page loads, so a
 * merely newer build is picked up by the next one).
 */
export function UpdateNotice() {
  const state = useVersionPollingWith(fetchWebVersion, { immediate: false });
  const [remaining, setRemaining] = useState(FORCED_RELOAD_COUNTDOWN_S);
  const forced = state === 'force-update';
  useEffect(() => {
    if (!forced) return undefined;
    const timer = window.setInterval(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [forced]);
  useEffect(() => {
    if (forced && remaining === 0) pageLocation.reload();
  }, [forced, remaining]);
  if (!forced) return null;
  return (
    <div className="pm-update" role="alert">
      <strong>{t('public.update.title')}</strong> {t('public.update.reloading', { seconds: remaining })}
    </div>
  );
}
