import type { PublicMarketPage as PublicMarketPageData } from '@granary/domain';
import { useEffect, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { usePartner } from '../../lib/brand/partner-context';
import { PageSpinner } from '../../lib/ui/page-spinner';
import { MarketView } from './components/market-view';
import { PublicNotFound } from './components/public-page-frame';
import { ScoreView } from './components/score-view';
import { localeFromPath, localePrefix, t } from './public-messages';
import { fetchPublicMarket, useMarketRefresh } from './use-market-refresh';
import './public-market.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; page: PublicMarketPageData }
  | { status: 'not-found' }
  | { status: 'failed' };

function LiveMarket({ page, prefix }: { page: PublicMarketPageData; prefix: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const live = useMarketRefresh(page);
  return (
    <MarketView
      page={live.page}
      locale={localeFromPath(location.pathname) ?? live.page.locale}
      prefix={prefix}
      refresh={live.state}
      onPickMarket={(slug) => navigate(`${prefix}/market/${encodeURIComponent(slug)}`)}
    />
  );
}

/**
 * /market/:marketName? and /score reached inside the app (a link followed without a page load): the light public
 * page's own views in the app's frame, the market's data asked for from the public API. A full page load of these
 * paths gets the light entry instead (market.html, with the data inlined by the server).
 */
export function PublicMarketPage() {
  const { marketName } = useParams();
  const location = useLocation();
  const partner = usePartner();
  const prefix = localePrefix(location.pathname);
  const isScore = location.pathname.replace(/\/+$/, '').endsWith('/score');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (isScore) return undefined;
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    fetchPublicMarket(marketName ?? null, controller.signal)
      .then((page) => setLoaded({ status: 'ready', page }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded(isApiError(error) && error.status === 404 ? { status: 'not-found' } : { status: 'failed' });
      });
    return () => controller.abort();
  }, [marketName, isScore, attempt]);

  const style = { '--pm-primary': partner.theme.primary, '--pm-secondary': partner.theme.secondary } as CSSProperties;
  return (
    <div className="pm-page pm-embedded" style={style}>
      <div className="pm-main">
        {isScore ? (
          <ScoreView locale={localeFromPath(location.pathname) ?? 'en-US'} />
        ) : loaded.status === 'loading' ? (
          <PageSpinner />
        ) : loaded.status === 'not-found' ? (
          <PublicNotFound prefix={prefix} />
        ) : loaded.status === 'failed' ? (
          <section className="pm-card">
            <p role="alert">{t('public.dataError')}</p>
            <button className="pm-button" type="button" onClick={() => setAttempt((n) => n + 1)}>
              {t('public.retry')}
            </button>
          </section>
        ) : (
          <LiveMarket key={loaded.page.market?.slug ?? ''} page={loaded.page} prefix={prefix} />
        )}
      </div>
    </div>
  );
}
