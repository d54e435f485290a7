import type { PublicPageData } from '@granary/domain';
import { MarketView } from './components/market-view';
import { UpdateNotice } from './components/market-notices';
import { PublicNotFound, PublicPageFrame } from './components/public-page-frame';
import { ScoreView } from './components/score-view';
import { localeFromPath, localePrefix, type PublicLocale } from './public-messages';
import { useMarketRefresh } from './use-market-refresh';
import './public-market.css';

function LiveMarket({
  data,
  locale,
  prefix,
}: {
  data: Extract<PublicPageData, { view: 'market' }>;
  locale: PublicLocale | null;
  prefix: string;
}) {
  const { page, state } = useMarketRefresh(data.page);
  return <MarketView page={page} locale={locale ?? page.locale} prefix={prefix} refresh={state} />;
}

/** The light public page (market.html): the partner's frame around the market, score or not-found view. */
export function PublicPageApp({ data, pathname }: { data: PublicPageData; pathname: string }) {
  const prefix = localePrefix(pathname);
  const locale = localeFromPath(pathname);
  const partner = data.view === 'market' ? data.page.partner : data.partner;
  return (
    <PublicPageFrame partner={partner} prefix={prefix} notices={<UpdateNotice />}>
      {data.view === 'market' ? (
        <LiveMarket data={data} locale={locale} prefix={prefix} />
      ) : data.view === 'score' ? (
        <ScoreView locale={locale ?? 'en-US'} />
      ) : (
        <PublicNotFound prefix={prefix} />
      )}
    </PublicPageFrame>
  );
}
